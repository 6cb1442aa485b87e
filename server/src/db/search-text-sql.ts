/**
 * Search's derived data as the triggers of the search migrations would have
 * kept it, for bulk loads that run with triggers off (the benchmark
 * generator). Plain SQL, so the generator imports it without the server's
 * dependencies.
 */

/** Every release's search text (releases.search_text) from its title and credits. */
export const REBUILD_RELEASE_SEARCH_TEXT =
  'update releases set search_text = release_search_text(title, title_latin, id)';

/** The words of every searchable text (search_words), added to those already there. */
export const REBUILD_SEARCH_WORDS = `insert into search_words (word)
  select distinct w from (
    select search_text from releases union all select search_text from artists
    union all select search_text from labels union all select search_text from genres
    union all select search_text from users) as t, search_words_of(t.search_text) as w
  on conflict do nothing`;
