import { FollowList } from '../../follows';
import { useProfileContext } from '../profile-context';
import { useRefreshProfiles } from '../api';
import styles from './profile-tab-page.module.css';

/** /{username}/followers: the people following the member. */
export default function ProfileFollowersPage() {
  const { profile, viewer, isOwnProfile, displayName } = useProfileContext();
  const refreshProfiles = useRefreshProfiles();
  return (
    <div className={styles.page}>
      <h2 className={styles.heading}>Followers</h2>
      <FollowList
        userId={profile.id}
        kind="followers"
        viewerId={viewer?.id ?? null}
        label={`People following ${displayName}`}
        emptyText={isOwnProfile ? 'Nobody follows you yet.' : `Nobody follows ${displayName} yet.`}
        onFollowChange={refreshProfiles}
      />
    </div>
  );
}
