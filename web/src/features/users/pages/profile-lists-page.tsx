import { EmptyState } from '../../../components/empty-state';
import { ListIcon } from '../../../components/icons';
import { CreateListButton, ListCards } from '../../lists';
import { useProfileContext } from '../profile-context';
import styles from './profile-tab-page.module.css';

/** /{username}/lists: the member's lists, last changed first; the owner also sees drafts. */
export default function ProfileListsPage() {
  const { profile, isOwnProfile, displayName } = useProfileContext();
  return (
    <div className={styles.page}>
      <h2 className={styles.heading}>Lists</h2>
      <ListCards
        filter={{ sortBy: 'updatedDate', userId: profile.id }}
        label={`Lists by ${displayName}`}
        empty={
          <EmptyState
            icon={<ListIcon size={28} />}
            title="No lists yet"
            message={isOwnProfile ? undefined : `${displayName} has not published a list yet.`}
            action={isOwnProfile ? <CreateListButton /> : undefined}
          />
        }
      />
    </div>
  );
}
