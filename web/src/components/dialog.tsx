import { useId, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';
import { useModal } from './use-modal';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** Element to focus first; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog (a native `<dialog>`), at most 500px wide. Escape, the close
 * button or a press outside its panel closes it.
 */
export function Dialog({ open, onClose, title, children, footer, initialFocusRef }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(open, ref, onClose, initialFocusRef);
  if (!open) return null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={styles.overlay}
      onMouseDown={(event) => {
        // The dialog element is the whole window; its panel is the visible box.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.dialog}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <IconButton label="Close" icon={<CloseIcon />} size="small" onClick={onClose} />
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </dialog>
  );
}
