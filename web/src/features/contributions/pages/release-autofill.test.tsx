import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReleaseType } from '@earmark/common';
import type { AutofillRelease } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeRelease } from '../../releases/test-support';
import { callsTo, signedInApi, stubObjectUrls } from '../../settings/test-support';
import { errorUnder, languagesReply, makeSubmissionCreated } from '../test-support';
import { UNRECOGNISED_AUTOFILL } from '../components/autofill-panel';

beforeEach(stubObjectUrls);

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const MBID = '2ab1d3b4-5b1c-4d2a-9d27-0c1f6f3e6b11';
const FILL = `GET /api/autofill/musicbrainz/${MBID}`;
const CREATE = 'POST /api/submissions/releases';

const found: AutofillRelease = {
  source: 'musicbrainz',
  sourceId: MBID,
  title: '無罪モラトリアム',
  titleLatin: 'Muzai Moratorium',
  type: ReleaseType.LP,
  date: '1999-02-24',
  datePrecision: 'day',
  artists: [{ name: '椎名林檎', artistId: 'a1' }],
  labels: [{ name: '東芝EMI' }],
  tracks: [
    { track: '1-01', title: '正しい街', durationMs: 262_000 },
    { track: '2-01', title: '歌舞伎町の女王', durationMs: null },
  ],
  coverUrl: `https://coverartarchive.org/release/${MBID}/front`,
};

function api(routes: Parameters<typeof signedInApi>[1] = {}) {
  return signedInApi(undefined, {
    'GET /api/languages': languagesReply(),
    [FILL]: json(200, found),
    [CREATE]: json(201, makeSubmissionCreated('release', { releaseId: 'r9', entityId: 'r9' })),
    ...routes,
  });
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const within_ = (list: string) => within(screen.getByRole('list', { name: list }));

async function autofill(user: ReturnType<typeof userEvent.setup>, input: string) {
  renderApp('/contributions/releases/new');
  await screen.findByRole('heading', { level: 1, name: 'Add Release' });
  await user.type(field('Autofill'), input);
  await user.click(screen.getByRole('button', { name: 'Fill in' }));
}

describe('Add Release autofill', { timeout: 20_000 }, () => {
  it('fills the form from a MusicBrainz address and sends it only on Submit', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    await autofill(user, `https://musicbrainz.org/release/${MBID}`);

    await waitFor(() => expect(field('Title').value).toBe('無罪モラトリアム'));
    expect(field('Latin title').value).toBe('Muzai Moratorium');
    expect((screen.getByRole('combobox', { name: 'Known to' }) as HTMLSelectElement).value).toBe(
      'day',
    );
    expect(field('Year').value).toBe('1999');
    expect((screen.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement).value).toBe('2');
    expect(field('Day').value).toBe('24');
    expect(field('Or an image address').value).toBe(found.coverUrl);
    const tracks = within_('Tracks, in order');
    expect(
      tracks.getAllByRole('textbox', { name: /number$/ }).map((i) => (i as HTMLInputElement).value),
    ).toEqual(['1-01', '2-01']);
    expect(
      tracks.getAllByRole('textbox', { name: /title$/ }).map((i) => (i as HTMLInputElement).value),
    ).toEqual(['正しい街', '歌舞伎町の女王']);
    expect(within_('Chosen artists').getByText('椎名林檎')).toBeTruthy();
    expect(screen.getByText(/^Filled from MusicBrainz/).textContent).toBe(
      'Filled from MusicBrainz: 2 tracks. Already in Earmark and chosen: 椎名林檎.',
    );
    expect(within_('Not in Earmark yet').getByRole('button', { name: 'Create label 東芝EMI' }));
    expect(callsTo(fetchMock, CREATE)).toEqual([]);

    await user.type(field('Note'), 'From MusicBrainz');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(fetchMock, CREATE)).toHaveLength(1));
    expect(callsTo(fetchMock, CREATE)[0]?.body).toMatchObject({
      title: '無罪モラトリアム',
      titleLatin: 'Muzai Moratorium',
      artistsIds: ['a1'],
      labelsIds: [],
      type: ReleaseType.LP,
      date: '1999-02-24',
      datePrecision: 'day',
      imageUrl: found.coverUrl,
      tracks: [
        { track: '1-01', title: '正しい街', durationMs: 262_000 },
        { track: '2-01', title: '歌舞伎町の女王', durationMs: null },
      ],
    });
  });

  it('creates a label it did not find through the new label dialog, named already', async () => {
    const user = userEvent.setup();
    api({
      'POST /api/submissions/labels': json(
        201,
        makeSubmissionCreated('label', { id: 's8', labelId: 'l8', entityId: 'l8' }),
      ),
    });
    await autofill(user, MBID);
    await user.click(await screen.findByRole('button', { name: 'Create label 東芝EMI' }));
    const dialog = await screen.findByRole('dialog', { name: 'New label' });
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      '東芝EMI',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'On the sleeve');
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within_('Chosen labels').getByText('東芝EMI')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create label 東芝EMI' })).toBeNull();
  });

  it('recognises a Spotify album and shows refusals under the field', async () => {
    const user = userEvent.setup();
    const fetchMock = api({
      'GET /api/autofill/spotify/4UjcMSiyv8QCiZ4O8gpzXS': json(502, {
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'Spotify did not answer in time; please try again later',
      }),
    });
    await autofill(user, 'https://example.com/album/1');
    expect(errorUnder(field('Autofill'))).toBe(UNRECOGNISED_AUTOFILL);
    expect(callsTo(fetchMock, FILL)).toEqual([]);

    await user.clear(field('Autofill'));
    await user.type(field('Autofill'), 'spotify:album:4UjcMSiyv8QCiZ4O8gpzXS');
    await user.click(screen.getByRole('button', { name: 'Fill in' }));
    await waitFor(() =>
      expect(errorUnder(field('Autofill'))).toBe(
        'Spotify did not answer in time; please try again later',
      ),
    );
    expect(field('Title').value).toBe('');
  });

  it('is not offered on the edit page', async () => {
    api({ 'GET /api/releases/r1': json(200, makeRelease({ id: 'r1' })) });
    renderApp('/contributions/releases/r1');
    await screen.findByRole('form', { name: 'Edit release' });
    expect(screen.queryByRole('textbox', { name: 'Autofill' })).toBeNull();
  });
});
