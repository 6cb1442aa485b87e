import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReleaseType, SubmissionMethod, SubmissionStatus, msg } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeRelease, makeTrack } from '../../releases/test-support';
import { makeSearchReply } from '../../search/test-support';
import { callsTo, signedInApi, stubObjectUrls } from '../../settings/test-support';
import { errorUnder, languagesReply, makeSubmissionCreated } from '../test-support';

beforeEach(stubObjectUrls);

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const CREATE = 'POST /api/submissions/releases';
const mira = { id: 'a1', name: 'Mira Vale', nameLatin: null };

function api(routes: Parameters<typeof signedInApi>[1] = {}) {
  return signedInApi(undefined, {
    'GET /api/languages': languagesReply(),
    'GET /api/search': (url) =>
      json(
        200,
        url.searchParams.get('type') === 'labels'
          ? makeSearchReply({ labels: [{ id: 'l9', name: 'Quiet Tide', nameLatin: null }] })
          : makeSearchReply({ artists: [mira] }),
      ),
    [CREATE]: json(201, makeSubmissionCreated('release', { releaseId: 'r9', entityId: 'r9' })),
    ...routes,
  });
}

async function openAddRelease() {
  const app = renderApp('/contributions/releases/new');
  await screen.findByRole('heading', { level: 1, name: 'Add Release' });
  return app;
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function chooseArtist(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('searchbox', { name: 'Find artists' }), 'Mira');
  await user.click(await screen.findByRole('button', { name: 'Add Mira Vale' }));
}

