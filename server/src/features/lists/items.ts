import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import {
  LIST_ITEMS_MAX,
  LIST_ITEMS_PAGE_SIZE,
  type ListItem,
  type PagedListItems,
  type ReorderListItemsInput,
  type ViewerEntry,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { pageOffset } from '../../db/page-bounds';
import { releases } from '../../db/schema/catalogue';
import { listItems, lists } from '../../db/schema/lists';
import { users, type UserRow } from '../../db/schema/users';
import { hiddenCatalogue, isVisible, visibleReleaseUnjoined } from '../../db/visibility';
import { cacheTags, catalogueTags, listWriteTags } from '../../lib/cache-tags';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageFields } from '../../lib/keyset-page';
import { violatedUniqueIndex } from '../../lib/unique-violation';
import { transact, type UnitOfWork, type WriteScope } from '../../lib/unit-of-work';
import { readerRowsMoment } from '../../db/batched';
import { releaseCardColumns, toReleaseSummary } from '../releases/present';
import {
  readerEntryColumns,
  readerEntryJoin,
  readerEntryOfRow,
  viewerEntriesOf,
  type ReleaseViewer,
} from '../releases/summaries';
import { canReadList, LIST_NOT_FOUND, requireOwnList } from './access';
import { validateOrder } from './order';
import { withFields } from '../../lib/objects';

export const ALREADY_IN_LIST = 'This release is already in the list';
export const LIST_FULL = `A list can hold at most ${LIST_ITEMS_MAX} releases`;
export const ITEM_NOT_FOUND = 'List item not found';
export const RELEASE_NOT_FOUND = 'Release not found';

/** The shown items are the counted ones less the few of hidden releases (releases_hidden_idx). */
const hiddenItemsOf = (db: DbOrTx) =>
  db
    .select({ n: count() })
    .from(listItems)
    .innerJoin(releases, eq(releases.id, listItems.releaseId))
    .where(and(eq(listItems.listId, sql.placeholder('listId')), hiddenCatalogue(releases)));

/**
 * A page of a list's items in rank order with their release cards, read
 * with the list itself in one statement: the list's row (with its owner's
 * standing, for canReadList) left joined to the page's items, so a page
 * past the last item is one row without an item, and an unknown list no
 * row. Each row carries the count of the items of hidden releases (worked
 * out once for the statement). The page's items are read first, whole, in
 * the walk of the position index (which reads each item's row for its
 * release, to leave hidden ones out: releases_hidden_idx), then their
 * releases: a deep page skips items, not items joined to their releases,
 * and no item is looked up twice. Signed in (`reader` bound), each row
 * carries the reader's entry on its release (readerEntryJoin). Prepared:
 * planning cost more than running it (see docs/decisions.md).
 */
function itemsPageStatement(db: DbOrTx, signedIn: boolean) {
  const page = db.$with('page').as(
    db
      .select({
        id: listItems.id,
        position: listItems.position,
        note: listItems.note,
        releaseId: listItems.releaseId,
      })
      .from(listItems)
      .where(
        and(
          eq(listItems.listId, sql.placeholder('listId')),
          visibleReleaseUnjoined(listItems.releaseId),
        ),
      )
      .orderBy(asc(listItems.position), asc(listItems.id))
      .limit(sql.placeholder('limit'))
      .offset(pageOffset(sql.placeholder('offset'))),
  );
  const shown = db
    .select({
      itemId: sql<string>`${page.id}`.as('item_id'),
      position: page.position,
      note: page.note,
      ...releaseCardColumns,
    })
    .from(page)
    .innerJoin(releases, eq(releases.id, page.releaseId))
    .as('shown');
  const { itemId, position, note, ...card } = shown._.selectedFields;
  const reader = signedIn ? readerEntryJoin(card.id, sql.placeholder('reader')) : undefined;
  const statement = db
    .with(page)
    .select({
      list: { published: lists.published, userId: lists.userId, itemsCount: lists.itemsCount },
      ownerStatus: users.accountStatus,
      hidden: sql<number>`(${hiddenItemsOf(db)})`.mapWith(Number),
      itemId,
      note,
      release: card,
      ...(signedIn ? readerEntryColumns : {}),
    })
    .from(lists)
    .innerJoin(users, eq(users.id, lists.userId))
    .leftJoin(shown, sql`true`)
    .$dynamic();
  if (reader) statement.leftJoin(reader.table, reader.on);
  return statement
    .where(eq(lists.id, sql.placeholder('listId')))
    .orderBy(asc(position), asc(itemId))
    .prepare(signedIn ? 'list_items_page_for_reader' : 'list_items_page');
}

