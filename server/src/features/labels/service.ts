import { and, count, eq } from 'drizzle-orm';
import type { Label } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { labels, releaseLabels, releases } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { isVisible } from '../../db/visibility';
import { toLabel, type LabelRow } from './present';

export const LABEL_NOT_FOUND = 'Label not found';

export async function findVisibleLabel(db: DbOrTx, id: string): Promise<LabelRow | null> {
  const [row] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.id, id), isVisible(labels)))
    .limit(1);
  return row ?? null;
}

/** How many visible releases carry the label (release_labels_label_idx). */
export async function countLabelReleases(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(releaseLabels)
    .innerJoin(releases, eq(releases.id, releaseLabels.releaseId))
    .where(and(eq(releaseLabels.labelId, id), isVisible(releases)));
  return row?.n ?? 0;
}

/** A label and its release count; the page lists the releases through GET releases?labelId=. */
export async function getLabel(db: DbOrTx, id: string): Promise<Label> {
  const row = await findVisibleLabel(db, id);
  if (!row) throw notFound(LABEL_NOT_FOUND);
  return toLabel(row, await countLabelReleases(db, id));
}
