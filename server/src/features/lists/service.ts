import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import {
  CommentTargetKind,
  type CreateListReply,
  type List,
  type createListSchema,
  type updateListSchema,
} from '@earmark/common';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { lists } from '../../db/schema/lists';
import { users, type UserRow } from '../../db/schema/users';
import { visibleList } from '../../db/visibility';
import { cacheTags, listWriteTags } from '../../lib/cache-tags';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { readerOf, transact, type WriteScope } from '../../lib/unit-of-work';
import { deleteThread } from '../comments/service';
import { forgetSubjects } from '../notifications/service';
import { LIST_NOT_FOUND, requireOwnList } from './access';
import { listColumns, toList } from './present';

type CreateList = z.output<typeof createListSchema>;
type UpdateList = z.output<typeof updateListSchema>;

/**
 * A list's page by id, for nobody or for a viewer (their drafts, their
 * like): prepared, as planning it cost more than running it.
 */
function listPageStatement(name: string, viewerId: Placeholder | undefined) {
  return preparedPer((db) =>
    db
      .select(listColumns(viewerId))
      .from(lists)
      .innerJoin(users, eq(users.id, lists.userId))
      .where(and(eq(lists.id, sql.placeholder('id')), visibleList(viewerId)))
      .limit(1)
      .prepare(name),
  );
}

const listPage = listPageStatement('list_page', undefined);
const listPageFor = listPageStatement('list_page_viewer', sql.placeholder('viewerId'));

/** A list as the viewer may see it, or 404 (a draft is the owner's alone). */
export async function getList(
  db: DbOrTx,
  id: string,
  viewer: { id: string } | null | undefined,
): Promise<List> {
  const [row] = viewer
    ? await listPageFor(db).execute({ id, viewerId: viewer.id })
    : await listPage(db).execute({ id });
  if (!row) throw notFound(LIST_NOT_FOUND);
  return toList(row);
}

/** Creates a draft list of the actor's. */
export async function createList(
  scope: WriteScope,
  actor: UserRow,
  input: CreateList,
): Promise<CreateListReply> {
  return transact(scope, async (uow) => {
    const id = newId();
    await uow.tx.insert(lists).values({
      id,
      userId: actor.id,
      title: input.title,
      description: input.description ?? null,
      grid: input.grid,
      ranked: input.ranked,
    });
    // A draft shows only on its owner's lists tab (GET lists?userId), a page of lists.
    uow.invalidate(cacheTags.lists);
    return { createList: { id } };
  });
}

/** Changes the title, description or layout of the actor's list. */
export async function updateList(
  scope: WriteScope,
  actor: UserRow,
  id: string,
  input: UpdateList,
): Promise<List> {
  await transact(scope, async (uow) => {
    await requireOwnList(uow.tx, id, actor);
    const change: Partial<typeof lists.$inferInsert> = {};
    if (input.title !== undefined) change.title = input.title;
    if (input.description !== undefined) change.description = input.description;
    if (input.grid !== undefined) change.grid = input.grid;
    if (input.ranked !== undefined) change.ranked = input.ranked;
    await uow.tx
      .update(lists)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(lists.id, id));
    uow.invalidate(...listWriteTags(id));
  });
  return getList(readerOf(scope), id, actor);
}

/** Publishes the actor's list; publishing again keeps the first publication time. */
export async function publishList(scope: WriteScope, actor: UserRow, id: string): Promise<List> {
  await transact(scope, async (uow) => {
    const list = await requireOwnList(uow.tx, id, actor);
    if (list.published) return;
    await uow.tx
      .update(lists)
      .set({ published: true, publishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(lists.id, id));
    uow.invalidate(...listWriteTags(id));
  });
  return getList(readerOf(scope), id, actor);
}

/** Deletes the actor's list with its items and likes (and, by cascade, what else refers to it). */
export async function deleteList(scope: WriteScope, actor: UserRow, id: string): Promise<void> {
  await transact(scope, async (uow) => {
    await requireOwnList(uow.tx, id, actor);
    await uow.tx.delete(lists).where(eq(lists.id, id));
    // Its comments and the notifications about it (likes, comments) go with it.
    await deleteThread(uow, CommentTargetKind.LIST, id);
    await forgetSubjects(uow, [id]);
    uow.invalidate(...listWriteTags(id));
  });
}
