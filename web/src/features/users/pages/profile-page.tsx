import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { isAdmin } from '@earmark/common';
import type { CurrentUser, UserProfile } from '@earmark/common';
import { NotFoundView } from '../../../components/error-views';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { WarningIcon } from '../../../components/icons';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { TabLinks } from '../../../components/tabs';
import { errorMessage, isApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import type { FollowCacheUpdates } from '../../follows';
import { FollowButton } from '../../follows';
import { AdminPanel } from '../../admin';
import { ReportButton } from '../../reports';
import { updateCachedProfile, useUserProfile, userProfileQueryOptions } from '../api';
import { ProfileHeader } from '../components/profile-header';
import type { ProfileContext } from '../profile-context';
import styles from './profile-page.module.css';

type Tab = 'overview' | 'music' | 'reviews' | 'lists' | 'following' | 'followers';

const TABS: { tab: Tab; label: string; href: (username: string) => string }[] = [
  { tab: 'overview', label: 'Overview', href: paths.user.href },
  { tab: 'music', label: 'Music', href: paths.userMusic.href },
  { tab: 'reviews', label: 'Reviews', href: paths.userReviews.href },
  { tab: 'lists', label: 'Lists', href: paths.userLists.href },
  { tab: 'following', label: 'Following', href: paths.userFollowing.href },
  { tab: 'followers', label: 'Followers', href: paths.userFollowers.href },
];

const TAB_TITLES: Record<Tab, (name: string) => string> = {
  overview: (name) => name,
  music: (name) => `${name}'s music`,
  reviews: (name) => `Reviews by ${name}`,
  lists: (name) => `Lists by ${name}`,
  following: (name) => `People ${name} follows`,
  followers: (name) => `People following ${name}`,
};

/** The tab from the address: '/ben/music' → 'music'. */
function currentTab(pathname: string): Tab {
  const segment = pathname.split('/')[2] ?? '';
  return TABS.find((item) => item.tab === segment)?.tab ?? 'overview';
}

/**
 * Follow state and counters move at once on the profile being looked at;
 * the viewer's own profile (their Following count) is refreshed afterwards.
 */
function useProfileFollowUpdates(
  profile: UserProfile,
  username: string,
  viewer: CurrentUser | null | undefined,
): FollowCacheUpdates {
  const queryClient = useQueryClient();
  return {
    optimistic: ({ follow }) => {
      const before = queryClient.getQueryData(userProfileQueryOptions(username).queryKey);
      updateCachedProfile(queryClient, username, (p) => ({
        ...p,
        followedByViewer: follow,
        counts: { ...p.counts, followers: Math.max(0, p.counts.followers + (follow ? 1 : -1)) },
      }));
      return () => {
        if (before) queryClient.setQueryData(userProfileQueryOptions(username).queryKey, before);
      };
    },
    confirmed: (reply) =>
      updateCachedProfile(queryClient, username, (p) => ({
        ...p,
        followedByViewer: reply.following,
        counts: { ...p.counts, followers: reply.followersCount },
      })),
    settled: () => {
      if (viewer && viewer.id !== profile.id) {
        void queryClient.invalidateQueries({
          queryKey: userProfileQueryOptions(viewer.username).queryKey,
        });
      }
    },
  };
}

/** /{username}: a member's profile: header, follow button, and tabs for its sub-pages. */
export default function ProfilePage() {
  const { username = '' } = useParams();
  const { pathname } = useLocation();
  const profile = useUserProfile(username);
  const { user: viewer } = useCurrentUser();

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    if (isApiError(profile.error, 404)) return <NotFoundView />;
    return (
      <PageFrame title={username}>
        <EmptyState
          icon={<WarningIcon size={28} />}
          title="This profile could not be loaded."
          message={errorMessage(profile.error)}
          action={
            <Button variant="secondary" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          }
        />
      </PageFrame>
    );
  }

  return (
    <ProfileLayout
      profile={profile.data}
      username={username}
      viewer={viewer ?? null}
      tab={currentTab(pathname)}
    />
  );
}

function ProfileLayout({
  profile,
  username,
  viewer,
  tab,
}: {
  profile: UserProfile;
  /** As typed in the address: the profile's cache key. */
  username: string;
  viewer: CurrentUser | null;
  tab: Tab;
}) {
  const followUpdates = useProfileFollowUpdates(profile, username, viewer);
  const displayName = profile.name || profile.username;
  const isOwnProfile = viewer?.id === profile.id;
  const context: ProfileContext = { profile, viewer, isOwnProfile, displayName };
  const canonical = TABS.find((item) => item.tab === tab) ?? TABS[0];

  return (
    <PageFrame
      title={TAB_TITLES[tab](displayName)}
      description={`${displayName} (@${profile.username}) on Earmark: ratings, reviews and lists.`}
      // One address per member and tab, whatever letter case the link used.
      canonicalPath={canonical?.href(profile.username)}
    >
      <div className={styles.page}>
        <ProfileHeader
          profile={profile}
          isOwnProfile={isOwnProfile}
          action={
            viewer && !isOwnProfile ? (
              <div className={styles.actions}>
                <FollowButton
                  userId={profile.id}
                  name={displayName}
                  following={profile.followedByViewer ?? false}
                  updates={followUpdates}
                />
                <ReportButton type="user" id={profile.id} what="profile" />
              </div>
            ) : null
          }
        />
        {isAdmin(viewer) && <AdminPanel key={profile.id} profile={profile} />}
        {viewer && (
          <p className={styles.contributions}>
            <Link to={paths.userContributions.href(profile.username)}>
              {isOwnProfile ? 'Your contributions' : `Contributions by ${displayName}`}
            </Link>
          </p>
        )}
        <div className={styles.tabs}>
          <TabLinks
            label={`${displayName}'s profile`}
            items={TABS.map((item) => ({
              to: item.href(profile.username),
              label: item.label,
              end: item.tab === 'overview',
            }))}
          />
        </div>
        <Outlet context={context} />
      </div>
    </PageFrame>
  );
}
