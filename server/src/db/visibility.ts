/**
 * The one visibility rule: whose content is hidden. Every query that shows
 * user content or catalogue things filters with these helpers, so a ban
 * hides all of a user's content at once and an unban brings it all back
 * (lists leave hidden rows out at read time; the stored counters leave them
 * out too, recounted by the status change: db/recount-sql).
 *
 * - Accounts: banned and deleted accounts (HIDDEN_ACCOUNT_STATUSES in
 *   common) are hidden with everything they wrote: profile, entries,
 *   ratings, reviews, tags, track votes, follows.
 * - Lists: a draft is seen by its owner alone; a hidden owner's lists are
 *   hidden from everyone, the owner included (a hidden account has no session).
 * - Catalogue things (releases, artists, labels, genres) waiting for
 *   deletion (their auto-approved creation was voted down) or merged into
 *   another are hidden: absent from every list and 404 on their own page.
 */
import { and, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HIDDEN_ACCOUNT_STATUSES } from '@earmark/common';
import { releases, type artists, type genres, type labels } from './schema/catalogue';
import type { DbOrTx } from './client';
import { preparedPer } from './prepared';
import { lists } from './schema/lists';
import { users } from './schema/users';

const hiddenStatuses = [...HIDDEN_ACCOUNT_STATUSES] as number[];

/**
 * The hidden statuses are written into the text, not bound: a prepared
 * statement's generic plan then knows how few accounts they are (bound, it
 * took the visible ones for a single row and read lists from every user),
 * and may use the partial index on hidden accounts (users_hidden_idx).
 */
const hiddenStatusList = sql.raw(hiddenStatuses.join(', '));

/** The account (`users` joined, or the column given) is not hidden. */
export function visibleAccount(status: AnyPgColumn = users.accountStatus): SQL {
  return sql`${status} not in (${hiddenStatusList})`;
}

/** The account is hidden. */
export function hiddenAccount(status: AnyPgColumn = users.accountStatus): SQL {
  return sql`${status} in (${hiddenStatusList})`;
}

type Hideable = typeof releases | typeof artists | typeof labels | typeof genres;

/** The catalogue thing is neither pending deletion nor merged away. */
export function isVisible(table: Hideable): SQL {
  return and(eq(table.pendingDeletion, false), isNull(table.mergedIntoId))!;
}

/**
 * The same rule written as the partial indexes over visible things state it
 * (no value bound), so a prepared statement's generic plan may read them:
 * with `pending_deletion = $1` only a plan made for the value could.
 */
export function isVisibleAsIndexed(table: Hideable): SQL {
  return sql`not ${table.pendingDeletion} and ${table.mergedIntoId} is null`;
}

/**
 * A catalogue thing by id when visible, else null: a statement prepared
 * once per database handle under `name`, as every page of the thing and
 * every change to it starts with this lookup, and planning it cost more
 * than running it.
 */
export function visibleById<T extends Hideable>(
  table: T,
  name: string,
): (db: DbOrTx, id: string) => Promise<T['$inferSelect'] | null> {
  const statement = preparedPer((db) =>
    (db.select().from(table as Hideable) as unknown as SelectFrom)
      .where(and(eq(table.id, sql.placeholder('id')), isVisible(table))!)
      .limit(1)
      .prepare(name),
  );
  return async (db, id) => {
    const [row] = await statement(db).execute({ id });
    return (row as T['$inferSelect'] | undefined) ?? null;
  };
}

/** The part of a select Drizzle types per table that visibleById uses, whatever the table. */
interface SelectFrom {
  where(condition: SQL): {
    limit(n: number): {
      prepare(name: string): { execute(values: { id: string }): Promise<unknown[]> };
    };
  };
}

/**
 * The same rule for a catalogue table under an SQL alias, for the JSON
 * sub-selects written in SQL (a release's artists, labels, genres).
 */
export function visibleCatalogueAlias(alias: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not an SQL alias: ${alias}`);
  return sql.raw(`${alias}.pending_deletion = false and ${alias}.merged_into_id is null`);
}

/** The account under an SQL alias of `users` is not hidden. */
export function visibleAccountAlias(alias: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not an SQL alias: ${alias}`);
  return sql.raw(`${alias}.account_status not in (${hiddenStatuses.join(', ')})`);
}

/**
 * The catalogue thing is hidden, in the form of the partial index on hidden
 * releases (releases_hidden_idx): to count the few hidden rows of a large set.
 */
export function hiddenCatalogue(table: Hideable): SQL {
  return sql`(${table.pendingDeletion} or ${table.mergedIntoId} is not null)`;
}

/**
 * Entries (ratings, reviews, tags, track votes) anyone may see: their owner
 * is not hidden and their release is visible. Needs `users` and `releases`
 * joined to `entries`.
 */
export function visibleEntry(): SQL {
  return and(visibleAccount(), isVisible(releases))!;
}

/**
 * Lists the viewer may see: the owner's account is not hidden and the list
 * is published or the viewer's own. Needs `users` joined on the owner.
 */
export function visibleList(viewerId?: string | Placeholder | null): SQL {
  return and(visibleAccount(), listSeenBy(viewerId))!;
}

/**
 * Published is written as the lists indexes' predicate (`where published`),
 * not compared with a bound `true`: only then may a prepared statement's
 * generic plan read those partial indexes, and PostgreSQL otherwise planned
 * the lists' pages anew on every request.
 */
function listSeenBy(viewerId?: string | Placeholder | null): SQL {
  const published = sql`${lists.published}`;
  return viewerId ? or(published, eq(lists.userId, viewerId))! : published;
}

/**
 * The same rule without `users` joined, for counting lists: the owner is
 * looked up among the few hidden accounts (users_hidden_idx) instead of
 * every list's owner among all users.
 */
export function visibleListUnjoined(viewerId?: string | Placeholder | null): SQL {
  const hiddenOwner = sql`select 1 from ${users} where ${users.id} = ${lists.userId}
    and ${users.accountStatus} in (${sql.raw(hiddenStatuses.join(', '))})`;
  return and(sql`not exists (${hiddenOwner})`, listSeenBy(viewerId))!;
}

/**
 * The owner of the entries row (`userId` of it) is not hidden, without
 * joining `users`: looked up among the few hidden accounts (users_hidden_idx).
 * A list walking an entries index then reads nothing but that index, where a
 * join would fetch the owner of every row it passes, an offset page's
 * skipped rows included.
 */
export function visibleOwnerUnjoined(userId: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${users} hidden_owner
    where hidden_owner.id = ${userId}
      and hidden_owner.account_status in (${sql.raw(hiddenStatuses.join(', '))}))`;
}

/**
 * The release of the row (`releaseId` of it) is visible, without joining
 * `releases`: looked up among the few hidden releases (releases_hidden_idx),
 * or, when the list is one release's (`knownId`), checked once.
 */
export function visibleReleaseUnjoined(
  releaseId: AnyPgColumn,
  knownId?: string | Placeholder,
): SQL {
  return knownId
    ? sql`exists (select 1 from ${releases} listed_release
      where listed_release.id = ${knownId} and ${visibleCatalogueAlias('listed_release')})`
    : sql`not exists (select 1 from ${releases} hidden_release
      where hidden_release.id = ${releaseId}
        and (hidden_release.pending_deletion or hidden_release.merged_into_id is not null))`;
}
