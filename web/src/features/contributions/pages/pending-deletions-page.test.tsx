import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContributorStatus, SubmissionStatus } from '@earmark/common';
import type { SubmissionKind } from '@earmark/common';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeSubmission, submissionsPage } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = makeUser({ contributorStatus: ContributorStatus.ADMIN });

describe('pending deletions', () => {
  it('is the 404 page for everyone but admins', async () => {
    mockApi({ 'GET /api/users/me': json(200, makeUser({ contributorStatus: 60 })) });
    renderApp('/contributions/pending-deletions');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });

  it('deletes the chosen entities and reads the lists again', async () => {
    let processed = false;
    const bodies: unknown[] = [];
    const pending = (kind: SubmissionKind, id: string, name: string) => (url: URL) => {
      expect(url.searchParams.get('status')).toBe(String(SubmissionStatus.PENDING_ENTITY_DELETION));
      return json(
        200,
        submissionsPage(
          kind,
          processed
            ? []
            : [
                makeSubmission({
                  id,
                  kind,
                  entityName: name,
                  submissionStatus: SubmissionStatus.PENDING_ENTITY_DELETION,
                }),
              ],
        ),
      );
    };
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/submissions/releases': pending('release', 'sr', 'Fake Album'),
      'GET /api/submissions/artists': pending('artist', 'sa', 'Fake Artist'),
      'GET /api/submissions/labels': pending('label', 'sl', 'Fake Label'),
      'GET /api/submissions/genres': json(200, submissionsPage('genre', [])),
      'GET /api/submissions/pending-deletions': () =>
        json(200, {
          items: processed
            ? []
            : [
                {
                  submissionId: 'sr',
                  kind: 'release',
                  entityId: 'r1',
                  name: 'Fake Album',
                  removes: [{ key: 'entries', label: 'Ratings and reviews', count: 3 }],
                },
              ],
        }),
      'POST /api/submissions/process-pending-deletion': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        processed = true;
        return json(200, { deleted: { releases: 1, artists: 0, labels: 1, genres: 0 } });
      },
    });
    renderApp('/contributions/pending-deletions');

    const releases = await screen.findByRole('region', { name: 'Releases' });
    expect(
      await within(releases).findByText('Deleting also removes Ratings and reviews: 3.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Labels' })).getByText(
        'Deleting removes nothing else.',
      ),
    ).toBeTruthy();
    await userEvent.click(await within(releases).findByRole('checkbox', { name: 'Fake Album' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Fake Label' }));
    expect(
      within(screen.getByRole('region', { name: 'Genres' })).getByText(
        'Nothing waits to be deleted.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));

    expect(await screen.findByText('Deleted 2 entities.')).toBeTruthy();
    expect(bodies).toEqual([{ releaseSubmissionIds: ['sr'], labelSubmissionIds: ['sl'] }]);
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
  });

  it('keeps the chosen entities: their creates are approved and the lists read again', async () => {
    let kept = false;
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/submissions/releases': () =>
        json(
          200,
          submissionsPage(
            'release',
            kept
              ? []
              : [
                  makeSubmission({
                    id: 'sr',
                    kind: 'release',
                    entityName: 'Fake Album',
                    submissionStatus: SubmissionStatus.PENDING_ENTITY_DELETION,
                  }),
                ],
          ),
        ),
      'GET /api/submissions/artists': json(200, submissionsPage('artist', [])),
      'GET /api/submissions/labels': json(200, submissionsPage('label', [])),
      'GET /api/submissions/genres': json(200, submissionsPage('genre', [])),
      'GET /api/submissions/pending-deletions': json(200, { items: [] }),
      'POST /api/submissions/keep-pending-deletion': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        kept = true;
        return json(200, { kept: { releases: 1, artists: 0, labels: 0, genres: 0 } });
      },
    });
    renderApp('/contributions/pending-deletions');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Fake Album' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep selected (1)' }));

    expect(await screen.findByText('Kept 1 entity.')).toBeTruthy();
    expect(bodies).toEqual([{ releaseSubmissionIds: ['sr'] }]);
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
  });
});
