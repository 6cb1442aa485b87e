import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ReviewIcon } from '../../../components/icons';
import type { ReviewSort } from '../../reviews';
import { ReviewList, SortToggle } from '../../reviews';
import { useProfileContext } from '../profile-context';
import styles from './profile-tab-page.module.css';

const SORTS = [
  { value: 'new', label: 'New' },
  { value: 'top', label: 'Top' },
] as const satisfies readonly { value: ReviewSort; label: string }[];

/** /{username}/reviews: the member's reviews, newest (or most up-voted) first. */
export default function ProfileReviewsPage() {
  const { profile, isOwnProfile, displayName } = useProfileContext();
  const [params, setParams] = useSearchParams();
  const sort: ReviewSort = params.get('sort') === 'top' ? 'top' : 'new';

  const changeSort = (next: ReviewSort) =>
    setParams(next === 'new' ? {} : { sort: next }, { replace: true, preventScrollReset: true });

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>Reviews</h2>
        <SortToggle options={SORTS} value={sort} onChange={changeSort} label="Order of reviews" />
      </div>
      <ReviewList
        key={sort}
        sort={sort}
        userId={profile.id}
        label={`Reviews by ${displayName}`}
        empty={
          <EmptyState
            icon={<ReviewIcon size={28} />}
            title={
              isOwnProfile
                ? "You haven't written any reviews yet."
                : `${displayName} hasn't written any reviews yet.`
            }
          />
        }
      />
    </div>
  );
}
