import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReviewVoteReply } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeEntry, makeReview } from '../test-support';

// The markdown parser loads lazily; load it once up front so a cold start does not time out a query.
beforeAll(async () => {
  await import('../../../components/markdown-renderer');
});

/** The first render loads lazy route modules, which can be slow on a cold run. */
const SLOW = { timeout: 5000 };

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const notFound = () =>
  json(404, { statusCode: 404, error: 'Not Found', message: 'Entry not found' });

describe('review page', () => {
  it('shows the whole review with the release, rating, tags and totals', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/entries/e1': json(
        200,
        makeEntry({
          review: makeReview({
            body: '# Verdict\n\nA **warm** record.\n\n<script>alert(1)</script>',
          }),
          tags: [{ id: 't1', name: 'late night' }],
        }),
      ),
    });
    const { container } = renderApp('/review/e1');

    const heading = await screen.findByRole('heading', { level: 1 }, SLOW);
    expect(heading.textContent).toBe("Theo Lark's review of Blue Hour");
    expect(document.title).toBe("Theo Lark's review of Blue Hour | Earmark");
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/release/r1');
    expect(screen.getByRole('link', { name: 'Theo Lark' }).getAttribute('href')).toBe('/theo');
    expect(screen.getByText('Rated').parentElement?.textContent).toBe('Rated 8.5');
    expect((await screen.findByText('Verdict')).tagName).toBe('H3');
    expect(screen.getByText('warm').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('late night')).toBeTruthy();
    // Visitors see the totals without vote buttons.
    expect(screen.getByText('3 up-votes, 1 down-vote')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vote up' })).toBeNull();
  });

  it('toggles the reader’s vote: up, up again to take it back, then down', async () => {
    const calls: string[] = [];
    let reply: ReviewVoteReply = { upvotes: 3, downvotes: 1, myVote: null };
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/entries/e1': json(200, makeEntry()),
      'POST /api/entries/review/e1/votes': (_url, init) => {
        const { vote } = JSON.parse(String(init.body)) as { vote: 1 | -1 };
        calls.push(`POST ${vote}`);
        reply =
          vote === 1
            ? { upvotes: 4, downvotes: 1, myVote: 1 }
            : { upvotes: 3, downvotes: 2, myVote: -1 };
        return json(200, reply);
      },
      'DELETE /api/entries/review/e1/votes': () => {
        calls.push('DELETE');
        reply = { upvotes: 3, downvotes: 1, myVote: null };
        return json(200, reply);
      },
    });
    renderApp('/review/e1');
    const user = userEvent.setup();

    const up = await screen.findByRole('button', { name: 'Vote up' }, SLOW);
    const down = screen.getByRole('button', { name: 'Vote down' });
    const score = () => screen.getByText('Score').parentElement?.textContent;
    expect(up.getAttribute('aria-pressed')).toBe('false');
    expect(score()).toBe('Score +2');

    await user.click(up);
    await waitFor(() => expect(up.getAttribute('aria-pressed')).toBe('true'));
    expect(score()).toBe('Score +3');

    await user.click(up);
    await waitFor(() => expect(up.getAttribute('aria-pressed')).toBe('false'));
    expect(score()).toBe('Score +2');

    await user.click(down);
    await waitFor(() => expect(down.getAttribute('aria-pressed')).toBe('true'));
    expect(score()).toBe('Score +1');
    expect(calls).toEqual(['POST 1', 'DELETE', 'POST -1']);
  });

  it('gives the author no vote buttons on their own review', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u2', username: 'theo' })),
      'GET /api/entries/e1': json(200, makeEntry()),
    });
    renderApp('/review/e1');
    expect(await screen.findByText('3 up-votes, 1 down-vote', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vote up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit on the release page' })).toBeTruthy();
  });

  it('shows the 404 page for an unknown id and for an entry without a review', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/entries/nope': notFound,
      'GET /api/entries/e2': json(200, makeEntry({ id: 'e2', review: null })),
    });
    const { router } = renderApp('/review/nope');
    expect(await screen.findByText('404: Not found', undefined, SLOW)).toBeTruthy();
    await router.navigate('/review/e2');
    await waitFor(() => expect(screen.getByText('404: Not found')).toBeTruthy());
  });
});
