import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeRelease } from '../../releases/test-support';
import { rated, releaseRoutes, writes } from '../test-support';

// The release page is lazy; loading it once up front keeps a cold first test within its time.
beforeAll(async () => {
  await import('../../releases/pages/release-page');
}, 30_000);

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

// The first render loads the lazy page, which can take a while on a cold start.
const ratingField = () =>
  screen.findByRole('textbox', { name: 'Rating from 0 to 10' }, { timeout: 5000 });
const slider = () => screen.getByRole('slider', { name: 'Rating slider' });

function signedIn(entry = rated(70)) {
  const saved: unknown[] = [];
  const reply = (body: { rating?: number | null }) =>
    json(200, {
      ...entry,
      rating:
        body.rating == null ? null : { rating: body.rating, updatedAt: '2026-02-01T00:00:00Z' },
    });
  const fetchMock = mockApi({
    'GET /api/users/me': json(200, makeUser()),
    ...releaseRoutes(makeRelease(), entry),
    'POST /api/entries': (_url, init) => {
      saved.push(JSON.parse(String(init.body)));
      return json(201, reply(JSON.parse(String(init.body))));
    },
    'PATCH /api/entries/e1': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { rating?: number | null };
      saved.push(body);
      return reply(body);
    },
  });
  return { fetchMock, saved };
}

describe('typed rating', () => {
  it('stores a typed 8.5 as 85, creating the entry on the first rating', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(makeRelease(), null),
      'POST /api/entries': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { rating: number };
        return json(201, rated(body.rating));
      },
    });
    renderApp('/release/r1');
    const field = await ratingField();
    expect((field as HTMLInputElement).value).toBe('');
    await userEvent.type(field, '8.5{Enter}');

    await waitFor(() => expect((field as HTMLInputElement).value).toBe('8.5'));
    const calls = writes(vi.mocked(fetch));
    expect(calls).toEqual([{ key: 'POST /api/entries', body: { releaseId: 'r1', rating: 85 } }]);
    expect(slider().getAttribute('aria-valuetext')).toBe('8.5');
  });

  it('ignores a rating above 10 and shows the saved one again when the field is left', async () => {
    const { saved } = signedIn(rated(70));
    renderApp('/release/r1');
    const field = (await ratingField()) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('7.0'));

    await userEvent.clear(field);
    await userEvent.type(field, '10.1');
    expect(field.value).toBe('10.1');
    await userEvent.tab();

    expect(field.value).toBe('7.0');
    // Nothing is sent, even after the typing pause.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(saved).toEqual([]);
  });

  it('clears the rating when the field is emptied', async () => {
    const { saved } = signedIn(rated(70));
    renderApp('/release/r1');
    const field = (await ratingField()) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('7.0'));

    await userEvent.clear(field);
    await userEvent.tab();

    await waitFor(() => expect(saved).toEqual([{ rating: null }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove rating' })).toBeNull());
    expect(field.value).toBe('');
  });

  it('removes the rating with its button', async () => {
    const { saved } = signedIn(rated(85));
    renderApp('/release/r1');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove rating' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(saved).toEqual([{ rating: null }]));
  });
});

describe('rating slider', () => {
  it('moves by 0.1 per arrow key and saves once the key is let go', async () => {
    const { saved } = signedIn(rated(70));
    renderApp('/release/r1');
    const field = (await ratingField()) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('7.0'));
    const range = slider();
    expect(range.getAttribute('aria-valuetext')).toBe('7.0');

    range.focus();
    fireEvent.keyDown(range, { key: 'ArrowRight' });
    expect(range.getAttribute('aria-valuetext')).toBe('7.1');
    expect(field.value).toBe('7.1');
    fireEvent.keyDown(range, { key: 'ArrowRight' });
    fireEvent.keyUp(range, { key: 'ArrowRight' });
    expect(range.getAttribute('aria-valuetext')).toBe('7.2');

    // One save for the whole key press, after the pause.
    await waitFor(() => expect(saved).toEqual([{ rating: 72 }]));
    fireEvent.keyDown(range, { key: 'ArrowLeft' });
    fireEvent.keyUp(range, { key: 'ArrowLeft' });
    await waitFor(() => expect(saved).toEqual([{ rating: 72 }, { rating: 71 }]));
    expect(range.getAttribute('aria-valuetext')).toBe('7.1');
  });

  /** The release page of a release the viewer has not rated; returns the ratings saved. */
  function unrated() {
    const saved: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(makeRelease(), null),
      'POST /api/entries': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { rating: number };
        saved.push(body);
        return json(201, rated(body.rating));
      },
    });
    renderApp('/release/r1');
    return saved;
  }

  it('shows no value before there is a rating and jumps with Home and End', async () => {
    unrated();
    const field = (await ratingField()) as HTMLInputElement;
    const range = slider();
    expect(field.value).toBe('');
    expect(range.getAttribute('aria-valuetext')).toBe('Not rated');
    // No thumb and no filled track until the first touch.
    expect(range.className).toMatch(/unrated/);
    expect(range.style.getPropertyValue('--fill')).toBe('0%');
    fireEvent.keyDown(range, { key: 'End' });
    expect(range.getAttribute('aria-valuetext')).toBe('10');
    expect(range.className).not.toMatch(/unrated/);
    fireEvent.keyDown(range, { key: 'Home' });
    expect(range.getAttribute('aria-valuetext')).toBe('0.0');
  });

  it('starts an unrated slider in the middle on the first arrow key and saves it', async () => {
    const saved = unrated();
    const field = (await ratingField()) as HTMLInputElement;
    const range = slider();
    range.focus();
    fireEvent.keyDown(range, { key: 'ArrowLeft' });
    fireEvent.keyUp(range, { key: 'ArrowLeft' });
    expect(range.getAttribute('aria-valuetext')).toBe('5.0');
    expect(field.value).toBe('5.0');
    await waitFor(() => expect(saved).toEqual([{ releaseId: 'r1', rating: 50 }]));

    // Later keys move from there.
    fireEvent.keyDown(range, { key: 'ArrowRight' });
    expect(range.getAttribute('aria-valuetext')).toBe('5.1');
  });

  it('saves a click on an unrated slider even where its hidden thumb rests', async () => {
    const saved = unrated();
    await ratingField();
    fireEvent.pointerUp(slider());
    await waitFor(() => expect(saved).toEqual([{ releaseId: 'r1', rating: 50 }]));
    expect(slider().getAttribute('aria-valuetext')).toBe('5.0');
  });

  it('ignores other keys on an unrated slider', async () => {
    const saved = unrated();
    await ratingField();
    fireEvent.keyDown(slider(), { key: 'a' });
    fireEvent.keyUp(slider(), { key: 'a' });
    expect(slider().getAttribute('aria-valuetext')).toBe('Not rated');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(saved).toEqual([]);
  });
});
