import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
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

/** A 320px modal panel sliding from one side. Escape or a click outside closes it. */
export function Drawer({
  open,
  onClose,
  title,
  side = 'left',
  headerActions,
  children,
}: DrawerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModal(open, ref, onClose);
  if (!open) return null;

  return createPortal(
    <>
      <div className={styles.overlay} onMouseDown={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.drawer} ${styles[side]}`}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {headerActions}
          <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} />
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </>,
    document.body,
  );
}
