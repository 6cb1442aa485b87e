DROP INDEX "entries_user_release_type_idx";--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "release_artist_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "release_label_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "release_genre_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- An entry carries the ids of the artists and the labels its release credits, and of the
-- genres it belongs to (a net score above zero), in id order, beside its copies of the
-- release's date and type (0021, 0024): set when the entry is written or moved to another
-- release (a merge), and again on every entry of a release whose credits or genres change
-- (an edit, a merge, a genre's score crossing zero), in one statement. Hidden artists,
-- labels and genres stay in them: the charts leave those out as they read.
-- The copies of the releases `ids`, each worked out once (the OFFSET keeps the planner
-- from working them out per entry when it joins them to entries). A set-returning SQL
-- function, so it is inlined where it is called and planned with its caller: a trigger's
-- plan is kept (a scalar SQL function would be planned again on every call).
CREATE FUNCTION release_copies(ids text[])
  RETURNS TABLE (id text, artist_ids text[], label_ids text[], genre_ids text[])
  LANGUAGE sql STABLE
  AS $$ SELECT r.id,
      coalesce((SELECT array_agg(ra.artist_id ORDER BY ra.artist_id) FROM release_artists ra
        WHERE ra.release_id = r.id), '{}'),
      coalesce((SELECT array_agg(rl.label_id ORDER BY rl.label_id) FROM release_labels rl
        WHERE rl.release_id = r.id), '{}'),
      coalesce((SELECT array_agg(rg.genre_id ORDER BY rg.genre_id) FROM release_genres rg
        WHERE rg.release_id = r.id AND rg.score > 0), '{}')
    FROM unnest(ids) AS r(id) OFFSET 0 $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION entry_release_date() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    SELECT date, type INTO NEW.release_date, NEW.release_type
      FROM releases WHERE id = NEW.release_id;
    SELECT c.artist_ids, c.label_ids, c.genre_ids
      INTO NEW.release_artist_ids, NEW.release_label_ids, NEW.release_genre_ids
      FROM release_copies(ARRAY[NEW.release_id]) c;
    RETURN NEW;
  END $$;
--> statement-breakpoint
-- The entries of the releases `ids` (those that have any) given their copies again.
CREATE FUNCTION refresh_entry_credits(ids text[]) RETURNS void
  LANGUAGE sql
  AS $$ UPDATE entries e SET release_artist_ids = c.artist_ids,
      release_label_ids = c.label_ids, release_genre_ids = c.genre_ids
    FROM release_copies(ARRAY(SELECT DISTINCT x.id FROM unnest(ids) AS x(id)
      WHERE EXISTS (SELECT 1 FROM entries logged WHERE logged.release_id = x.id))) c
    WHERE e.release_id = c.id
      AND (e.release_artist_ids <> c.artist_ids OR e.release_label_ids <> c.label_ids
        OR e.release_genre_ids <> c.genre_ids) $$;
--> statement-breakpoint
CREATE FUNCTION release_credits_to_entries() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM refresh_entry_credits(ARRAY(SELECT DISTINCT release_id FROM added));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM refresh_entry_credits(ARRAY(SELECT DISTINCT release_id FROM removed));
    ELSE
      PERFORM refresh_entry_credits(ARRAY(
        SELECT release_id FROM added UNION SELECT release_id FROM removed));
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- The same three triggers on each credits table.
DO $$ DECLARE credits text; BEGIN
  FOREACH credits IN ARRAY ARRAY['release_artists', 'release_labels'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION release_credits_to_entries()',
      credits || '_added_to_entries', credits);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION release_credits_to_entries()',
      credits || '_removed_to_entries', credits);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I
      REFERENCING NEW TABLE AS added OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION release_credits_to_entries()',
      credits || '_moved_to_entries', credits);
  END LOOP;
END $$;
--> statement-breakpoint
-- A genre's rows change on every vote: the entries follow only the releases whose
-- belonging changed (a row matched by its key; one moved by a merge counts as changed).
CREATE FUNCTION release_genres_to_entries() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM refresh_entry_credits(ARRAY(SELECT DISTINCT release_id FROM added WHERE score > 0));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM refresh_entry_credits(ARRAY(
        SELECT DISTINCT release_id FROM removed WHERE score > 0));
    ELSE
      PERFORM refresh_entry_credits(ARRAY(
        SELECT DISTINCT release_id FROM added n FULL JOIN removed o USING (release_id, genre_id)
          WHERE coalesce(n.score > 0, false) <> coalesce(o.score > 0, false)));
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER release_genres_added_to_entries AFTER INSERT ON release_genres
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION release_genres_to_entries();
--> statement-breakpoint
CREATE TRIGGER release_genres_removed_to_entries AFTER DELETE ON release_genres
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION release_genres_to_entries();
--> statement-breakpoint
CREATE TRIGGER release_genres_moved_to_entries AFTER UPDATE ON release_genres
  REFERENCING NEW TABLE AS added OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION release_genres_to_entries();
--> statement-breakpoint
SELECT refresh_entry_credits(ARRAY(SELECT id FROM releases));
--> statement-breakpoint
CREATE INDEX "entries_user_release_type_idx" ON "entries" USING btree ("user_id","release_type","release_id","rating","release_artist_ids","release_label_ids","release_genre_ids");
