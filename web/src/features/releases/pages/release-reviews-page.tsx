import { useOutletContext, useParams, useSearchParams } from 'react-router';
import type { Release } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { ReviewIcon } from '../../../components/icons';
import type { ReviewSort } from '../../reviews';
import { FollowingEntries, NO_REVIEWS_TEXT, ReviewList, SortToggle } from '../../reviews';
import styles from './release-tab-page.module.css';

const SORTS = [
  { value: 'new', label: 'New' },
  { value: 'top', label: 'Top' },
] as const satisfies readonly { value: ReviewSort; label: string }[];

/**
 * /release/{id}: what the people the viewer follows made of the release,
 * then its reviews, newest or most up-voted (all time) first.
 */
export default function ReleaseReviewsPage() {
  const { id = '' } = useParams();
  const release = useOutletContext<Release | undefined>();
  const [params, setParams] = useSearchParams();
  const sort: ReviewSort = params.get('sort') === 'top' ? 'top' : 'new';

  const changeSort = (next: ReviewSort) =>
    setParams(next === 'new' ? {} : { sort: next }, { replace: true, preventScrollReset: true });

  return (
    <>
      <FollowingEntries releaseId={id} />
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>Reviews</h2>
        <SortToggle options={SORTS} value={sort} onChange={changeSort} label="Order of reviews" />
      </div>
      <ReviewList
        key={sort}
        sort={sort}
        releaseId={id}
        label={release ? `Reviews of ${release.title}` : 'Reviews'}
        empty={
          <EmptyState
            icon={<ReviewIcon size={28} />}
            title={NO_REVIEWS_TEXT}
            message="Nobody has reviewed this release yet."
          />
        }
      />
    </>
  );
}
