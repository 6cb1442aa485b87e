/**
 * Columns copied from another table so that an index can order by them,
 * kept by triggers (see the migrations). Loads with triggers off (the bench
 * generator) rebuild them with these statements; plain SQL text, as the
 * counters' recounts are (recount-sql.ts).
 */

/**
 * Every entry's copies of its release's date, type and credited artists' and
 * labels' ids (entries.release_date, release_type, release_artist_ids,
 * release_label_ids), each release's worked out once.
 */
export const REBUILD_ENTRY_RELEASE_COPIES = `update entries e
  set release_date = r.date, release_type = r.type,
    release_artist_ids = r.artist_ids, release_label_ids = r.label_ids
  from (select id, date, type, credited_artist_ids(id) as artist_ids,
      credited_label_ids(id) as label_ids
    from releases) r
  where r.id = e.release_id
    and (e.release_date is distinct from r.date or e.release_type is distinct from r.type
      or e.release_artist_ids <> r.artist_ids or e.release_label_ids <> r.label_ids)`;

/** Every release's copy of its visible credited artists (releases.artist_credits). */
export const REBUILD_RELEASE_ARTIST_CREDITS = `update releases r
  set artist_credits = release_artist_credits(r.id)
  where r.artist_credits::text is distinct from release_artist_credits(r.id)::text`;
