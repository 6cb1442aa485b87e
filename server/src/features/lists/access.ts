import { eq, sql, type Placeholder } from 'drizzle-orm';
import { isAdmin, isHiddenAccount } from '@earmark/common';
import type { DbOrTx, Tx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { lists, type ListRow } from '../../db/schema/lists';
import { users, type UserRow } from '../../db/schema/users';
import { forbidden, notFound } from '../../lib/errors';
import { registerTargetKind } from '../targets/registry';

export const LIST_NOT_FOUND = 'List not found';
export const NOT_LIST_OWNER = 'Only the owner of the list can change it';

/** Who may see a list: its owner always (unless hidden), anyone once published. */
export function canReadList(
  list: Pick<ListRow, 'published' | 'userId'>,
  ownerStatus: number,
  viewerId: string | undefined,
): boolean {
  if (isHiddenAccount(ownerStatus)) return false;
  return list.published || list.userId === viewerId;
}

const listQuery = (db: DbOrTx, id: string | Placeholder) =>
  db
    .select({ list: lists, ownerStatus: users.accountStatus })
    .from(lists)
    .innerJoin(users, eq(users.id, lists.userId))
    .where(eq(lists.id, id))
    .limit(1);

/** Read on every visit of a list: prepared, as planning cost more than the lookup. */
const listById = preparedPer((db) => listQuery(db, sql.placeholder('id')).prepare('list_by_id'));

async function findList(db: DbOrTx, id: string, lock = false) {
  const [row] = lock
    ? await listQuery(db, id).for('update', { of: lists })
    : await listById(db).execute({ id });
  return row;
}

/** The list the viewer may read, or 404 (a draft's existence is not revealed). */
export async function requireReadableList(
  db: DbOrTx,
  id: string,
  viewer: { id: string } | null | undefined,
): Promise<ListRow> {
  const row = await findList(db, id);
  if (!row || !canReadList(row.list, row.ownerStatus, viewer?.id)) throw notFound(LIST_NOT_FOUND);
  return row.list;
}

/**
 * The actor's own list, locked for the rest of the transaction so that
 * concurrent changes to its items take turns: 404 when the actor may not
 * read it (someone else's draft), 403 when they may but it is not theirs.
 */
export async function requireOwnList(tx: Tx, id: string, actor: UserRow): Promise<ListRow> {
  const row = await findList(tx, id, true);
  if (!row || !canReadList(row.list, row.ownerStatus, actor.id)) throw notFound(LIST_NOT_FOUND);
  if (row.list.userId !== actor.id) throw forbidden(NOT_LIST_OWNER);
  return row.list;
}

registerTargetKind('list', {
  notFound: LIST_NOT_FOUND,
  lookup: async (db, id, viewer) => {
    const row = await findList(db, id);
    if (!row) return null;
    const readable =
      canReadList(row.list, row.ownerStatus, viewer?.id) || (isAdmin(viewer) && row.list.published);
    return { ownerId: row.list.userId, readable };
  },
});
