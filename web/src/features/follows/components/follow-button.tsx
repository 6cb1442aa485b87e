import { Button } from '../../../components/button';
import { CheckIcon, PlusIcon } from '../../../components/icons';
import { useFollow } from '../api';
import type { FollowCacheUpdates } from '../api';
import styles from './follow-button.module.css';

export interface FollowButtonProps {
  userId: string;
  /** Whether the viewer follows this user now (from the caller's cache). */
  following: boolean;
  /** How the caller's cached data follows the change (see `useFollow`). */
  updates?: FollowCacheUpdates;
  size?: 'small' | 'medium';
}

/**
 * A toggle button (aria-pressed) for following a user. Its label stays
 * 'Follow' in both states, as toggle buttons should; the pressed state shows
 * as a tick and a calmer style. It flips at once and the caller's
 * `optimistic` update moves the counters; both go back if the call fails.
 */
export function FollowButton({ userId, following, updates, size = 'medium' }: FollowButtonProps) {
  const mutation = useFollow(updates);
  // While the call runs, show what was asked for, whatever the cache says.
  const pressed = mutation.isPending ? mutation.variables.follow : following;

  return (
    <Button
      variant={pressed ? 'secondary' : 'primary'}
      size={size}
      icon={pressed ? <CheckIcon size={16} /> : <PlusIcon size={16} />}
      aria-pressed={pressed}
      aria-busy={mutation.isPending || undefined}
      className={pressed ? styles.pressed : undefined}
      onClick={() => {
        // Ignored rather than disabled, so keyboard focus stays on the button.
        if (!mutation.isPending) mutation.mutate({ userId, follow: !pressed });
      }}
    >
      Follow
    </Button>
  );
}