const itemsPageForAnyone = preparedPer((db) => itemsPageStatement(db, false));
const itemsPageForReader = preparedPer((db) => itemsPageStatement(db, true));

/**
 * A page of a list's items (see itemsPageStatement) and, when `reader` is
 * given, their entries on its releases. The list must be readable by
 * `readableBy` (null: by anyone, as the read cache keeps it).
 */
async function readItemsPage(
  db: DbOrTx,
  listId: string,
  page: number,
  reader: { id: string } | null | undefined,
  readableBy: { id: string } | null | undefined,
): Promise<{ page: PagedListItems; mine: Map<string, ViewerEntry> }> {
  const pageSize = LIST_ITEMS_PAGE_SIZE;
  const before = (page - 1) * pageSize;
  const values = { listId, limit: pageSize, offset: before };
  const rows = reader
    ? await itemsPageForReader(db).execute(withFields(values, { reader: reader.id }))
    : await itemsPageForAnyone(db).execute(values);
  const first = rows[0];
  if (!first || !canReadList(first.list, first.ownerStatus, readableBy?.id)) {
    throw notFound(LIST_NOT_FOUND);
  }
  const mine = new Map<string, ViewerEntry>();
  const items: ListItem[] = [];
  for (const row of rows) {
    if (row.itemId === null || !row.release) continue;
    const release = toReleaseSummary(row.release);
    if (reader) {
      const entry = readerEntryOfRow(row as Parameters<typeof readerEntryOfRow>[0]);
      if (entry) mine.set(release.id, entry);
    }
    items.push({ id: row.itemId, index: before + items.length, note: row.note, release });
  }
  const fields = pageFields({
    totalItems: Math.max(0, first.list.itemsCount - first.hidden),
    pageSize,
    before,
    currentItems: items.length,
    nextCursor: null,
  });
  const { nextCursor: _, ...pageOnly } = fields;
  return { page: withFields(pageOnly, { items }), mine };
}

/**
 * A page of a list's items in rank order, each with its 0-based index among
 * the items shown (hidden releases left out) and its release card; read as
 * `viewer` may read it, with their entries on the cards when signed in.
 */
export async function listItemsPage(
  db: DbOrTx,
  listId: string,
  page: number,
  viewer: ReleaseViewer,
): Promise<PagedListItems> {
  const read = await readItemsPage(db, listId, page, viewer, viewer);
  if (viewer) {
    for (const item of read.page.items) {
      item.release.viewerEntry = read.mine.get(item.release.id) ?? null;
    }
  }
  return read.page;
}

/**
 * A published list's page of items made for a signed-in reader: the page
 * as everyone sees it (what the read cache keeps; 404 for a list not
 * everyone may read), and the reader's own entries on its releases, read
 * by the page's statement and kept as viewerEntriesOf keeps what it reads.
 */
export async function listItemsPageFor(
  db: DbOrTx,
  listId: string,
  page: number,
  reader: { id: string },
): Promise<{ page: PagedListItems; mine: Map<string, ViewerEntry> }> {
  const since = readerRowsMoment(db);
  const read = await readItemsPage(db, listId, page, reader, null);
  const ids = read.page.items.map((i) => i.release.id);
  viewerEntriesOf.keep(db, reader.id, ids, read.mine, since);
  return read;
}

/** The read-cache tags of a page of a list's items: the list and the releases it shows. */
export function listItemsPageTags(listId: string, page: PagedListItems): string[] {
  return [cacheTags.list(listId), ...page.items.map((i) => catalogueTags.release(i.release.id))];
}

/** Moves a list's items counter and its last-change time, with the cache tags of the change. */
async function touch(uow: UnitOfWork, listId: string, itemsDelta = 0): Promise<void> {
  await uow.tx
    .update(lists)
    .set({ itemsCount: sql`${lists.itemsCount} + ${itemsDelta}`, updatedAt: sql`now()` })
    .where(eq(lists.id, listId));
  uow.invalidate(...listWriteTags(listId));
}

