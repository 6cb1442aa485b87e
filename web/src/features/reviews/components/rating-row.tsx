import { Link } from 'react-router';
import { fullDate, relativeTime } from '@earmark/common';
import type { Entry } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { ReviewIcon } from '../../../components/icons';
import { displayName } from '../format';
import { RatingBadge } from './rating-badge';
import styles from './rating-row.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

/** One person's rating of a release: who, how much, when, and a link to their review if any. */
export function RatingRow({ entry }: { entry: Entry }) {
  const { rating, user } = entry;
  if (!rating) return null;
  const name = displayName(user);

  return (
    <div className={styles.row}>
      <Link to={paths.user.href(user.username)} className={styles.user}>
        <Avatar user={user} size={32} />
        <span className={styles.name}>{name}</span>
      </Link>
      <SupporterBadge user={user} />
      {entry.review && (
        <Link
          to={paths.review.href(entry.id)}
          className={styles.review}
          aria-label={`Read ${name}'s review`}
          title="Read the review"
        >
          <ReviewIcon size={16} />
        </Link>
      )}
      <RatingBadge rating={rating.rating} className={styles.rating} />
      <time className={styles.date} dateTime={rating.updatedAt} title={fullDate(rating.updatedAt)}>
        {relativeTime(rating.updatedAt)}
      </time>
    </div>
  );
}
