import { FollowList } from '../../follows';
import { useProfileContext } from '../profile-context';
import { useRefreshProfiles } from '../api';
import styles from './profile-tab-page.module.css';

/** /{username}/following: the people the member follows. */
export default function ProfileFollowingPage() {
  const { profile, viewer, isOwnProfile, displayName } = useProfileContext();
  const refreshProfiles = useRefreshProfiles();
  return (
    <div className={styles.page}>
      <h2 className={styles.heading}>Following</h2>
      <FollowList
        userId={profile.id}
        kind="following"
        viewerId={viewer?.id ?? null}
        label={`People ${displayName} follows`}
        emptyText={
          isOwnProfile
            ? "You don't follow anyone yet."
            : `${displayName} doesn't follow anyone yet.`
        }
        onFollowChange={refreshProfiles}
      />
    </div>
  );
}