/** Appends a release to the actor's list: 409 when it is already there, 400 when full. */
export async function addListItem(
  scope: WriteScope,
  actor: UserRow,
  listId: string,
  releaseId: string,
): Promise<{ listId: string; itemId: string }> {
  return transact(scope, async (uow) => {
    const { tx } = uow;
    // Locked: appends to one list take turns, so positions and the limit hold.
    const list = await requireOwnList(tx, listId, actor);
    const [release] = await tx
      .select({ id: releases.id })
      .from(releases)
      .where(and(eq(releases.id, releaseId), isVisible(releases)))
      .limit(1);
    if (!release) throw notFound(RELEASE_NOT_FOUND);
    const [present] = await tx
      .select({ id: listItems.id })
      .from(listItems)
      .where(and(eq(listItems.listId, listId), eq(listItems.releaseId, releaseId)))
      .limit(1);
    if (present) throw conflict(ALREADY_IN_LIST);
    if (list.itemsCount >= LIST_ITEMS_MAX) throw badRequest(LIST_FULL);
    const itemId = newId();
    try {
      await tx.insert(listItems).values({
        id: itemId,
        listId,
        releaseId,
        position: sql`(select coalesce(max(position) + 1, 0) from list_items where list_id = ${listId})`,
      });
    } catch (err) {
      if (violatedUniqueIndex(err) === 'list_items_list_release_key')
        throw conflict(ALREADY_IN_LIST);
      throw err;
    }
    await touch(uow, listId, 1);
    return { listId, itemId };
  });
}

/** Sets or clears (null or empty) an item's note. */
export async function setItemNote(
  scope: WriteScope,
  actor: UserRow,
  listId: string,
  itemId: string,
  note: string | null,
): Promise<void> {
  await transact(scope, async (uow) => {
    await requireOwnList(uow.tx, listId, actor);
    const changed = await uow.tx
      .update(listItems)
      .set({ note: note === '' ? null : note })
      .where(and(eq(listItems.id, itemId), eq(listItems.listId, listId)))
      .returning({ id: listItems.id });
    if (changed.length === 0) throw notFound(ITEM_NOT_FOUND);
    await touch(uow, listId);
  });
}

/** Removes an item; the items after it move up one rank, so ranks stay 0..n-1. */
export async function removeListItem(
  scope: WriteScope,
  actor: UserRow,
  listId: string,
  itemId: string,
): Promise<void> {
  await transact(scope, async (uow) => {
    const { tx } = uow;
    await requireOwnList(tx, listId, actor);
    const [gone] = await tx
      .delete(listItems)
      .where(and(eq(listItems.id, itemId), eq(listItems.listId, listId)))
      .returning({ position: listItems.position });
    if (!gone) throw notFound(ITEM_NOT_FOUND);
    await tx
      .update(listItems)
      .set({ position: sql`${listItems.position} - 1` })
      .where(and(eq(listItems.listId, listId), gt(listItems.position, gone.position)));
    await touch(uow, listId, -1);
  });
}

/**
 * Sets the whole order of the actor's list in one UPDATE. The payload names
 * every item shown (see validateOrder); items of hidden releases keep their
 * order after them.
 */
export async function reorderListItems(
  scope: WriteScope,
  actor: UserRow,
  listId: string,
  input: ReorderListItemsInput,
): Promise<void> {
  await transact(scope, async (uow) => {
    const { tx } = uow;
    await requireOwnList(tx, listId, actor);
    const current = await tx
      .select({ id: listItems.id, visible: isVisible(releases).mapWith(Boolean) })
      .from(listItems)
      .innerJoin(releases, eq(releases.id, listItems.releaseId))
      .where(eq(listItems.listId, listId))
      .orderBy(asc(listItems.position), asc(listItems.id));
    const shown = current.filter((r) => r.visible).map((r) => r.id);
    const ordered = validateOrder(shown, input.items);
    const hidden = current.filter((r) => !r.visible).map((r) => r.id);
    const ids = [...ordered, ...hidden];
    if (ids.length === 0) return;
    await tx.execute(sql`
      update list_items li set position = (v.n - 1)::int
      from unnest(${toArray(ids)}::text[]) with ordinality as v(id, n)
      where li.id = v.id and li.list_id = ${listId}`);
    await touch(uow, listId);
  });
}

/** A text array parameter, written as a PostgreSQL array literal (ids are of our own alphabet). */
function toArray(ids: readonly string[]): string {
  return `{${ids.map((id) => `"${id.replace(/["\\]/g, '')}"`).join(',')}}`;
}
