import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entry, UpdateEntryInput } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeRelease } from '../../releases/test-support';
import { makeEntry, rated, releaseRoutes, writes } from '../test-support';

// The release page is lazy; loading it once up front keeps a cold first test within its time.
beforeAll(async () => {
  await import('../../releases/pages/release-page');
  await import('../../../components/markdown-renderer');
}, 30_000);

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const slow = { timeout: 5000 };
const tagA = { id: 'tag1', name: 'late night' };
const tagB = { id: 'tag2', name: 'rainy days' };

/** PATCH replies that apply the change to the entry, as the server does. */
function patchEntry(start: Entry) {
  let entry = start;
  return (_url: URL, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as UpdateEntryInput;
    if (body.review !== undefined) {
      entry = {
        ...entry,
        review: body.review
          ? {
              body: body.review,
              createdAt: entry.createdAt,
              updatedAt: entry.updatedAt,
              upvotes: 0,
              downvotes: 0,
              myVote: null,
            }
          : null,
      };
    }
    if (body.tags !== undefined) {
      entry = { ...entry, tags: [tagA, tagB].filter((t) => body.tags?.includes(t.id)) };
    }
    return json(200, entry);
  };
}

describe('review editor', () => {
  /** The release page of a rated entry with its review editor open. */
  async function openEditor() {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(makeRelease(), rated(80)),
      'PATCH /api/entries/e1': patchEntry(rated(80)),
    });
    renderApp('/release/r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Write a review' }, slow));
  }

  it('previews the markdown and publishes the review', async () => {
    await openEditor();
    const field = screen.getByRole('textbox', { name: 'Your review' });
    await userEvent.type(field, 'A **quiet** record');
    expect(screen.getByText('18 / 20,000 characters')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const panel = screen.getByRole('tabpanel');
    expect((await within(panel).findByText('quiet', {}, slow)).tagName).toBe('STRONG');

    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit your review' })).toBeTruthy(),
    );
    expect(writes(vi.mocked(fetch))).toEqual([
      { key: 'PATCH /api/entries/e1', body: { review: 'A **quiet** record' } },
    ]);
  }, 15_000);

  it('keeps Publish disabled for a review of only zero-width characters and spaces', async () => {
    await openEditor();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Your review' }),
      '\u200b \u200c\u2060\ufeff\u00ad',
    );
    expect(screen.getByText('6 / 20,000 characters')).toBeTruthy();

    const publish = screen.getByRole('button', { name: 'Publish review' });
    expect(publish.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(publish);
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('Nothing to preview yet.')).toBeTruthy();
    expect(writes(vi.mocked(fetch))).toEqual([]);
  }, 15_000);
});

describe('tags', () => {
  it('attaches and detaches the own tags', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(makeRelease(), makeEntry({ tags: [tagA] })),
      'GET /api/entries/user/tags': json(200, [tagA, tagB]),
      'PATCH /api/entries/e1': patchEntry(makeEntry({ tags: [tagA] })),
    });
    renderApp('/release/r1');
    const rainy = await screen.findByRole('button', { name: 'rainy days' }, slow);
    const late = screen.getByRole('button', { name: 'late night' });
    expect(late.getAttribute('aria-pressed')).toBe('true');
    expect(rainy.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(rainy);
    await waitFor(() => expect(rainy.getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(late);
    await waitFor(() => expect(late.getAttribute('aria-pressed')).toBe('false'));
    expect(writes(vi.mocked(fetch))).toEqual([
      { key: 'PATCH /api/entries/e1', body: { tags: ['tag1', 'tag2'] } },
      { key: 'PATCH /api/entries/e1', body: { tags: ['tag2'] } },
    ]);
  });

  it('creates a tag and puts it on a new entry', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(makeRelease(), null),
      'POST /api/entries/user/tags': json(201, tagB),
      'POST /api/entries': json(201, makeEntry({ tags: [tagB] })),
    });
    renderApp('/release/r1');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'New tag' }, slow),
      'rainy days',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));

    const chip = await screen.findByRole('button', { name: 'rainy days' });
    await waitFor(() => expect(chip.getAttribute('aria-pressed')).toBe('true'));
    expect(writes(vi.mocked(fetch))).toEqual([
      { key: 'POST /api/entries/user/tags', body: { name: 'rainy days' } },
      { key: 'POST /api/entries', body: { releaseId: 'r1', tags: ['tag2'] } },
    ]);
  });

  it('adds no tag whose name shows nothing', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(makeRelease(), null),
    });
    renderApp('/release/r1');
    const field = await screen.findByRole('textbox', { name: 'New tag' }, slow);
    await userEvent.type(field, ' \u200b\u200d ');
    const add = screen.getByRole('button', { name: 'Add tag' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(add);
    expect(writes(vi.mocked(fetch))).toEqual([]);
  });
});
