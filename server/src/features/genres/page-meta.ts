import { PRODUCT_NAME } from '@earmark/common';
import type { Db } from '../../db/client';
import type { PageMeta } from '../../plugins/spa';
import { entityIdFromPath, excerpt } from '../releases/page-meta';
import { findVisibleGenre } from './service';

export async function genrePageMeta(db: Db, pathname: string): Promise<PageMeta | null> {
  const id = entityIdFromPath(pathname, 'genre');
  if (!id) return null;
  const row = await findVisibleGenre(db, id);
  if (!row) return null;
  return {
    title: row.name,
    description: row.bio
      ? excerpt(row.bio)
      : `New ${row.name} releases, with ratings and reviews, on ${PRODUCT_NAME}.`,
  };
}
