/**
 * Columns copied from another table so that an index can order by them,
 * kept by triggers (see the migrations). Loads with triggers off (the bench
 * generator) rebuild them with these statements; plain SQL text, as the
 * counters' recounts are (recount-sql.ts).
 */

/** Every entry's copies of its release's date and type (entries.release_date, release_type). */
export const REBUILD_ENTRY_RELEASE_COPIES = `update entries e
  set release_date = r.date, release_type = r.type
  from releases r
  where r.id = e.release_id
    and (e.release_date is distinct from r.date or e.release_type is distinct from r.type)`;

/** Every release's copy of its visible credited artists (releases.artist_credits). */
export const REBUILD_RELEASE_ARTIST_CREDITS = `update releases r
  set artist_credits = release_artist_credits(r.id)
  where r.artist_credits::text is distinct from release_artist_credits(r.id)::text`;
