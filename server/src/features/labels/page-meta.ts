import { PRODUCT_NAME } from '@earmark/common';
import type { Db } from '../../db/client';
import type { PageMeta } from '../../plugins/spa';
import { entityIdFromPath } from '../releases/page-meta';
import { findVisibleLabel } from './service';

export async function labelPageMeta(db: Db, pathname: string): Promise<PageMeta | null> {
  const id = entityIdFromPath(pathname, 'label');
  if (!id) return null;
  const row = await findVisibleLabel(db, id);
  if (!row) return null;
  const n = row.visibleReleasesCount;
  return {
    title: row.name,
    description: `${row.name}: ${n} release${n === 1 ? '' : 's'} on ${PRODUCT_NAME}, with ratings and reviews.`,
  };
}
