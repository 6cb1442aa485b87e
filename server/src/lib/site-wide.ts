/**
 * Whether a page of a list is the whole site's: narrowed to neither one
 * user nor one release (the reviews pages, the lists everyone browses).
 *
 * Such a page is read alike by many readers at once, so a signed-in
 * reader gets everyone's page (with the read cache off, made once for the
 * askers of a turn, signed in or not) and their own parts are looked up
 * after it, in statements shared with the other readers of that turn and
 * only where they may have a row (see readerMayHave). A page narrowed
 * to a user or a release is mostly read by one reader at a time: it reads
 * its reader's parts in its own statement, one round trip instead of two.
 */
export function isSiteWide(query: {
  userId?: string | undefined;
  releaseId?: string | undefined;
}): boolean {
  return !query.userId && !query.releaseId;
}
