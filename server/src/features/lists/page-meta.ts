import { and, eq, sql } from 'drizzle-orm';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes } from 'mdast';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import type { CoverFiles } from '../../db/schema/catalogue';
import { lists } from '../../db/schema/lists';
import { users } from '../../db/schema/users';
import { visibleCatalogueAlias, visibleList } from '../../db/visibility';
import type { PageMeta } from '../../plugins/spa';
import { entityIdFromPath, excerpt } from '../releases/page-meta';
import { coverUrls } from '../releases/present';

/**
 * The words of a markdown text as the list page shows them, on one line:
 * markup, link targets, images and raw HTML (which the page does not render)
 * left out, blocks separated by a space.
 */
export function markdownText(markdown: string): string {
  const parts: string[] = [];
  const walk = (node: Nodes): void => {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        parts.push(node.value);
        return;
      case 'code':
        parts.push(` ${node.value} `);
        return;
      case 'break':
        parts.push(' ');
        return;
      case 'html':
      case 'image':
      case 'imageReference':
      case 'definition':
        return;
    }
    if (!('children' in node)) return;
    for (const child of node.children) walk(child);
    if (BLOCKS.has(node.type)) parts.push(' ');
  };
  walk(fromMarkdown(markdown));
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Nodes whose text ends where the next one's begins. */
const BLOCKS = new Set<Nodes['type']>(['paragraph', 'heading', 'tableCell']);

/** The first visible release of the list, with its cover and explicit categories. */
const firstRelease = sql<{ cover: CoverFiles | null; explicitCoverArt: string[] } | null>`(
  select json_build_object('cover', r.cover, 'explicitCoverArt', r.explicit_cover_art)
  from list_items li join releases r on r.id = li.release_id
  where li.list_id = ${lists.id} and ${visibleCatalogueAlias('r')}
  order by li.position, li.id limit 1)`;

/** What a list's preview is made of: prepared, as every visit of a list page reads it. */
const previewRow = preparedPer((db) =>
  db
    .select({
      title: lists.title,
      description: lists.description,
      itemsCount: lists.itemsCount,
      ownerName: users.name,
      ownerUsername: users.username,
      first: firstRelease,
    })
    .from(lists)
    .innerJoin(users, eq(users.id, lists.userId))
    .where(and(eq(lists.id, sql.placeholder('id')), visibleList()))
    .limit(1)
    .prepare('list_preview'),
);

/**
 * Link preview of a list page: its title, its description as text (or who
 * made it and its size) and its first release's cover. Drafts and lists of
 * hidden accounts get none, as an unknown id, so they do not leak.
 */
export async function listPageMeta(db: Db, pathname: string): Promise<PageMeta | null> {
  const id = entityIdFromPath(pathname, 'list');
  if (!id) return null;
  const [row] = await previewRow(db).execute({ id });
  if (!row) return null;
  const text = row.description ? markdownText(row.description) : '';
  const n = row.itemsCount;
  const owner = row.ownerName || row.ownerUsername;
  const description = text
    ? excerpt(text)
    : `A list by ${owner} · ${n} release${n === 1 ? '' : 's'}`;
  // Previews are seen by people who have allowed no explicit category, like signed-out viewers.
  const first = row.first;
  const image =
    first && first.explicitCoverArt.length === 0 ? coverUrls(first.cover)?.og : undefined;
  return { title: row.title, description, ...(image ? { image } : {}) };
}
