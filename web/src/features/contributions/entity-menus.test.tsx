import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Artist, Label } from '@earmark/common';
import { json, mockApi, signedOut } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { makeEntriesPage } from '../reviews/test-support';
import { makePage, makeRelease } from '../releases/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const artist: Artist = { id: 'a1', name: 'Mira Vale', nameLatin: null, bio: null, releases: [] };
const label: Label = { id: 'l1', name: 'Northern Lights', nameLatin: null, releasesCount: 0 };

/** Opens the page's options menu and reads where Edit and History lead. */
async function menuTargets(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `${name} options` }));
  const menu = screen.getByRole('menu');
  return [
    within(menu).getByRole('menuitem', { name: 'Edit' }).getAttribute('href'),
    within(menu).getByRole('menuitem', { name: 'History' }).getAttribute('href'),
  ];
}

describe('the Edit and History menu entries', () => {
  it('lead from a release to its edit page and its history', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases/r1': json(200, makeRelease()),
      'GET /api/entries': json(200, makeEntriesPage([])),
    });
    renderApp('/release/r1');
    expect(await menuTargets('Blue Hour')).toEqual([
      '/contributions/releases/r1',
      '/history/release/r1',
    ]);
  });

  it('lead from an artist to its edit page and its history', async () => {
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/artists/a1': json(200, artist) });
    renderApp('/artist/a1');
    expect(await menuTargets('Mira Vale')).toEqual([
      '/contributions/artists/a1',
      '/history/artist/a1',
    ]);
  });

  it('lead from a label to its edit page and its history', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/labels/l1': json(200, label),
      'GET /api/releases': json(200, makePage([])),
    });
    renderApp('/label/l1');
    expect(await menuTargets('Northern Lights')).toEqual([
      '/contributions/labels/l1',
      '/history/label/l1',
    ]);
  });
});
