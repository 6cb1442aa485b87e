import type { ListCover } from '@earmark/common';
import { ListIcon } from '../../../components/icons';
import { CoverImage } from '../../releases';
import styles from './list-cover-mosaic.module.css';

const TILE_SIZES = '(min-width: 600px) 110px, 22vw';

/** Up to four covers of a list's first releases, each under the viewer's explicit-cover rules. */
export function ListCoverMosaic({ covers }: { covers: readonly ListCover[] }) {
  if (covers.length === 0) {
    return (
      <div className={`${styles.mosaic} ${styles.empty}`}>
        <ListIcon size={32} aria-hidden="true" />
      </div>
    );
  }
  return (
    <div className={styles.mosaic}>
      {covers.slice(0, 4).map((tile) => (
        <CoverImage
          key={tile.id}
          cover={tile.cover}
          explicitCoverArt={tile.explicitCoverArt}
          alt=""
          sizes={TILE_SIZES}
        />
      ))}
    </div>
  );
}
