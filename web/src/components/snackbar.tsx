import { useEffect } from 'react';
import { TOAST_DURATION_MS } from '@earmark/common';
import { dismissSnackbar, useSnackbarMessage } from '../lib/snackbar';
import { IconButton } from './icon-button';
import { CheckIcon, CloseIcon, WarningIcon } from './icons';
import styles from './snackbar.module.css';

/**
 * Shows the current snackbar message (one at a time) for 5 seconds. The live
 * region is always mounted so screen readers announce each new message.
 */
export function SnackbarHost() {
  const message = useSnackbarMessage();

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => dismissSnackbar(message.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {message && (
        <div key={message.id} className={`${styles.snackbar} ${styles[message.variant]}`}>
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
