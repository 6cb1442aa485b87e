import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { ContributorStatus, SupporterStatus } from '@earmark/common';
import type { UserProfile } from '@earmark/common';
import { renderApp } from '../../../test/render-app';
import { ProfileHeader } from './profile-header';

afterEach(cleanup);

function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u2',
    username: 'ben',
    name: 'Ben Carter',
    image: null,
    supporter: SupporterStatus.NOT_A_SUPPORTER,
    contributorStatus: ContributorStatus.NOT_A_CONTRIBUTOR,
    createdAt: '2023-11-02T10:00:00.000Z',
    counts: { entries: 0, reviews: 0, lists: 0, followers: 0, following: 0 },
    ...overrides,
  };
}

function renderHeader(profile: UserProfile, isOwnProfile = false) {
  return renderApp('/', [
    { path: '/', element: <ProfileHeader profile={profile} isOwnProfile={isOwnProfile} /> },
  ]);
}

function badges() {
  const list = screen.queryByRole('list', { name: 'Badges' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
}

describe('ProfileHeader', () => {
  it('shows the display name, the username, the join month and the counters', () => {
    renderHeader(
      makeProfile({ counts: { entries: 1234, reviews: 5, lists: 2, followers: 7, following: 3 } }),
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ben Carter');
    expect(screen.getByText('@ben')).toBeTruthy();
    expect(screen.getByText(/Joined/).textContent).toBe('Joined Nov 2023');
    const stats = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]),
    );
    expect(stats).toEqual({
      Entries: '1,234',
      Reviews: '5',
      Lists: '2',
      Followers: '7',
      Following: '3',
    });
  });

  it('falls back to the username when there is no display name', () => {
    renderHeader(makeProfile({ name: null }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ben');
  });

  it('shows the Supporter badge only to supporters', () => {
    const { unmount } = renderHeader(makeProfile({ supporter: SupporterStatus.SUPPORTER }));
    expect(badges()).toEqual(['Supporter']);
    unmount();

    renderHeader(makeProfile());
    expect(badges()).toEqual([]);
  });

  it('names the role from trusted contributor up, and none below', () => {
    const cases: [ContributorStatus, string[]][] = [
      [ContributorStatus.CONTRIBUTOR, []],
      [ContributorStatus.TRUSTED_CONTRIBUTOR, ['Trusted contributor']],
      [ContributorStatus.EDITOR, ['Editor']],
      [ContributorStatus.ADMIN, ['Admin']],
    ];
    for (const [contributorStatus, expected] of cases) {
      const { unmount } = renderHeader(makeProfile({ contributorStatus }));
      expect(badges()).toEqual(expected);
      unmount();
    }
  });

  it('shows an account status other than confirmed to admins (who alone receive it)', () => {
    renderHeader(makeProfile({ accountStatus: 80 }));
    expect(badges()).toEqual(['Banned']);
  });

  it('offers Edit profile only on your own profile', () => {
    const { unmount } = renderHeader(makeProfile(), true);
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe(
      '/settings/profile',
    );
    unmount();

    renderHeader(makeProfile());
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
  });
});
