import type { ComponentProps, ReactNode } from 'react';
import styles from './icon-button.module.css';

export type IconButtonProps = Omit<ComponentProps<'button'>, 'children' | 'aria-label'> & {
  /** The accessible name; also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  size?: 'small' | 'medium';
  /** A small count (e.g. unread notifications); hidden when 0. */
  badge?: number;
};

export function IconButton({
  label,
  icon,
  size = 'medium',
  badge,
  className,
  type = 'button',
  ...props
}: IconButtonProps) {
  const badgeText = badge && badge > 99 ? '99+' : badge;
  return (
    <button
      type={type}
      aria-label={badge ? `${label} (${badge})` : label}
      title={label}
      className={[styles.iconButton, size === 'small' ? styles.small : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      {...props}
    >
      {icon}
      {badge ? (
        <span className={styles.badge} aria-hidden="true">
          {badgeText}
        </span>
      ) : null}
    </button>
  );
}
