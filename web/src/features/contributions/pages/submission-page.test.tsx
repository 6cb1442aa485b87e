import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CommentTargetKind,
  DISCARD_WINDOW_MS,
  SubmissionMethod,
  SubmissionStatus,
} from '@earmark/common';
import type { CurrentUser, SubmissionDetail } from '@earmark/common';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { commentsPage } from '../../comments/test-support';
import { ben, cara, makeSubmission, submissionsPage, upVote } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const trusted = makeUser({ id: 'u9', username: 'tess', name: 'Tess Moor', contributorStatus: 40 });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function serve(user: CurrentUser, submission: SubmissionDetail, extra = {}) {
  return mockApi({
    'GET /api/users/me': json(200, user),
    [`GET /api/submissions/${submission.kind}/${submission.id}`]: () => json(200, submission),
    'GET /api/comments': json(200, commentsPage([])),
    ...extra,
  });
}

const voteButtons = () => screen.queryAllByRole('button', { name: /^Vote (up|down)$/ });

describe('a submission page', () => {
  it('shows the header, the changes, the votes and the comments of the kind', async () => {
    const fetchMock = serve(
      trusted,
      makeSubmission({ votes: [upVote(cara)], appliedAt: null, method: SubmissionMethod.UPDATE }),
    );
    renderApp('/contributions/release/s1');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(within(heading).getByRole('link', { name: 'Unknown Hours' }).getAttribute('href')).toBe(
      '/release/r1',
    );
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText('Fixed the title.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ben Carter' }).getAttribute('href')).toBe('/ben');
    expect(screen.getByRole('heading', { name: 'Changes' })).toBeTruthy();
    expect(screen.getByText('Unknown Hour')).toBeTruthy();
    const votes = screen.getByRole('list', { name: 'Votes' });
    expect(within(votes).getByRole('img', { name: 'Up vote' })).toBeTruthy();
    expect(within(votes).getByRole('link', { name: 'Cara Lind' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Comments' })).toBeTruthy();
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/comments'));
      const url = new URL(String(call?.[0]), 'http://localhost');
      expect(url.searchParams.get('entityType')).toBe(String(CommentTargetKind.RELEASE_SUBMISSION));
      expect(url.searchParams.get('entityId')).toBe('s1');
    });
  });

  it('names a genre still waiting to be created without a link', async () => {
    serve(
      trusted,
      makeSubmission({
        kind: 'genre',
        id: 'g5',
        method: SubmissionMethod.CREATE,
        entityName: 'Dream Pop',
        entityId: 'gx',
      }),
    );
    renderApp('/contributions/genre/g5');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Dream Pop');
    expect(within(heading).queryByRole('link')).toBeNull();
  });

  it('lets a trusted member vote once: the buttons go, the vote shows and Ok is said', async () => {
    let submission = makeSubmission({ votes: [upVote(cara)] });
    const votesSent: unknown[] = [];
    serve(trusted, submission, {
      'GET /api/submissions/release/s1': () => json(200, submission),
      'PATCH /api/submissions/releases/vote/s1': async (_url: URL, init: RequestInit) => {
        votesSent.push(JSON.parse(String(init.body)));
        submission = {
          ...submission,
          votes: [
            ...submission.votes,
            {
              userId: trusted.id,
              user: {
                id: trusted.id,
                username: 'tess',
                name: 'Tess Moor',
                image: null,
                supporter: 0,
              },
              type: -1,
            },
          ],
        };
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/contributions/release/s1');

    await userEvent.click(await screen.findByRole('button', { name: 'Vote down' }));
    expect(await screen.findByText('Ok')).toBeTruthy();
    expect(votesSent).toEqual([{ vote: -1 }]);
    await waitFor(() => expect(voteButtons()).toHaveLength(0));
    const votes = screen.getByRole('list', { name: 'Votes' });
    const mine = within(votes).getByRole('link', { name: 'Tess Moor' }).closest('li');
    expect(within(mine as HTMLElement).getByRole('img', { name: 'Down vote' })).toBeTruthy();
  });

  it('offers no vote to members below trusted, to the author, to a voter or once closed', async () => {
    const cases: [CurrentUser, SubmissionDetail][] = [
      [makeUser({ id: 'u9', contributorStatus: 20 }), makeSubmission()],
      [makeUser({ id: ben.id, username: 'ben', contributorStatus: 40 }), makeSubmission()],
      [
        trusted,
        makeSubmission({
          votes: [{ userId: trusted.id, user: { ...ben, id: trusted.id }, type: 1 }],
        }),
      ],
      [trusted, makeSubmission({ submissionStatus: SubmissionStatus.APPROVED })],
      [trusted, makeSubmission({ submissionStatus: SubmissionStatus.DISAPPROVED })],
    ];
    for (const [user, submission] of cases) {
      serve(user, submission);
      renderApp('/contributions/release/s1');
      expect(await screen.findByRole('heading', { name: 'Votes' })).toBeTruthy();
      expect(voteButtons()).toHaveLength(0);
      cleanup();
      vi.unstubAllGlobals();
    }
    // An auto-approved create may still be voted on.
    serve(trusted, makeSubmission({ submissionStatus: SubmissionStatus.AUTO_APPROVED }));
    renderApp('/contributions/release/s1');
    expect(await screen.findByRole('button', { name: 'Vote up' })).toBeTruthy();
  });

  it('lets the author discard it within the hour, after asking, and goes back to the list', async () => {
    const author = makeUser({ id: ben.id, username: 'ben', name: 'Ben Carter' });
    const deleted: string[] = [];
    serve(author, makeSubmission({ kind: 'artist', createdAt: minutesAgo(20) }), {
      'DELETE /api/submissions/artists/s1': (url: URL) => {
        deleted.push(url.pathname);
        return new Response(null, { status: 204 });
      },
      'GET /api/submissions/artists': json(200, submissionsPage('artist', [])),
    });
    const { router } = renderApp('/contributions/artist/s1');

    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Are you sure you want to discard this contribution?',
    });
    expect(deleted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contributions/artists/open'));
    expect(deleted).toEqual(['/api/submissions/artists/s1']);
  });

  it('offers Discard to no one else, not after the hour and not once voted on', async () => {
    const author = makeUser({ id: ben.id, username: 'ben' });
    const cases: [CurrentUser, SubmissionDetail][] = [
      [trusted, makeSubmission({ createdAt: minutesAgo(5) })],
      [
        author,
        makeSubmission({
          createdAt: new Date(Date.now() - DISCARD_WINDOW_MS - 1000).toISOString(),
        }),
      ],
      [author, makeSubmission({ createdAt: minutesAgo(5), votes: [upVote(cara)] })],
    ];
    for (const [user, submission] of cases) {
      serve(user, submission);
      renderApp('/contributions/release/s1');
      expect(await screen.findByRole('heading', { name: 'Votes' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('shows the 404 page for an unknown submission', async () => {
    mockApi({
      'GET /api/users/me': json(200, trusted),
      'GET /api/submissions/label/zz': json(404, {
        statusCode: 404,
        error: 'Not Found',
        message: 'Not found',
      }),
    });
    renderApp('/contributions/label/zz');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });
});
