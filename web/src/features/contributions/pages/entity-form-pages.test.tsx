import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubmissionMethod, SubmissionStatus, msg } from '@earmark/common';
import type { Artist, Genre, Label } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeSearchReply } from '../../search/test-support';
import { callsTo, signedInApi } from '../../settings/test-support';
import { errorUnder, makeSubmissionCreated } from '../test-support';

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByRole('textbox', { name });
const openReply = (kind: 'artist' | 'label' | 'genre', entityId: string) =>
  makeSubmissionCreated(kind, {
    id: 's3',
    method: SubmissionMethod.UPDATE,
    submissionStatus: SubmissionStatus.OPEN,
    appliedAt: null,
    entityId,
  });

const artist: Artist = {
  id: 'a1',
  name: '宇多田ヒカル',
  nameLatin: null,
  bio: 'Singer.',
  releases: [],
};
const label: Label = { id: 'l1', name: 'Quiet Tide', nameLatin: null, releasesCount: 3 };
const genre: Genre = {
  id: 'g1',
  name: 'Dream Pop',
  bio: 'Hazy.',
  parents: [{ id: 'g0', name: 'Pop' }],
  children: [],
};

describe('the artist edit page', { timeout: 20_000 }, () => {
  it('starts from the artist, checks the Latin name and sends the correction', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInApi(undefined, {
      'GET /api/artists/a1': json(200, artist),
      'POST /api/submissions/artists/a1': json(201, openReply('artist', 'a1')),
    });
    const { router } = renderApp('/contributions/artists/a1');
    await screen.findByRole('heading', { level: 1, name: 'Edit artist' });
    expect((field('Name') as HTMLInputElement).value).toBe('宇多田ヒカル');
    expect((field('Bio') as HTMLInputElement).value).toBe('Singer.');

    await user.type(field('Latin name'), 'Utada Hikaru!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(errorUnder(field('Latin name'))).toBe(
        'nameLatin may only contain the letters A-Z, digits, spaces, hyphens, apostrophes and periods',
      ),
    );
    expect(errorUnder(field('Note'))).toBe(msg.minLength('note', 1));

    await user.clear(field('Latin name'));
    await user.type(field('Latin name'), 'Utada Hikaru');
    await user.clear(field('Bio'));
    await user.type(field('Note'), 'Romanised');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contributions/artist/s3'));
    expect(callsTo(fetchMock, 'POST /api/submissions/artists/a1').map((c) => c.body)).toEqual([
      { name: '宇多田ヒカル', nameLatin: 'Utada Hikaru', bio: null, note: 'Romanised' },
    ]);
  });

  it('shows the 404 page for an artist that does not exist', async () => {
    signedInApi();
    renderApp('/contributions/artists/nope');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });
});

describe('the label edit page', { timeout: 20_000 }, () => {
  it('refuses a Latin name for a Latin name and sends an applied change to the label', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInApi(undefined, {
      'GET /api/labels/l1': json(200, label),
      'POST /api/submissions/labels/l1': json(
        201,
        makeSubmissionCreated('label', {
          method: SubmissionMethod.UPDATE,
          submissionStatus: SubmissionStatus.APPROVED,
          entityId: 'l1',
          labelId: 'l1',
        }),
      ),
    });
    const { router } = renderApp('/contributions/labels/l1');
    await screen.findByRole('heading', { level: 1, name: 'Edit label' });

    await user.type(field('Latin name'), 'Quiet Tide');
    await user.type(field('Note'), 'Typo');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(errorUnder(field('Latin name'))).toBe(msg.latinName));

    await user.clear(field('Latin name'));
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Quiet Tides');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/label/l1'));
    expect(await screen.findByText('Your changes were applied.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/submissions/labels/l1').map((c) => c.body)).toEqual([
      { name: 'Quiet Tides', nameLatin: null, note: 'Typo' },
    ]);
  });
});

describe('the genre forms', { timeout: 20_000 }, () => {
  it('adds a genre with a parent picked by search', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInApi(undefined, {
      'GET /api/search': json(200, makeSearchReply({ genres: [{ id: 'g0', name: 'Pop' }] })),
      'POST /api/submissions/genres': json(201, {
        ...openReply('genre', 'g5'),
        method: SubmissionMethod.CREATE,
        genreId: 'g5',
      }),
    });
    const { router } = renderApp('/contributions/genres/new');
    await screen.findByRole('heading', { level: 1, name: 'Add genre' });

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(errorUnder(field('Name'))).toBe(msg.minLength('title', 1)));

    await user.type(field('Name'), 'Shoegaze');
    await user.type(field('Description'), 'Loud and hazy.');
    await user.type(screen.getByRole('searchbox', { name: 'Find genres' }), 'Pop');
    await user.click(await screen.findByRole('button', { name: 'Add Pop' }));
    await user.type(field('Note'), 'Missing');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contributions/genre/s3'));
    expect(callsTo(fetchMock, 'POST /api/submissions/genres').map((c) => c.body)).toEqual([
      { title: 'Shoegaze', description: 'Loud and hazy.', parentIds: ['g0'], note: 'Missing' },
    ]);
  });

  it('edits a genre starting from its name, text and parents', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInApi(undefined, {
      'GET /api/genres/g1': json(200, genre),
      'POST /api/submissions/genres/g1': json(201, openReply('genre', 'g1')),
    });
    renderApp('/contributions/genres/g1');
    await screen.findByRole('heading', { level: 1, name: 'Edit genre' });
    expect((field('Name') as HTMLInputElement).value).toBe('Dream Pop');
    const chosen = screen.getByRole('list', { name: 'Chosen genres' });
    await user.click(within(chosen).getByRole('button', { name: 'Remove Pop' }));
    expect(screen.queryByRole('list', { name: 'Chosen genres' })).toBeNull();
    // The pressed button is gone: focus is back in the search box.
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Find genres' }));
    await user.type(field('Note'), 'Not a kind of pop');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/submissions/genres/g1').map((c) => c.body)).toEqual([
        { title: 'Dream Pop', description: 'Hazy.', parentIds: [], note: 'Not a kind of pop' },
      ]),
    );
  });

  it('shows the 404 page for a genre that does not exist', async () => {
    signedInApi();
    renderApp('/contributions/genres/nope');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });
});
