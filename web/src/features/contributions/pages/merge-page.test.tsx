import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContributorStatus } from '@earmark/common';
import type { MergeReply } from '@earmark/common';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeSearchReply } from '../../search/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = makeUser({ contributorStatus: ContributorStatus.ADMIN });
const artists = [
  { id: 'a1', name: 'Velvet Marsh', nameLatin: null },
  { id: 'a2', name: 'The Velvet Marsh', nameLatin: null },
];
const reply: MergeReply = {
  entityType: 'artist',
  source: { id: 'a1', name: 'Velvet Marsh' },
  target: { id: 'a2', name: 'The Velvet Marsh' },
  moves: [
    { key: 'releases', label: 'Releases credited', count: 2 },
    { key: 'sharedReleases', label: 'Releases crediting both', count: 1 },
  ],
};

describe('merge page', () => {
  it('is the 404 page for everyone but admins', async () => {
    mockApi({ 'GET /api/users/me': json(200, makeUser({ contributorStatus: 60 })) });
    renderApp('/contributions/merge');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });

  it('finds both sides, shows what moves, asks, merges and links to the target', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/search': (url) => {
        expect(url.searchParams.getAll('type')).toEqual(['artists']);
        return json(200, makeSearchReply({ artists }));
      },
      'GET /api/admin/merge/preview': (url) => {
        expect(url.searchParams.get('mergeFromId')).toBe('a1');
        expect(url.searchParams.get('mergeIntoId')).toBe('a2');
        return json(200, reply);
      },
      'POST /api/admin/merge': (_url, init) => {
        posted.push(JSON.parse(String(init.body)));
        return json(200, reply);
      },
    });
    const user = userEvent.setup();
    renderApp('/contributions/merge');

    const source = await screen.findByRole('group', { name: 'Merge this artist (source)' });
    await user.type(within(source).getByLabelText('Find artists'), 'velvet');
    await user.click(await within(source).findByRole('button', { name: 'Choose Velvet Marsh' }));
    const target = screen.getByRole('group', { name: 'Into this artist (target)' });
    await user.type(within(target).getByLabelText('Find artists'), 'velvet');
    // The source is not offered as its own target.
    await within(target).findByRole('button', { name: 'Choose The Velvet Marsh' });
    expect(within(target).queryByRole('button', { name: 'Choose Velvet Marsh' })).toBeNull();
    await user.click(within(target).getByRole('button', { name: 'Choose The Velvet Marsh' }));

    const moves = await screen.findByRole('region', { name: 'What moves' });
    await waitFor(() => expect(moves.textContent).toContain('Releases credited: 2'));
    await user.click(within(moves).getByRole('button', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Merge Velvet Marsh into The Velvet Marsh?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    await waitFor(() =>
      expect(posted).toEqual([{ entityType: 'artist', mergeFromId: 'a1', mergeIntoId: 'a2' }]),
    );
    const link = await screen.findByRole('link', { name: 'The Velvet Marsh' });
    expect(link.getAttribute('href')).toBe('/artist/a2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
