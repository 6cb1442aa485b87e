import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { StatusCounts, UserProfile } from '@earmark/common';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeProfile } from '../../users/test-support';
import { makeSubmission, submissionsPage } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const counts = (total: number): StatusCounts => ({
  autoApproved: total - 1,
  open: 1,
  approved: 0,
  disapproved: 0,
  pendingDeletion: 0,
  total,
});

describe("a member's contributions", () => {
  it('asks signed-out visitors to log in', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/ben/contributions/labels');
    expect(await screen.findByText('Please login or sign up to access this page.')).toBeTruthy();
  });

  it('shows the counts and the member’s submissions of a kind', async () => {
    const profile: UserProfile = makeProfile({ id: 'u2', username: 'ben', name: 'Ben Carter' });
    const asked: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/users/username/ben': json(200, profile),
      'GET /api/submissions/user-contributions/u2': json(200, {
        releases: counts(3),
        artists: counts(5),
        labels: counts(1),
        genres: counts(1),
      }),
      'GET /api/submissions/artists': (url) => {
        asked.push(url.searchParams);
        return json(
          200,
          submissionsPage('artist', [makeSubmission({ kind: 'artist', entityName: 'Mira Vale' })]),
        );
      },
    });
    const { router } = renderApp('/ben/contributions');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ben/contributions/releases');

    await router.navigate('/ben/contributions/artists');
    expect(await screen.findByRole('link', { name: 'Mira Vale' })).toBeTruthy();
    expect(asked[0]?.get('userId')).toBe('u2');
    expect(asked[0]?.has('status')).toBe(false);
    const tabs = screen.getByRole('navigation', { name: "Ben Carter's contributions" });
    expect(within(tabs).getByRole('link', { name: 'Artists 5' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      screen.getByText('Auto-approved', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('4');
  });
});