async function addTracks(user: ReturnType<typeof userEvent.setup>, count: number) {
  await user.click(screen.getByRole('button', { name: 'Add tracks' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add tracks' });
  await user.type(
    within(dialog).getByRole('spinbutton', { name: 'Number of tracks' }),
    String(count),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
}

const trackNumbers = () =>
  within(screen.getByRole('list', { name: 'Tracks, in order' }))
    .getAllByRole('textbox', { name: /number$/ })
    .map((input) => (input as HTMLInputElement).value);
const trackTitles = () =>
  within(screen.getByRole('list', { name: 'Tracks, in order' }))
    .getAllByRole('textbox', { name: /title$/ })
    .map((input) => (input as HTMLInputElement).value);

describe('Add Release', { timeout: 20_000 }, () => {
  it('sends the release as JSON and opens the release page when applied', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    const { router } = await openAddRelease();

    await user.type(field('Title'), 'Blue Hour');
    await chooseArtist(user);
    expect(within(screen.getByRole('list', { name: 'Chosen artists' })).getByText('Mira Vale'));
    await user.type(screen.getByRole('searchbox', { name: 'Find labels' }), 'Quiet');
    await user.click(await screen.findByRole('button', { name: 'Add Quiet Tide' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'EP');
    await user.selectOptions(await screen.findByRole('listbox', { name: 'Languages' }), [
      'Japanese',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Known to' }), 'The month');
    await user.type(field('Year'), '2024');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'March');
    await user.type(field('Or an image address'), 'https://example.com/cover.jpg');
    await user.click(screen.getByRole('checkbox', { name: 'Nudity' }));
    await addTracks(user, 2);
    await user.type(field('Track 1 title'), 'Opening');
    await user.type(field('Track 1 duration'), '3:20');
    await user.type(field('Track 2 title'), 'Tide');
    await user.type(field('Track 2 duration'), '185');
    await user.type(field('Note'), 'From the sleeve');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/release/r9'));
    expect(await screen.findByText('Your changes were applied.')).toBeTruthy();
    expect(callsTo(fetchMock, CREATE).map((call) => call.body)).toEqual([
      {
        title: 'Blue Hour',
        titleLatin: null,
        artistsIds: ['a1'],
        labelsIds: ['l9'],
        languagesIds: ['ja'],
        type: ReleaseType.EP,
        date: '2024-03-01',
        datePrecision: 'month',
        imageUrl: 'https://example.com/cover.jpg',
        explicitCoverArt: ['NUDITY'],
        tracks: [
          { track: '1', title: 'Opening', durationMs: 200_000 },
          { track: '2', title: 'Tide', durationMs: 185_000 },
        ],
        note: 'From the sleeve',
      },
    ]);
  });

  it('sends a picked cover as multipart: the payload as `data` and the file as `image`', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    const { router } = await openAddRelease();

    await user.type(field('Title'), 'Blue Hour');
    await chooseArtist(user);
    const file = new File(['png-bytes'], 'cover.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Cover image file'), file);
    expect(screen.getByRole('img', { name: 'Chosen cover' }).getAttribute('src')).toBe(
      'blob:preview',
    );
    await user.type(field('Note'), 'Scanned');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/release/r9'));
    const [call] = callsTo(fetchMock, CREATE);
    const form = call?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('image')).toBe(file);
    expect(JSON.parse(String(form.get('data')))).toMatchObject({
      title: 'Blue Hour',
      artistsIds: ['a1'],
      type: ReleaseType.LP,
      date: null,
      tracks: [],
      note: 'Scanned',
    });
    expect(JSON.parse(String(form.get('data')))).not.toHaveProperty('imageUrl');
  });

  it('refuses a file that is not an image, under the file field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    api();
    await openAddRelease();
    const input = screen.getByLabelText('Cover image file');
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(errorUnder(input)).toContain('File must be a JPEG, PNG, WebP, GIF or AVIF image');
    expect(screen.queryByRole('img', { name: 'Chosen cover' })).toBeNull();
  });

  it('shows the shared messages under their fields and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    await openAddRelease();

    await user.type(field('Title'), 'Blue Hour');
    await user.type(field('Latin title'), 'Blue Hour');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Known to' }), 'The day');
    await user.type(field('Year'), '2023');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'February');
    await user.type(field('Day'), '30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(errorUnder(field('Latin title'))).toBe(msg.latinTitle));
    expect(errorUnder(screen.getByRole('searchbox', { name: 'Find artists' }))).toBe(
      msg.arrayMin('artistsIds', 1),
    );
    expect(errorUnder(field('Year'))).toBe(msg.dateString('date'));
    expect(errorUnder(field('Note'))).toBe(msg.minLength('note', 1));
    expect(errorUnder(field('Title'))).toBe('');
    expect(callsTo(fetchMock, CREATE)).toEqual([]);
  });

  it('puts a refusal naming a field under it and any other in the snackbar', async () => {
    const user = userEvent.setup();
    let reply = json(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: ['title must be shorter than or equal to 300 characters'],
    });
    api({ [CREATE]: () => reply });
    await openAddRelease();
    await user.type(field('Title'), 'Blue Hour');
    await chooseArtist(user);
    await user.type(field('Note'), 'n');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(errorUnder(field('Title'))).toBe(
        'title must be shorter than or equal to 300 characters',
      ),
    );

    reply = json(409, { statusCode: 409, error: 'Conflict', message: 'Try again later' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Try again later')).toBeTruthy();
  });

  it('numbers the tracks added, totals their durations and flags an unreadable one', async () => {
    const user = userEvent.setup();
    api();
    await openAddRelease();
    expect(screen.getByText('No tracks yet.')).toBeTruthy();

    await addTracks(user, 3);
    expect(trackNumbers()).toEqual(['1', '2', '3']);
    await waitFor(() => expect(document.activeElement).toBe(field('Track 1 title')));
    expect(trackTitles()).toEqual(['', '', '']);
    expect(screen.getByText('3 tracks')).toBeTruthy();

    await user.type(field('Track 1 duration'), '1:00:05');
    await user.type(field('Track 2 duration'), '245');
    await user.tab();
    // A readable duration is shown the usual way once left.
    expect((field('Track 2 duration') as HTMLInputElement).value).toBe('4:05');
    await user.type(field('Track 3 duration'), '3:7x');
    expect(screen.getByText('3 tracks')).toBeTruthy();
    await user.clear(field('Track 3 duration'));
    await user.type(field('Track 3 duration'), '0:55');
    expect(screen.getByText('3 tracks · total 1:05:05')).toBeTruthy();

    await user.clear(field('Track 3 duration'));
    await user.type(field('Track 3 duration'), '3:7x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(errorUnder(field('Track 3 duration'))).toBe(
        'Enter the duration as m:ss, h:mm:ss, d:hh:mm:ss or seconds',
      ),
    );
    expect(errorUnder(field('Track 1 title'))).toBe(msg.minLength('title', 1));

    await user.click(screen.getByRole('button', { name: 'Add a track' }));
    expect(trackNumbers()).toEqual(['1', '2', '3', '4']);
    await waitFor(() => expect(document.activeElement).toBe(field('Track 4 title')));
    await user.click(screen.getByRole('button', { name: 'Remove track 2' }));
    expect(trackNumbers()).toEqual(['1', '2', '3']);
    // The row that took its place is where typing goes on.
    await waitFor(() => expect(document.activeElement).toBe(field('Track 2 title')));
  });

  it('moves a track by keyboard, announces it and keeps the numbers in order', async () => {
    const user = userEvent.setup();
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    api();
    await openAddRelease();
    await addTracks(user, 3);
    await user.type(field('Track 1 title'), 'One');
    await user.type(field('Track 2 title'), 'Two');
    await user.type(field('Track 3 title'), 'Three');

    screen.getByRole('button', { name: 'Move track 1, One, position 1 of 3' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Picked up track 1, One, at position 1 of 3.')).toBeTruthy();
    expect(vibrate).toHaveBeenCalledWith(100);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.keyboard(' ');

    expect(await screen.findByText('Moved track 1, One to position 3 of 3.')).toBeTruthy();
    await waitFor(() => expect(trackTitles()).toEqual(['Two', 'Three', 'One']));
    expect(trackNumbers()).toEqual(['1', '2', '3']);
    Reflect.deleteProperty(navigator, 'vibrate');
  });

  it('creates a missing artist through its own submission and adds it', async () => {
    const user = userEvent.setup();
    const fetchMock = api({
      'POST /api/submissions/artists': json(
        201,
        makeSubmissionCreated('artist', { id: 's7', artistId: 'a7', entityId: 'a7' }),
      ),
    });
    await openAddRelease();
    await user.type(screen.getByRole('searchbox', { name: 'Find artists' }), 'Sora');
    await user.click(screen.getByRole('button', { name: 'Create a new artist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New artist' });
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      'Sora',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add artist' }));
    expect(errorUnder(within(dialog).getByRole('textbox', { name: 'Note' }))).toBe(
      msg.minLength('note', 1),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Their site');
    await user.click(within(dialog).getByRole('button', { name: 'Add artist' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Chosen artists' })).getByText('Sora'));
    expect(callsTo(fetchMock, 'POST /api/submissions/artists').map((c) => c.body)).toEqual([
      { name: 'Sora', nameLatin: null, note: 'Their site' },
    ]);
    // The release itself was not sent.
    expect(callsTo(fetchMock, CREATE)).toEqual([]);
  });
});

it('asks a signed-out visitor to log in', async () => {
  mockApi({ 'GET /api/users/me': signedOut() });
  renderApp('/contributions/releases/new');
  expect(await screen.findByText('Please login or sign up to access this page.')).toBeTruthy();
  expect(screen.queryByRole('form', { name: 'Add Release' })).toBeNull();
});

describe('the release edit page', { timeout: 20_000 }, () => {
  const release = makeRelease({
    id: 'r1',
    tracks: [
      makeTrack({ id: 't1', track: '1', title: 'Opening', durationMs: 200_000, order: 0 }),
      makeTrack({ id: 't2', track: '2', title: 'Tide', durationMs: 185_000, order: 1 }),
    ],
  });
  const EDIT = 'POST /api/submissions/releases/r1';

  it('starts from the release, keeps track ids and opens the open submission', async () => {
    const user = userEvent.setup();
    const fetchMock = api({
      'GET /api/releases/r1': json(200, release),
      [EDIT]: json(
        201,
        makeSubmissionCreated('release', {
          id: 's5',
          method: SubmissionMethod.UPDATE,
          submissionStatus: SubmissionStatus.OPEN,
          appliedAt: null,
          entityId: 'r1',
          releaseId: 'r1',
        }),
      ),
    });
    const { router } = renderApp('/contributions/releases/r1');
    await screen.findByRole('heading', { level: 1, name: 'Edit release' });

    expect((field('Title') as HTMLInputElement).value).toBe('Blue Hour');
    expect(within(screen.getByRole('list', { name: 'Chosen artists' })).getByText('Mira Vale'));
    expect(
      within(screen.getByRole('list', { name: 'Chosen labels' })).getByText('Northern Lights'),
    );
    expect((field('Year') as HTMLInputElement).value).toBe('2024');
    expect((field('Day') as HTMLInputElement).value).toBe('5');
    expect(trackTitles()).toEqual(['Opening', 'Tide']);
    expect((field('Track 1 duration') as HTMLInputElement).value).toBe('3:20');
    expect(screen.getByText('2 tracks · total 6:25')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Current cover' })).toBeTruthy();

    await user.clear(field('Track 2 title'));
    await user.type(field('Track 2 title'), 'Low Tide');
    await user.click(screen.getByRole('button', { name: 'Add a track' }));
    await user.type(field('Track 3 title'), 'Coda');
    await user.click(screen.getByRole('checkbox', { name: 'Remove the cover' }));
    await user.type(field('Note'), 'Fixed a title');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contributions/release/s5'));
    expect(
      await screen.findByText('Your changes were submitted and are open for votes.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, EDIT).map((call) => call.body)).toEqual([
      {
        title: 'Blue Hour',
        titleLatin: null,
        artistsIds: ['a1'],
        labelsIds: ['l1'],
        languagesIds: ['en'],
        type: ReleaseType.LP,
        date: '2024-03-05',
        datePrecision: 'day',
        imageUrl: null,
        removeCover: true,
        explicitCoverArt: [],
        tracks: [
          { id: 't1', track: '1', title: 'Opening', durationMs: 200_000 },
          { id: 't2', track: '2', title: 'Low Tide', durationMs: 185_000 },
          { track: '3', title: 'Coda', durationMs: null },
        ],
        note: 'Fixed a title',
      },
    ]);
  });

  it('shows the 404 page for a release that does not exist', async () => {
    api();
    renderApp('/contributions/releases/nope');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });
});
