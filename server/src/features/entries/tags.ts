import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tag } from '@earmark/common';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { entryTags, userTags, type UserTagRow } from '../../db/schema/entries';
import type { UserRow } from '../../db/schema/users';
import { userWriteTags } from '../../lib/cache-tags';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { violatedUniqueIndex } from '../../lib/unique-violation';
import { transact, type WriteScope } from '../../lib/unit-of-work';

export const TAG_NOT_FOUND = 'Tag not found';
export const TAG_EXISTS = 'You already have this tag';
export const NOT_YOUR_TAG = 'You can only change your own tags';
export const ONLY_OWN_TAGS = 'You can only use your own tags';

const toTag = (row: Pick<UserTagRow, 'id' | 'name'>): Tag => ({ id: row.id, name: row.name });

/** Runs a tag write, turning the per-user name index's refusal into a 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (violatedUniqueIndex(err) === 'user_tags_user_name_key') throw conflict(TAG_EXISTS);
    throw err;
  }
}

/** Prepared: the tag picker asks for them whenever a member opens it. */
const ownTags = preparedPer((db) =>
  db
    .select({ id: userTags.id, name: userTags.name })
    .from(userTags)
    .where(eq(userTags.userId, sql.placeholder('userId')))
    .orderBy(sql`lower(${userTags.name})`, asc(userTags.id))
    .prepare('own_tags'),
);

/** The user's own tags by name (the tag picker's choices, used or not). */
export async function listOwnTags(db: DbOrTx, owner: UserRow): Promise<Tag[]> {
  const rows = await ownTags(db).execute({ userId: owner.id });
  return rows.map(toTag);
}

export async function createTag(db: Db, actor: UserRow, name: string): Promise<Tag> {
  const [row] = await uniqueName(() =>
    db.insert(userTags).values({ id: newId(), userId: actor.id, name }).returning(),
  );
  return toTag(row!);
}

async function requireOwnTag(db: DbOrTx, actor: UserRow, id: string): Promise<UserTagRow> {
  const [row] = await db.select().from(userTags).where(eq(userTags.id, id));
  if (!row) throw notFound(TAG_NOT_FOUND);
  if (row.userId !== actor.id) throw forbidden(NOT_YOUR_TAG);
  return row;
}

export async function renameTag(
  scope: WriteScope,
  actor: UserRow,
  id: string,
  name: string,
): Promise<Tag> {
  return transact(scope, async (uow) => {
    await requireOwnTag(uow.tx, actor, id);
    const [row] = await uniqueName(() =>
      uow.tx
        .update(userTags)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(userTags.id, id), eq(userTags.userId, actor.id)))
        .returning(),
    );
    if (!row) throw notFound(TAG_NOT_FOUND);
    // Entries show their tags by name.
    uow.invalidate(...userWriteTags(actor.id));
    return toTag(row);
  });
}

/** Deletes the tag; the entries carrying it lose it (entry_tags cascade). */
export async function deleteTag(scope: WriteScope, actor: UserRow, id: string): Promise<void> {
  await transact(scope, async (uow) => {
    await requireOwnTag(uow.tx, actor, id);
    await uow.tx.delete(userTags).where(and(eq(userTags.id, id), eq(userTags.userId, actor.id)));
    uow.invalidate(...userWriteTags(actor.id));
  });
}

/**
 * The distinct tag ids, checked to be the owner's own: 404 for an unknown
 * tag, 403 for someone else's.
 */
export async function requireOwnTags(
  tx: DbOrTx,
  ownerId: string,
  ids: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return wanted;
  const rows = await tx
    .select({ id: userTags.id, userId: userTags.userId })
    .from(userTags)
    .where(inArray(userTags.id, wanted));
  if (rows.length !== wanted.length) throw notFound(TAG_NOT_FOUND);
  if (rows.some((r) => r.userId !== ownerId)) throw forbidden(ONLY_OWN_TAGS);
  return wanted;
}

/** Makes the entry carry exactly these (already checked) tags; true when that changed anything. */
export async function setEntryTags(
  tx: DbOrTx,
  entryId: string,
  tagIds: readonly string[],
): Promise<boolean> {
  const removed = await tx
    .delete(entryTags)
    .where(
      tagIds.length > 0
        ? and(eq(entryTags.entryId, entryId), notInArray(entryTags.tagId, [...tagIds]))
        : eq(entryTags.entryId, entryId),
    )
    .returning({ tagId: entryTags.tagId });
  const added =
    tagIds.length === 0
      ? []
      : await tx
          .insert(entryTags)
          .values(tagIds.map((tagId) => ({ entryId, tagId })))
          .onConflictDoNothing()
          .returning({ tagId: entryTags.tagId });
  return removed.length > 0 || added.length > 0;
}
