import type { ReleaseSummary } from '@earmark/common';
import { CoverImage } from '../../releases';

/** A small cover beside a release's title (which names it, so the image has no text of its own). */
export function ReleaseThumb({
  release,
  className,
  width,
}: {
  release: Pick<ReleaseSummary, 'cover' | 'explicitCoverArt'>;
  /** Sets the thumbnail's width. */
  className: string | undefined;
  /** The drawn width in CSS pixels, for choosing the image size. */
  width: number;
}) {
  return (
    <div className={className}>
      <CoverImage
        cover={release.cover}
        explicitCoverArt={release.explicitCoverArt}
        alt=""
        sizes={`${width}px`}
      />
    </div>
  );
}
