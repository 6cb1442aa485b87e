import { useOutletContext, useParams, useSearchParams } from 'react-router';
import { formatRating, SortBy } from '@earmark/common';
import type { Entry, Release } from '@earmark/common';
import { EmptyState } from '../../../components/empty-state';
import { StarIcon } from '../../../components/extra-icons';
import { EntryFeed, RatingRow, SortToggle } from '../../reviews';
import { NO_RATINGS_TEXT } from '../components/rating-summary';
import { ratingsCountText } from '../format';
import styles from './release-tab-page.module.css';

const SORTS = [
  { value: 'recent', label: 'Recent', sortBy: SortBy.RatingDate },
  { value: 'high', label: 'Highest', sortBy: SortBy.RatingHighToLow },
  { value: 'low', label: 'Lowest', sortBy: SortBy.RatingLowToHigh },
] as const;
type RatingSort = (typeof SORTS)[number]['value'];

const hasRating = (entry: Entry) => entry.rating !== null;
const renderRating = (entry: Entry) => <RatingRow entry={entry} />;

const noRatings = (
  <EmptyState
    icon={<StarIcon size={28} />}
    title={NO_RATINGS_TEXT}
    message="Ratings of this release will show up here."
  />
);

/** /release/{id}/ratings: everyone's rating of the release, page by page. */
export default function ReleaseRatingsPage() {
  const { id = '' } = useParams();
  const release = useOutletContext<Release | undefined>();
  const [params, setParams] = useSearchParams();
  const sort = SORTS.find((option) => option.value === params.get('sort')) ?? SORTS[0];
  const stats = release?.stats;

  // The release's own counter already says there is nothing to list.
  if (stats && stats.ratingsCount === 0) return noRatings;

  const changeSort = (next: RatingSort) =>
    setParams(next === 'recent' ? {} : { sort: next }, { replace: true, preventScrollReset: true });

  return (
    <>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>
          Ratings
          {stats && stats.ratingsAvg !== null && (
            <span className={styles.summary}>
              {' '}
              · {ratingsCountText(stats.ratingsCount)}, average {formatRating(stats.ratingsAvg)}
            </span>
          )}
        </h2>
        <SortToggle
          options={SORTS}
          value={sort.value}
          onChange={changeSort}
          label="Order of ratings"
        />
      </div>
      <EntryFeed
        key={sort.value}
        filter={{ sortBy: sort.sortBy, releaseId: id }}
        layout="grid"
        include={hasRating}
        renderEntry={renderRating}
        label={release ? `Ratings of ${release.title}` : 'Ratings'}
        empty={noRatings}
      />
    </>
  );
}
