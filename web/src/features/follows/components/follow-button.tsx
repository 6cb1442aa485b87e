import { useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { CheckIcon, CloseIcon, PlusIcon } from '../../../components/icons';
import { useFollow } from '../api';
import type { FollowCacheUpdates } from '../api';
import styles from './follow-button.module.css';

export interface FollowButtonProps {
  userId: string;
  /** The followed user's display name, for what screen readers hear after a change. */
  name: string;
  /** Whether the viewer follows this user now (from the caller's cache). */
  following: boolean;
  /** How the caller's cached data follows the change (see `useFollow`). */
  updates?: FollowCacheUpdates;
  size?: 'small' | 'medium';
}

/**
 * Follows or unfollows a user. It reads 'Follow', or 'Following' once the
 * viewer follows, and 'Unfollow' while hovered or focused from the keyboard,
 * so it says what a click would do. Right after a click it keeps showing the
 * new state until the pointer or focus leaves. Its accessible name is always
 * the visible word, and a polite status line tells screen readers what
 * changed. It flips at once and the caller's `optimistic` update moves the
 * counters; both go back if the call fails.
 */
/** Whether focus came from the keyboard (the browser's own :focus-visible judgement). */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

export function FollowButton({
  userId,
  name,
  following,
  updates,
  size = 'medium',
}: FollowButtonProps) {
  const mutation = useFollow(updates);
  // While the call runs, show what was asked for, whatever the cache says.
  const followed = mutation.isPending ? mutation.variables.follow : following;
  const [hovered, setHovered] = useState(false);
  const [keyboardFocused, setKeyboardFocused] = useState(false);
  // Focus that follows a press on the button came from a pointer, whatever the browser says.
  const pressed = useRef(false);
  // Set by a click until the pointer or focus leaves: hold 'Following' rather than 'Unfollow'.
  const [justChanged, setJustChanged] = useState(false);
  // Nothing is announced until the viewer changes something here.
  const [changedHere, setChangedHere] = useState(false);

  const offerUnfollow = followed && !justChanged && (hovered || keyboardFocused);
  const label = offerUnfollow ? 'Unfollow' : followed ? 'Following' : 'Follow';
  const icon = offerUnfollow ? (
    <CloseIcon size={16} />
  ) : followed ? (
    <CheckIcon size={16} />
  ) : (
    <PlusIcon size={16} />
  );

  return (
    <>
      <Button
        variant={followed ? 'secondary' : 'primary'}
        size={size}
        aria-busy={mutation.isPending || undefined}
        className={offerUnfollow ? styles.unfollow : followed ? styles.following : undefined}
        // A touch has no hover: a tapped button on a phone stays 'Following'.
        onPointerEnter={(event) => setHovered(event.pointerType !== 'touch')}
        onPointerLeave={() => {
          pressed.current = false;
          setHovered(false);
          setJustChanged(false);
        }}
        onPointerDown={() => {
          pressed.current = true;
        }}
        onFocus={(event) =>
          setKeyboardFocused(!pressed.current && isKeyboardFocus(event.currentTarget))
        }
        onBlur={() => {
          pressed.current = false;
          setKeyboardFocused(false);
          setJustChanged(false);
        }}
        onClick={() => {
          // Ignored rather than disabled, so keyboard focus stays on the button.
          if (mutation.isPending) return;
          setJustChanged(true);
          setChangedHere(true);
          mutation.mutate({ userId, follow: !followed });
        }}
      >
        {/* The longest word sits unseen in the same cell, so the width never jumps. */}
        <span className={styles.labels}>
          <span className={styles.word}>
            {icon}
            {label}
          </span>
          {followed && (
            <span className={styles.sizer} aria-hidden="true">
              <CheckIcon size={16} />
              Following
            </span>
          )}
        </span>
      </Button>
      <span role="status" className="visually-hidden">
        {changedHere ? (followed ? `You follow ${name}` : `You no longer follow ${name}`) : ''}
      </span>
    </>
  );
}
