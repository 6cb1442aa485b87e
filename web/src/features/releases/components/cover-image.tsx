import type { Cover, ExplicitCoverArt } from '@earmark/common';
import { DiscIcon } from '../../../components/icons';
import { EyeOffIcon } from '../../../components/extra-icons';
import { useCurrentUser } from '../../../lib/current-user';
import { canShowCover } from '../format';
import styles from './cover-image.module.css';

export interface CoverImageProps {
  cover: Cover | null;
  explicitCoverArt: readonly ExplicitCoverArt[];
  /** '' when the cover sits next to text that already names the release. */
  alt: string;
  /** 'card' loads lazily from the small sizes; 'page' loads the large size at once. */
  variant?: 'card' | 'page';
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes?: string;
}

const CARD_SIZES = '(min-width: 1280px) 210px, (min-width: 600px) 25vw, 34vw';
const PAGE_SIZES = '(min-width: 960px) 320px, 90vw';

/**
 * A release cover, square. Covers with content categories the viewer has not
 * allowed (every category, for signed-out viewers) are replaced by a neutral
 * placeholder, as is a release without a cover.
 */
export function CoverImage({
  cover,
  explicitCoverArt,
  alt,
  variant = 'card',
  sizes,
}: CoverImageProps) {
  const { user } = useCurrentUser();
  const hidden = !canShowCover(explicitCoverArt, user?.allowExplicitCoverArt);
  const className = `${styles.cover} ${styles[variant]}`;

  if (hidden || !cover) {
    return (
      <div
        className={`${className} ${styles.placeholder}`}
        role={alt ? 'img' : undefined}
        aria-label={alt ? (hidden ? `${alt} (hidden: explicit cover)` : alt) : undefined}
      >
        {hidden ? (
          <>
            <EyeOffIcon size={variant === 'page' ? 36 : 24} />
            <span className={styles.label}>Explicit cover</span>
          </>
        ) : (
          <DiscIcon size={variant === 'page' ? 48 : 30} />
        )}
      </div>
    );
  }

  const isPage = variant === 'page';
  return (
    <img
      className={className}
      src={isPage ? cover.lg : cover.md}
      srcSet={isPage ? `${cover.md} 500w, ${cover.lg} 1000w` : `${cover.sm} 250w, ${cover.md} 500w`}
      sizes={sizes ?? (isPage ? PAGE_SIZES : CARD_SIZES)}
      width={isPage ? 1000 : 250}
      height={isPage ? 1000 : 250}
      alt={alt}
      loading={isPage ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={isPage ? 'high' : 'auto'}
    />
  );
}
