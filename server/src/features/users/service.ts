import { and, eq, ne, sql } from 'drizzle-orm';
import {
  type AccountStatus,
  isAdmin,
  isHiddenAccount,
  isReservedUsername,
  type ExplicitCoverArt,
  type Theme,
  type UserProfile,
} from '@earmark/common';
import type { DbOrTx, Tx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { users, type UserRow } from '../../db/schema/users';
import { cacheTags, userWriteTags } from '../../lib/cache-tags';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { transact, type WriteScope } from '../../lib/unit-of-work';
import { endUserSessions } from '../../plugins/session';
import { toUserProfile } from './present';
import { violatedUniqueIndex } from '../../lib/unique-violation';
import { recountAccountCounters } from './account-counters';

export const USER_NOT_FOUND = 'User not found';
export const NOT_YOUR_ACCOUNT = 'You can only change your own account';
export const USERNAME_NOT_AVAILABLE = 'Username is not available';
export const USERNAME_TAKEN = 'Username is already taken';

/** Every change to an account is made by that account's owner only. */
export function assertSelf(actor: UserRow, userId: string): void {
  if (actor.id !== userId) throw forbidden(NOT_YOUR_ACCOUNT);
}

/** Case-insensitive lookup; the unique index on lower(username) serves it. */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  return (await profileLookup(db, username, null))?.row ?? null;
}

/**
 * A user by username, with whether the viewer follows them (false for
 * nobody: the placeholder is null), in one prepared statement: profiles are
 * read on every visit, and planning cost more than the lookup.
 */
const userByUsername = preparedPer((db) =>
  db
    .select({
      row: users,
      followedByViewer: sql<boolean>`exists (select 1 from follows f
        where f.follower_id = ${sql.placeholder('viewerId')} and f.following_id = users.id)`,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, sql.placeholder('username')))
    .limit(1)
    .prepare('user_by_username'),
);

async function profileLookup(
  db: DbOrTx,
  username: string,
  viewerId: string | null,
): Promise<{ row: UserRow; followedByViewer: boolean } | undefined> {
  const [found] = await userByUsername(db).execute({ username: username.toLowerCase(), viewerId });
  return found;
}

const userById = preparedPer((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id'),
);

/** Banned and deleted accounts, and everything shown on their pages, exist only for admins. */
function visibleTo(row: UserRow | null, viewer: UserRow | null): row is UserRow {
  return !!row && (!isHiddenAccount(row.accountStatus) || isAdmin(viewer));
}

/** A user whose pages (profile, stats, follow lists) the viewer may see, else 404. */
export async function requireVisibleUser(
  db: DbOrTx,
  userId: string,
  viewer: UserRow | null,
): Promise<UserRow> {
  const [row] = await userById(db).execute({ id: userId });
  const found = row ?? null;
  if (!visibleTo(found, viewer)) throw notFound(USER_NOT_FOUND);
  return found;
}

/** A profile page's data; a signed-in viewer also learns whether they follow this user. */
export async function getProfile(
  db: DbOrTx,
  username: string,
  viewer: UserRow | null,
): Promise<UserProfile> {
  const found = await profileLookup(db, username, viewer?.id ?? null);
  const row = found?.row ?? null;
  if (!visibleTo(row, viewer)) throw notFound(USER_NOT_FOUND);
  const profile = toUserProfile(row, viewer);
  if (viewer) profile.followedByViewer = found!.followedByViewer;
  return profile;
}

async function updateUser(
  db: DbOrTx,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export interface ProfileChanges {
  username: string;
  /** Absent leaves the name as it is; empty or null clears it. */
  name?: string | null;
}

export async function updateProfile(
  scope: WriteScope,
  actor: UserRow,
  userId: string,
  input: ProfileChanges,
): Promise<UserRow> {
  assertSelf(actor, userId);
  return transact(scope, async (uow) => {
    const row = await changeProfile(uow.tx, actor, userId, input);
    // Entries show their owner's name and username.
    uow.invalidate(...userWriteTags(row.id));
    return row;
  });
}

async function changeProfile(
  db: Tx,
  actor: UserRow,
  userId: string,
  input: ProfileChanges,
): Promise<UserRow> {
  const { username } = input;
  const sameName = username.toLowerCase() === actor.username.toLowerCase();
  // A seeded account may already hold a reserved name (the admin); it may keep it.
  if (!sameName && isReservedUsername(username)) throw badRequest(USERNAME_NOT_AVAILABLE);
  if (!sameName) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), ne(users.id, userId)))
      .limit(1);
    if (other) throw conflict(USERNAME_TAKEN);
  }
  const values: Partial<typeof users.$inferInsert> = { username };
  if (input.name !== undefined) values.name = input.name ? input.name : null;
  try {
    return await updateUser(db, userId, values);
  } catch (err) {
    // Someone took the name between the check and the update.
    if (violatedUniqueIndex(err) !== null) throw conflict(USERNAME_TAKEN);
    throw err;
  }
}

export async function updatePreferences(
  db: DbOrTx,
  actor: UserRow,
  userId: string,
  input: { allowExplicitCoverArt: ExplicitCoverArt[] },
): Promise<UserRow> {
  assertSelf(actor, userId);
  return updateUser(db, userId, {
    allowExplicitCoverArt: [...new Set(input.allowExplicitCoverArt)],
  });
}

export async function updateTheme(
  db: DbOrTx,
  actor: UserRow,
  userId: string,
  theme: Theme,
): Promise<UserRow> {
  assertSelf(actor, userId);
  return updateUser(db, userId, { theme: { preset: theme.preset, colors: theme.colors } });
}

/**
 * Sets an account's status (the moderation seam: ban, unban, delete). Hiding
 * or showing an account hides or shows all its content at once through the
 * visibility rule, so every cached page is dropped after the commit; a
 * hidden account also loses its sessions (and its live sockets). Counters
 * and averages count visible accounts' rows only, so the rows the account's
 * rows count in are recounted in the same transaction.
 */
export async function changeAccountStatus(
  scope: WriteScope,
  userId: string,
  status: AccountStatus,
): Promise<void> {
  await transact(scope, async (uow) => {
    const [row] = await uow.tx
      .update(users)
      .set({ accountStatus: status, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw notFound(USER_NOT_FOUND);
    if (isHiddenAccount(status)) await endUserSessions(uow, userId);
    await recountAccountCounters(uow.tx, userId);
    uow.invalidate(cacheTags.all);
  });
}
