DROP INDEX "entries_user_release_type_idx";--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "release_artist_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "release_label_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- An entry carries the ids of the artists and the labels its release credits, in id order,
-- beside its copies of the release's date and type (0021, 0024): set when the entry is
-- written or moved to another release (a merge), and again on every entry of a release
-- whose credits change (an edit, an artist's or a label's merge), in one statement.
-- Hidden artists and labels stay in them: the charts leave those out as they read.
CREATE FUNCTION credited_artist_ids(release_id text) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(ra.artist_id ORDER BY ra.artist_id), '{}')
    FROM release_artists ra WHERE ra.release_id = credited_artist_ids.release_id $$;
--> statement-breakpoint
CREATE FUNCTION credited_label_ids(release_id text) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(rl.label_id ORDER BY rl.label_id), '{}')
    FROM release_labels rl WHERE rl.release_id = credited_label_ids.release_id $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION entry_release_date() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    SELECT date, type INTO NEW.release_date, NEW.release_type
      FROM releases WHERE id = NEW.release_id;
    NEW.release_artist_ids := credited_artist_ids(NEW.release_id);
    NEW.release_label_ids := credited_label_ids(NEW.release_id);
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE FUNCTION refresh_entry_credits(ids text[]) RETURNS void
  LANGUAGE sql
  AS $$ UPDATE entries e SET release_artist_ids = c.artist_ids, release_label_ids = c.label_ids
    FROM (SELECT id, credited_artist_ids(id) AS artist_ids, credited_label_ids(id) AS label_ids
      FROM unnest(ids) AS id) c
    WHERE e.release_id = c.id
      AND (e.release_artist_ids IS DISTINCT FROM c.artist_ids
        OR e.release_label_ids IS DISTINCT FROM c.label_ids) $$;
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
UPDATE entries e SET release_artist_ids = c.artist_ids, release_label_ids = c.label_ids
  FROM (SELECT r.id, credited_artist_ids(r.id) AS artist_ids, credited_label_ids(r.id) AS label_ids
    FROM releases r) c
  WHERE c.id = e.release_id AND (c.artist_ids <> '{}' OR c.label_ids <> '{}');
--> statement-breakpoint
CREATE INDEX "entries_user_release_type_idx" ON "entries" USING btree ("user_id","release_type","release_id","rating","release_artist_ids","release_label_ids");
