import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubmissionMethod, SubmissionStatus } from '@earmark/common';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { cara, historyPage, makeSubmission } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = makeUser();
const entity = { id: 'a1', name: 'Mira Vale' };
const change = (id: string, note: string, method: SubmissionMethod = SubmissionMethod.UPDATE) =>
  makeSubmission({
    id,
    kind: 'artist',
    method,
    note,
    entityId: 'a1',
    entityName: 'Mira Vale',
    submissionStatus: SubmissionStatus.APPROVED,
    appliedAt: '2026-03-02T10:00:00.000Z',
  });

describe('an entity history', () => {
  it('asks signed-out visitors to log in', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/history/artist/a1');
    expect(await screen.findByText('Please login or sign up to access this page.')).toBeTruthy();
  });

  it('names the entity and lists its changes newest first, page by page', async () => {
    const cursors: (string | null)[] = [];
    mockApi({
      'GET /api/users/me': json(200, me),
      'GET /api/history/artist/a1': (url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor
          ? json(
              200,
              historyPage(
                [change('s1', 'Added the artist.', SubmissionMethod.CREATE)],
                null,
                entity,
              ),
            )
          : json(
              200,
              historyPage(
                [{ ...change('s3', 'Fixed the bio.'), user: cara }, change('s2', 'Latin name.')],
                'next-1',
                entity,
              ),
            );
      },
    });
    renderApp('/history/artist/a1');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('History of Mira Vale');
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/artist/a1');
    expect(
      screen.getByRole('link', { name: 'Every contribution to Mira Vale' }).getAttribute('href'),
    ).toBe('/contributions/artists/open?status=any&artistId=a1');
    const list = screen.getByRole('list', { name: 'Changes to Mira Vale' });
    const items = within(list).getAllByRole('listitem', { name: undefined });
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('Fixed the bio.')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Cara Lind' })).toBeTruthy();
    expect(within(first).getByText('Approved')).toBeTruthy();
    expect(within(first).getByText('Unknown Hour')).toBeTruthy();
    expect(
      within(first).getByRole('link', { name: 'View the contribution' }).getAttribute('href'),
    ).toBe('/contributions/artist/s3');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Added the artist.')).toBeTruthy();
    expect(cursors).toEqual([null, 'next-1']);
  });

  it('says when nothing has changed yet', async () => {
    mockApi({
      'GET /api/users/me': json(200, me),
      'GET /api/history/label/l1': json(200, historyPage([], null, { id: 'l1', name: 'North' })),
    });
    renderApp('/history/label/l1');
    expect(await screen.findByText('No changes yet')).toBeTruthy();
  });

  it('shows the 404 page for an unknown kind', async () => {
    mockApi({ 'GET /api/users/me': json(200, me) });
    renderApp('/history/planet/p1');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });
});
