import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '@earmark/common';
import { dismissSnackbar, useSnackbarMessage } from '../lib/snackbar';
import { IconButton } from './icon-button';
import { CheckIcon, CloseIcon, WarningIcon } from './icons';
import styles from './snackbar.module.css';

/**
 * Shows the current snackbar message (one at a time) for 5 seconds. The live
 * region is always mounted so screen readers announce each new message.
 * While the pointer is over the message or focus is in it (on its Dismiss
 * button), it stays; it goes 5 seconds after both have left, so nobody
 * loses it, or their focus, while reading or reaching it.
 */
export function SnackbarHost() {
  const message = useSnackbarMessage();
  // The message the pointer is over, and the one focus is in (by id, so the
  // next message is not held by what happened to the last).
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const held = !!message && (hovered === message.id || focused === message.id);

  useEffect(() => {
    if (!message || held) return;
    const timer = setTimeout(() => dismissSnackbar(message.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message, held]);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {message && (
        <div
          key={message.id}
          className={`${styles.snackbar} ${styles[message.variant]}`}
          onPointerEnter={() => setHovered(message.id)}
          onPointerLeave={() => setHovered(null)}
          onFocus={() => setFocused(message.id)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
          }}
        >
          {message.variant === 'error' && (
            <span className={styles.marker}>
              <WarningIcon size={18} />
            </span>
          )}
          {message.variant === 'success' && (
            <span className={styles.marker}>
              <CheckIcon size={18} />
            </span>
          )}
          <span className={styles.message}>{message.message}</span>
          <IconButton
            label="Dismiss"
            icon={<CloseIcon size={16} />}
            size="small"
            onClick={() => dismissSnackbar(message.id)}
          />
        </div>
      )}
    </div>
  );
}
