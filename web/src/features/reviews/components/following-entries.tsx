import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../components/avatar';
import { ReviewIcon } from '../../../components/icons';
import { useCurrentUser } from '../../../lib/current-user';
import { followingEntriesQueryOptions } from '../api';
import { displayName } from '../format';
import { RatingBadge } from './rating-badge';
import styles from './following-entries.module.css';

/**
 * The release as seen by the people the viewer follows: a compact row of
 * their avatars with their ratings. Each links to the review when there is
 * one, else to the person. Nothing shows for visitors or when none of them
 * has logged the release.
 */
export function FollowingEntries({ releaseId }: { releaseId: string }) {
  const headingId = useId();
  const { user } = useCurrentUser();
  const query = useQuery({ ...followingEntriesQueryOptions(releaseId), enabled: !!user });
  const entries = user ? (query.data ?? []) : [];
  if (entries.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        From people you follow
      </h2>
      <ul className={styles.row}>
        {entries.map((entry) => {
          const name = displayName(entry.user);
          const to = entry.review
            ? paths.review.href(entry.id)
            : paths.user.href(entry.user.username);
          return (
            <li key={entry.id}>
              <Link
                to={to}
                className={styles.person}
                title={entry.review ? `Read ${name}'s review` : name}
              >
                <Avatar user={entry.user} size={44} />
                <span className={styles.name}>{name}</span>
                <span className={styles.detail}>
                  {entry.rating ? (
                    <RatingBadge rating={entry.rating.rating} />
                  ) : (
                    <span className={styles.noRating}>
                      <span className="visually-hidden">Not rated</span>
                      <span aria-hidden="true">–</span>
                    </span>
                  )}
                  {entry.review && (
                    <span className={styles.reviewed}>
                      <ReviewIcon size={14} />
                      <span className="visually-hidden">, reviewed</span>
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
