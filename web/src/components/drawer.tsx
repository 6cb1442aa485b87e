import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';
import { useModal } from './use-modal';
import styles from './drawer.module.css';

export type DrawerSide = 'left' | 'right';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  side?: DrawerSide;
  /** Extra content in the title bar, before the close button. */
  headerActions?: ReactNode;
  children: ReactNode;
}

/**
 * A 320px modal panel (a native `<dialog>`) sliding from one side. Escape or
 * a press outside the panel closes it.
 */
export function Drawer({
  open,
  onClose,
  title,
  side = 'left',
  headerActions,
  children,
}: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(open, ref, onClose);
  if (!open) return null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={styles.overlay}
      onMouseDown={(event) => {
        // The dialog element is the whole window; its panel is the visible drawer.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={`${styles.drawer} ${styles[side]}`}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {headerActions}
          <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} />
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
