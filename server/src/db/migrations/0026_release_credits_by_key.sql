-- A release's artist credits with each artist looked up by its key, as release_search_text
-- does: joined, the planner hashed every artist for each release when the tables had no
-- statistics yet (a first bulk load of credits: 3 ms a release, minutes for 50,000).
CREATE OR REPLACE FUNCTION release_artist_credits(release_id text) RETURNS json
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(json_agg(c.credit ORDER BY c.position), '[]'::json)
    FROM (SELECT ra.position, (SELECT json_build_object('id', a.id, 'name', a.name,
        'nameLatin', a.name_latin) FROM artists a
        WHERE a.id = ra.artist_id AND a.pending_deletion = false AND a.merged_into_id IS NULL)
        AS credit
      FROM release_artists ra WHERE ra.release_id = release_artist_credits.release_id) c
    WHERE c.credit IS NOT NULL $$;
