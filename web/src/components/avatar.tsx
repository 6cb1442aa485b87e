import type { UserImage } from '@earmark/common';
import styles from './avatar.module.css';

export interface AvatarProps {
  user: { username: string; name?: string | null; image?: UserImage | null };
  /** Pixel size; images above 64px use the medium file. */
  size?: number;
  /** Set when the avatar is the only content of a link or button, so it names it. */
  decorative?: boolean;
}

/** A round user picture, or the user's initial on a tinted circle. */
export function Avatar({ user, size = 32, decorative = true }: AvatarProps) {
  const display = user.name || user.username;
  const alt = decorative ? '' : display;
  const src = user.image ? (size > 64 ? user.image.md : user.image.sm) : null;
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
      role={src ? undefined : decorative ? 'presentation' : 'img'}
      aria-label={src || decorative ? undefined : alt}
    >
      {src ? (
        <img src={src} alt={alt} width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <span aria-hidden="true">{display.charAt(0).toUpperCase()}</span>
      )}
    </span>
  );
}
