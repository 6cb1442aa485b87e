import { and, count, eq, sql } from 'drizzle-orm';
import type { Label } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { labels, releaseLabels, releases } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { isVisible, visibleById } from '../../db/visibility';
import { toLabel } from './present';

export const LABEL_NOT_FOUND = 'Label not found';

export const findVisibleLabel = visibleById(labels, 'visible_label');

/** How many visible releases carry the label (release_labels_label_idx). */
const labelReleasesCount = preparedPer((db) =>
  db
    .select({ n: count() })
    .from(releaseLabels)
    .innerJoin(releases, eq(releases.id, releaseLabels.releaseId))
    .where(and(eq(releaseLabels.labelId, sql.placeholder('id')), isVisible(releases)))
    .prepare('label_releases_count'),
);

export async function countLabelReleases(db: DbOrTx, id: string): Promise<number> {
  const [row] = await labelReleasesCount(db).execute({ id });
  return row?.n ?? 0;
}

/** A label and its release count; the page lists the releases through GET releases?labelId=. */
export async function getLabel(db: DbOrTx, id: string): Promise<Label> {
  const row = await findVisibleLabel(db, id);
  if (!row) throw notFound(LABEL_NOT_FOUND);
  return toLabel(row, await countLabelReleases(db, id));
}
