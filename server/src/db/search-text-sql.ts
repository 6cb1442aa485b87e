/**
 * Search's derived data as the triggers of the search migrations would have
 * kept it, for bulk loads that run with triggers off (the benchmark
 * generator). Plain SQL, so the generator imports it without the server's
 * dependencies.
 */

/** Every release's search text (releases.search_text) from its title and credits. */
export const REBUILD_RELEASE_SEARCH_TEXT =
  'update releases set search_text = release_search_text(title, title_latin, id)';
