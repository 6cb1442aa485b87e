import type { List } from '@earmark/common';
import { HeartIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { useListLike } from '../api';
import { countLabel } from '../format';
import styles from './list-like-button.module.css';

/**
 * A list's likes: signed-in readers other than the owner like or unlike it
 * (not a draft); everyone else sees the count.
 */
export function ListLikeButton({ list }: { list: List }) {
  const { user } = useCurrentUser();
  const mutation = useListLike(list.id);
  const label = countLabel(list.likesCount, 'like');

  if (!user || user.id === list.owner.id || !list.published) {
    return (
      <p className={styles.count}>
        <HeartIcon size={16} aria-hidden="true" />
        <span>{label}</span>
      </p>
    );
  }

  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={styles.button}
        aria-pressed={list.liked}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(!list.liked)}
      >
        <HeartIcon size={16} aria-hidden="true" className={list.liked ? styles.liked : undefined} />
        <span>{list.liked ? 'Liked' : 'Like'}</span>{' '}
        <span className={styles.number} aria-live="polite">
          {list.likesCount}
        </span>
      </button>
      {mutation.isError && (
        <p role="alert" className={styles.error}>
          {errorMessage(mutation.error)}
        </p>
      )}
    </div>
  );
}
