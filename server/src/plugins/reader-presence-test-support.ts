/** Test support for the reader presence tests: which ids a lookup of a reader's own rows probed. */
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers';
import type { Statement } from '../../test/plans';
import { call, ok, type Member } from '../features/entries/test-support';
import { waitFor } from '../features/auth/test-support';
import { READER_ROWS_CHANNEL } from '../lib/reader-presence';

/**
 * The ids a lookup by (reader, id) pairs (see byViewerPairs) probed for
 * `who`, among the statements whose text holds every one of `markers`
 * (what tells one lookup from another: the tables or columns it reads),
 * sorted.
 */
export function probedFor(statements: Statement[], who: Member, ...markers: string[]): string[] {
  const probed: string[] = [];
  for (const { query, params } of statements) {
    if (!markers.every((marker) => query.includes(marker))) continue;
    const arrays = params.filter((p): p is string[] => Array.isArray(p));
    // The readers' array lists a reader once per pair; the pairs' ids come next.
    const at = arrays.findIndex((a) => a.includes(who.user.id));
    if (at < 0) continue;
    const readers = arrays[at]!;
    const pairIds = arrays.slice(at + 1).find((a) => a.length === readers.length)!;
    readers.forEach((reader, i) => {
      if (reader === who.user.id) probed.push(pairIds[i]!);
    });
  }
  return probed.sort();
}

/** What READER_ROWS_CHANNEL carries from now on, until `stop` is called. */
export async function hearReaderRows(
  t: TestApp,
): Promise<{ heard: string[]; stop: () => Promise<void> }> {
  const heard: string[] = [];
  const stop = await t.database.listen(READER_ROWS_CHANNEL, {
    message: (payload) => heard.push(payload),
    ready: () => undefined,
    lost: () => undefined,
  });
  return { heard, stop };
}

/** Runs `write` with one of `table`'s triggers off: a write PostgreSQL does not announce. */
export async function unannounced(
  t: TestApp,
  table: string,
  trigger: string,
  write: () => Promise<unknown>,
): Promise<void> {
  await t.db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  try {
    await write();
  } finally {
    await t.db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  }
}

/** Asks for `path` as each of `readers` until the instance holds their entries (see ReaderPresence). */
export async function untilEntriesHeld(t: TestApp, readers: Member[], path: string): Promise<void> {
  for (const who of readers)
    await waitFor(async () => {
      await ok(call(t, who, 'GET', path));
      return t.app.readerPresence!.holdsEntriesOf(who.user.id) || undefined;
    }, 2000);
}
