import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubmissionMethod, SubmissionStatus } from '@earmark/common';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { ben, downVote, makeSubmission, submissionsPage, upVote, cara } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = makeUser({ contributorStatus: 40 });

/** The status text's classes: one named after the status colour, or neither. */
function statusColour(card: HTMLElement, label: string): string {
  const text = within(card).getByText(label);
  if (/(^|\s)_?disapproved/.test(text.className)) return 'error';
  if (/(^|\s)_?approved/.test(text.className)) return 'highlight';
  return 'normal';
}

describe('the contributions lists', () => {
  it('asks signed-out visitors to log in', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    const { router } = renderApp('/contributions');
    expect(await screen.findByText('Please login or sign up to access this page.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contributions/releases/open');
  });

  it('opens a kind on its open submissions and shows them as cards', async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': json(200, me),
      'GET /api/submissions/artists': (url) => {
        asked.push(url.searchParams);
        return json(
          200,
          submissionsPage('artist', [
            makeSubmission({
              id: 's7',
              kind: 'artist',
              method: SubmissionMethod.CREATE,
              entityName: 'Mira Vale',
              note: 'A new artist from Oslo.',
              votes: [upVote(cara), upVote(me), downVote(ben)],
              commentsCount: 1,
            }),
          ]),
        );
      },
    });
    const { router } = renderApp('/contributions/artists');

    const cards = await screen.findByRole('list', { name: 'Open artist contributions' });
    expect(router.state.location.pathname).toBe('/contributions/artists/open');
    expect(asked[0]?.get('status')).toBe(String(SubmissionStatus.OPEN));
    expect(asked[0]?.get('sortBy')).toBe('newest');
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Mira Vale' }).getAttribute('href')).toBe(
      '/contributions/artist/s7',
    );
    expect(within(card).getByRole('link', { name: 'Ben Carter' }).getAttribute('href')).toBe(
      '/ben',
    );
    expect(within(card).getByText('New')).toBeTruthy();
    expect(within(card).getByText('Artist')).toBeTruthy();
    expect(within(card).getByText('A new artist from Oslo.')).toBeTruthy();
    expect(within(card).getByText('2 up, 1 down · 1 comment')).toBeTruthy();
    expect(within(card).getByText('Open')).toBeTruthy();
    expect(
      screen.getByRole('navigation', { name: 'Contribution kinds' }).querySelector('[aria-current]')
        ?.textContent,
    ).toBe('Artists');
  });

  it('colours the status red when disapproved and with the highlight when approved', async () => {
    mockApi({
      'GET /api/users/me': json(200, me),
      'GET /api/submissions/releases': json(
        200,
        submissionsPage('release', [
          makeSubmission({ id: 'a', submissionStatus: SubmissionStatus.APPROVED }),
          makeSubmission({ id: 'b', submissionStatus: SubmissionStatus.DISAPPROVED }),
          makeSubmission({ id: 'c', submissionStatus: SubmissionStatus.AUTO_APPROVED }),
        ]),
      ),
    });
    renderApp('/contributions/releases/open?status=any');

    const cards = within(
      await screen.findByRole('list', { name: 'Open release contributions' }),
    ).getAllByRole('listitem');
    expect(
      cards.map((card, i) =>
        statusColour(card, ['Approved', 'Disapproved', 'Auto-approved'][i] ?? ''),
      ),
    ).toEqual(['highlight', 'error', 'normal']);
  });

  it('filters by status and order through the address and pages by cursor', async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': json(200, me),
      'GET /api/submissions/labels': (url) => {
        asked.push(url.searchParams);
        return url.searchParams.get('cursor')
          ? json(
              200,
              submissionsPage('label', [
                makeSubmission({ id: 'l2', kind: 'label', entityName: 'Second Label' }),
              ]),
            )
          : json(
              200,
              submissionsPage(
                'label',
                [makeSubmission({ id: 'l1', kind: 'label', entityName: 'First Label' })],
                'next-1',
              ),
            );
      },
    });
    const { router } = renderApp('/contributions/labels/auto-approved');

    expect(await screen.findByRole('link', { name: 'First Label' })).toBeTruthy();
    expect(asked[0]?.get('status')).toBe(String(SubmissionStatus.AUTO_APPROVED));

    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'oldest');
    await waitFor(() => expect(router.state.location.search).toContain('sortBy=oldest'));
    await waitFor(() => expect(asked.at(-1)?.get('sortBy')).toBe('oldest'));

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Disapproved');
    await waitFor(() =>
      expect(asked.at(-1)?.get('status')).toBe(String(SubmissionStatus.DISAPPROVED)),
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Any status');
    await waitFor(() => expect(asked.at(-1)?.has('status')).toBe(false));

    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Second Label' })).toBeTruthy();
    expect(asked.at(-1)?.get('cursor')).toBe('next-1');
  });

  it("lists one entity's submissions when the address names it", async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': json(200, me),
      'GET /api/submissions/artists': (url) => {
        asked.push(url.searchParams);
        return json(200, submissionsPage('artist', []));
      },
    });
    renderApp('/contributions/artists/open?status=any&artistId=a1');
    expect(await screen.findByText('There are no contributions')).toBeTruthy();
    expect(asked[0]?.get('artistId')).toBe('a1');
    expect(asked[0]?.has('status')).toBe(false);
  });

  it('says when there is nothing to show', async () => {
    mockApi({
      'GET /api/users/me': json(200, me),
      'GET /api/submissions/genres': json(200, submissionsPage('genre', [])),
    });
    renderApp('/contributions/genres/open');
    expect(await screen.findByText('There are no contributions')).toBeTruthy();
  });
});
