import { Link } from 'react-router';
import { fullDate, relativeTime } from '@earmark/common';
import type { Actor } from '@earmark/common';
import { Avatar } from '../../../components/avatar';
import { paths } from '../../../lib/paths';
import styles from './submission-byline.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

/** Who made a submission and when: avatar, name (to the profile) and the time. */
export function SubmissionByline({ user, at }: { user: Actor; at: string }) {
  return (
    <span className={styles.byline}>
      <Avatar user={user} size={20} />
      <Link to={paths.user.href(user.username)} className={styles.author}>
        {user.name || user.username}
      </Link>
      <SupporterBadge user={user} />
      <time dateTime={at} title={fullDate(at)} className={styles.time}>
        {relativeTime(at)}
      </time>
    </span>
  );
}
