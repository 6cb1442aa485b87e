ALTER TABLE "releases" ADD COLUMN "artist_credits" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- A release carries its visible artists in credit order, as every card shows them: written
-- again when its credits change (a release's artists are set at once, a merge moves many),
-- and on every release crediting an artist that is renamed, hidden (pending deletion,
-- merged) or shown again. Visible is what isVisible (db/visibility.ts) says of artists.
CREATE FUNCTION release_artist_credits(release_id text) RETURNS json
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(json_agg(json_build_object(
      'id', a.id, 'name', a.name, 'nameLatin', a.name_latin) ORDER BY ra.position), '[]'::json)
    FROM release_artists ra JOIN artists a ON a.id = ra.artist_id
    WHERE ra.release_id = release_artist_credits.release_id
      AND a.pending_deletion = false AND a.merged_into_id IS NULL $$;
--> statement-breakpoint
CREATE FUNCTION refresh_release_artist_credits(ids text[]) RETURNS void
  LANGUAGE sql
  AS $$ UPDATE releases r SET artist_credits = c.credits
    FROM (SELECT id, release_artist_credits(id) AS credits FROM unnest(ids) AS id) c
    WHERE r.id = c.id AND r.artist_credits::text IS DISTINCT FROM c.credits::text $$;
--> statement-breakpoint
CREATE FUNCTION release_artists_credits() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM refresh_release_artist_credits(ARRAY(SELECT DISTINCT release_id FROM added));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM refresh_release_artist_credits(ARRAY(SELECT DISTINCT release_id FROM removed));
    ELSE
      PERFORM refresh_release_artist_credits(ARRAY(
        SELECT release_id FROM added UNION SELECT release_id FROM removed));
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER release_artists_added_credits AFTER INSERT ON release_artists
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION release_artists_credits();
--> statement-breakpoint
CREATE TRIGGER release_artists_removed_credits AFTER DELETE ON release_artists
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION release_artists_credits();
--> statement-breakpoint
CREATE TRIGGER release_artists_moved_credits AFTER UPDATE ON release_artists
  REFERENCING NEW TABLE AS added OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION release_artists_credits();
--> statement-breakpoint
CREATE FUNCTION artists_credits() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    PERFORM refresh_release_artist_credits(ARRAY(
      SELECT DISTINCT ra.release_id FROM changed n
      JOIN changed_before o ON o.id = n.id
      JOIN release_artists ra ON ra.artist_id = n.id
      WHERE n.name IS DISTINCT FROM o.name OR n.name_latin IS DISTINCT FROM o.name_latin
        OR n.pending_deletion IS DISTINCT FROM o.pending_deletion
        OR n.merged_into_id IS DISTINCT FROM o.merged_into_id));
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER artists_credits AFTER UPDATE ON artists
  REFERENCING NEW TABLE AS changed OLD TABLE AS changed_before
  FOR EACH STATEMENT EXECUTE FUNCTION artists_credits();
--> statement-breakpoint
UPDATE releases r SET artist_credits = release_artist_credits(r.id)
  WHERE EXISTS (SELECT 1 FROM release_artists ra WHERE ra.release_id = r.id);
