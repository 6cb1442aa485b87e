/**
 * The users a badge page lists: supporters, or trusted contributors (and the
 * editors and admins above them). Hidden accounts are left out. These sets
 * stay small, so bounded page numbers are enough.
 */
import { and, asc, count, gte, sql, type SQL } from 'drizzle-orm';
import {
  BADGE_USERS_PAGE_SIZE,
  BadgeKind,
  ContributorStatus,
  SupporterStatus,
  type BadgeUsersPage,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';
import { visibleAccount } from '../../db/visibility';
import { toPublicUser } from './present';

const badgeHolders: Record<BadgeKind, SQL> = {
  [BadgeKind.Supporter]: gte(users.supporter, SupporterStatus.SUPPORTER),
  [BadgeKind.Trusted]: gte(users.contributorStatus, ContributorStatus.TRUSTED_CONTRIBUTOR),
};

export async function listBadgeUsers(
  db: DbOrTx,
  type: BadgeKind,
  page: number,
  viewer: UserRow | null,
): Promise<BadgeUsersPage> {
  const where = and(badgeHolders[type], visibleAccount());
  const size = BADGE_USERS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.username}) collate "C"`), asc(users.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const totalItems = total?.n ?? 0;
  return {
    users: rows.map((row) => toPublicUser(row, viewer)),
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(totalItems / size)),
    totalItems,
    currentItems: rows.length,
    itemsPerPage: size,
  };
}
