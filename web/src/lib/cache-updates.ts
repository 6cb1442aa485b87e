import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Typed, targeted changes to cached answers. `queryKey` is a prefix from
 * lib/query-keys whose queries all hold data of type T; `update` returns the
 * same object when it has nothing to change, so untouched queries neither
 * change nor re-render. Returns the keys of the queries that changed.
 */
export function updateQueries<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T) => T,
): QueryKey[] {
  const changed: QueryKey[] = [];
  for (const [key, data] of queryClient.getQueriesData<T>({ queryKey })) {
    if (data === undefined) continue;
    const next = update(data);
    if (next === data) continue;
    queryClient.setQueryData(key, next);
    changed.push(key);
  }
  return changed;
}

/** `items` with `update` applied to each; the same array when no item changed. */
export function mapItems<T>(items: T[], update: (item: T) => T): T[] {
  let changed = false;
  const next = items.map((item) => {
    const updated = update(item);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : items;
}

/** Infinite data with `update` applied to each page; the same object when no page changed. */
export function mapPages<P>(data: InfiniteData<P>, update: (page: P) => P): InfiniteData<P> {
  const pages = mapItems(data.pages, update);
  return pages === data.pages ? data : { ...data, pages };
}

/**
 * Reads `queryKey` again, for a change the cache may have missed (one made
 * while the live connection was down). A read on its way is dropped
 * quietly, keeping what the cache shows meanwhile; a first read on its way,
 * which a new read would only join, is let land and followed by another.
 */
export function readAgain(queryClient: QueryClient, queryKey: QueryKey): void {
  const filters = { queryKey, exact: true };
  if (queryClient.getQueryData(queryKey) !== undefined || queryClient.isFetching(filters) === 0) {
    void queryClient.invalidateQueries(filters);
  } else {
    void queryClient
      .refetchQueries(filters, { cancelRefetch: false })
      .then(() => queryClient.invalidateQueries(filters));
  }
}

/**
 * After a change written into the cache from outside a read (a live event,
 * a call's answer): a read of `queryKey` still on its way may have been
 * answered before the change and would put back what it saw over it, so
 * such a read is dropped and made again. Nothing is read when none is on
 * its way.
 */
export function readAgainIfReading(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) readAgain(queryClient, queryKey);
}
