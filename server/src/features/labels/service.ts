import type { Label } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { labels } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { visibleById } from '../../db/visibility';
import { toLabel } from './present';

export const LABEL_NOT_FOUND = 'Label not found';

export const findVisibleLabel = visibleById(labels, 'visible_label');

/**
 * A label and how many visible releases carry it (its kept
 * `visible_releases_count`, which its links' triggers keep: one row read);
 * the page lists the releases through GET releases?labelId=.
 */
export async function getLabel(db: DbOrTx, id: string): Promise<Label> {
  const row = await findVisibleLabel(db, id);
  if (!row) throw notFound(LABEL_NOT_FOUND);
  return toLabel(row);
}
