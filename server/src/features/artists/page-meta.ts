import { PRODUCT_NAME } from '@earmark/common';
import type { Db } from '../../db/client';
import type { PageMeta } from '../../plugins/spa';
import { entityIdFromPath, excerpt } from '../releases/page-meta';
import { findVisibleArtist } from './service';

export async function artistPageMeta(db: Db, pathname: string): Promise<PageMeta | null> {
  const id = entityIdFromPath(pathname, 'artist');
  if (!id) return null;
  const row = await findVisibleArtist(db, id);
  if (!row) return null;
  return {
    title: row.name,
    description: row.bio
      ? excerpt(row.bio)
      : `Discography of ${row.name}: releases, ratings and reviews on ${PRODUCT_NAME}.`,
    type: 'profile',
  };
}
