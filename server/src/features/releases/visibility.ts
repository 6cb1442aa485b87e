import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { artists, genres, labels, releases } from '../../db/schema/catalogue';

/**
 * Entities waiting for deletion (their auto-approved creation was voted
 * down) or merged into another are hidden: absent from every list and 404
 * on their own page.
 */
type Hideable = typeof releases | typeof artists | typeof labels | typeof genres;

export function isVisible(table: Hideable): SQL {
  return and(eq(table.pendingDeletion, false), isNull(table.mergedIntoId))!;
}
