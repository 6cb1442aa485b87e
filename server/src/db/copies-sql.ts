/**
 * Columns copied from another table so that an index can order by them,
 * kept by triggers (see the migrations). Loads with triggers off (the bench
 * generator) rebuild them with these statements; plain SQL text, as the
 * counters' recounts are (recount-sql.ts).
 */

/**
 * Every entry's copies of its release's date and type, and of the ids of the
 * artists and labels it credits and the genres it belongs to
 * (entries.release_date, release_type, release_artist_ids, release_label_ids,
 * release_genre_ids), each release's worked out once.
 */
export const REBUILD_ENTRY_RELEASE_COPIES = `update entries e
  set release_date = r.date, release_type = r.type, release_artist_ids = c.artist_ids,
    release_label_ids = c.label_ids, release_genre_ids = c.genre_ids
  from release_copies(array(select distinct release_id from entries)) c
  join releases r on r.id = c.id
  where e.release_id = c.id
    and (e.release_date is distinct from r.date or e.release_type is distinct from r.type
      or e.release_artist_ids <> c.artist_ids or e.release_label_ids <> c.label_ids
      or e.release_genre_ids <> c.genre_ids)`;

/** Every release's copy of its visible credited artists (releases.artist_credits). */
export const REBUILD_RELEASE_ARTIST_CREDITS = `update releases r
  set artist_credits = release_artist_credits(r.id)
  where r.artist_credits::text is distinct from release_artist_credits(r.id)::text`;

/**
 * Every artist, label and genre link's copies of its release's date,
 * creation time and visibility (release_date, release_created_at,
 * release_visible), a statement per link table.
 */
export const REBUILD_RELEASE_LINK_COPIES = [
  'release_artists',
  'release_labels',
  'release_genres',
].map(
  (links) => `update ${links} x
  set release_date = r.date, release_created_at = r.created_at,
    release_visible = not r.pending_deletion and r.merged_into_id is null
  from releases r
  where r.id = x.release_id
    and (x.release_date is distinct from r.date or x.release_created_at is distinct from r.created_at
      or x.release_visible <> (not r.pending_deletion and r.merged_into_id is null))`,
);

/** Every list's copy of its cover mosaic (lists.covers; see the function list_covers). */
export const REBUILD_LIST_COVERS = 'select refresh_list_covers(array(select id from lists))';

/**
 * Every entry's lists of its tags and track votes (entries.tag_list,
 * track_vote_list; see the functions entry_tag_list and entry_track_vote_list).
 */
export const REBUILD_ENTRY_PART_LISTS = `update entries e
  set tag_list = entry_tag_list(e.id), track_vote_list = entry_track_vote_list(e.id)
  from (select entry_id from entry_tags union select entry_id from track_votes
    union select id from entries where tag_list is not null or track_vote_list is not null) k
  where e.id = k.entry_id`;
