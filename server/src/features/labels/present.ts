import type { Label } from '@earmark/common';
import type { labels } from '../../db/schema/catalogue';

export type LabelRow = typeof labels.$inferSelect;

export function toLabel(row: LabelRow): Label {
  return {
    id: row.id,
    name: row.name,
    nameLatin: row.nameLatin,
    releasesCount: row.visibleReleasesCount,
  };
}
