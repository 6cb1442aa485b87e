import { z } from 'zod';
import { queryInt, text } from './fields';
import { msg } from './messages';

/**
 * Paging of the long lists (releases, entries, follow lists). A list is read either by
 * page number (`page`, bounded: offset paging reaches the first
 * PAGE_MAX_OFFSET items) or by cursor (`cursor`, the `nextCursor` of the page
 * before, at the same cost at any depth). Infinite scrolling uses the cursor.
 */

export const PAGE_SIZE_MAX = 100;
/** How many items deep page numbers reach; deeper items are read with a cursor. */
export const PAGE_MAX_OFFSET = 10_000;
export const CURSOR_MAX_LENGTH = 512;

/** The last page number whose first item lies within PAGE_MAX_OFFSET. */
export const maxPageFor = (pageSize: number): number =>
  Math.floor((PAGE_MAX_OFFSET - 1) / pageSize) + 1;

/** `page`, `pageSize` and `cursor` of a list query. With a cursor, `page` is ignored. */
export function pagingQueryShape(defaultPageSize: number) {
  return {
    page: queryInt('page', 1, maxPageFor(1)).default(1),
    pageSize: queryInt('pageSize', 1, PAGE_SIZE_MAX).default(defaultPageSize),
    /** The `nextCursor` of the previous page. */
    cursor: text('cursor', { min: 1, max: CURSOR_MAX_LENGTH }).optional(),
  };
}

/** Refuses a page number that lies deeper than PAGE_MAX_OFFSET items (add with `.check`). */
export function boundedOffset(payload: z.core.ParsePayload<{ page: number; pageSize: number }>) {
  const { page, pageSize } = payload.value;
  // A page or pageSize that failed its own check already has its message.
  if (!Number.isInteger(page) || !Number.isInteger(pageSize)) return;
  if (page > maxPageFor(1) || pageSize > PAGE_SIZE_MAX) return;
  const max = maxPageFor(pageSize);
  if (page > max) {
    payload.issues.push({
      code: 'custom',
      input: page,
      path: ['page'],
      message: `${msg.max('page', max)} with pageSize ${pageSize}; read further with cursor`,
    });
  }
}

/** The page fields a cursor-paged list adds: the cursor of the next page, null at the end. */
export const nextCursorShape = { nextCursor: z.string().nullable() };

/**
 * What a cursor carries: the list it belongs to (`s`), the sort keys of the
 * last item given (`k`, as text), how many items came before the next page
 * (`n`) and the list's total when the first page was read (`t`). It is
 * opaque to clients: only the server reads it, and checks every part.
 */
export interface CursorState {
  s: string;
  k: (string | null)[];
  n: number;
  t: number;
}

const cursorStateSchema = z.object({
  v: z.literal(1),
  s: z.string().max(32),
  k: z.array(z.string().max(64).nullable()).max(8),
  n: z.number().int().min(0).max(1e12),
  t: z.number().int().min(0).max(1e12),
});

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function encodeCursor(state: CursorState): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify({ v: 1, ...state })));
}

/** The state in a cursor, or null when it is not one this server wrote. */
export function decodeCursor(token: string): CursorState | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const parsed = cursorStateSchema.safeParse(json);
    if (!parsed.success) return null;
    const { s, k, n, t } = parsed.data;
    return { s, k, n, t };
  } catch {
    return null;
  }
}
