ALTER TABLE "release_artists" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "release_artists" ADD COLUMN "release_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "release_artists" ADD COLUMN "release_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "release_genres" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "release_genres" ADD COLUMN "release_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "release_genres" ADD COLUMN "release_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "release_labels" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "release_labels" ADD COLUMN "release_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "release_labels" ADD COLUMN "release_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A link of a release to an artist, a label or a genre carries the release's date, creation
-- time and visibility, so that one's release lists (new, upcoming, recently added) and their
-- totals read a range of one index in list order: set from the release when the link is
-- written or moved to another release, and again on every link of a release whose date or
-- visibility changes (an edit, a merge, a deletion voted down or restored).
CREATE FUNCTION release_link_copies() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    SELECT date, created_at, NOT pending_deletion AND merged_into_id IS NULL
      INTO NEW.release_date, NEW.release_created_at, NEW.release_visible
      FROM releases WHERE id = NEW.release_id;
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE FUNCTION release_copies_to_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ DECLARE visible boolean := NOT NEW.pending_deletion AND NEW.merged_into_id IS NULL;
  BEGIN
    UPDATE release_artists SET release_date = NEW.date, release_created_at = NEW.created_at,
        release_visible = visible
      WHERE release_id = NEW.id;
    UPDATE release_labels SET release_date = NEW.date, release_created_at = NEW.created_at,
        release_visible = visible
      WHERE release_id = NEW.id;
    UPDATE release_genres SET release_date = NEW.date, release_created_at = NEW.created_at,
        release_visible = visible
      WHERE release_id = NEW.id;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER releases_copies_to_links
  AFTER UPDATE OF date, created_at, pending_deletion, merged_into_id ON releases
  FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.pending_deletion IS DISTINCT FROM NEW.pending_deletion
    OR OLD.merged_into_id IS DISTINCT FROM NEW.merged_into_id)
  EXECUTE FUNCTION release_copies_to_links();
--> statement-breakpoint
-- The existing links, with the links' own triggers (credits, counts, search text, entries'
-- copies) off: none of what they keep reads the copies.
DO $$ DECLARE links text; BEGIN
  FOREACH links IN ARRAY ARRAY['release_artists', 'release_labels', 'release_genres'] LOOP
    EXECUTE format('ALTER TABLE %I DISABLE TRIGGER USER', links);
    EXECUTE format('UPDATE %I x SET release_date = r.date, release_created_at = r.created_at,
        release_visible = NOT r.pending_deletion AND r.merged_into_id IS NULL
      FROM releases r WHERE r.id = x.release_id', links);
    EXECUTE format('ALTER TABLE %I ENABLE TRIGGER USER', links);
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OF release_id ON %I
      FOR EACH ROW EXECUTE FUNCTION release_link_copies()', links || '_release_copies', links);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE INDEX "release_artists_artist_date_idx" ON "release_artists" USING btree ("artist_id","release_date","release_created_at","release_id") WHERE "release_artists"."release_visible";--> statement-breakpoint
CREATE INDEX "release_artists_artist_added_idx" ON "release_artists" USING btree ("artist_id","release_created_at","release_id") WHERE "release_artists"."release_visible";--> statement-breakpoint
CREATE INDEX "release_genres_genre_date_idx" ON "release_genres" USING btree ("genre_id","release_date","release_created_at","release_id") WHERE "release_genres"."release_visible" and "release_genres"."score" > 0;--> statement-breakpoint
CREATE INDEX "release_genres_genre_added_idx" ON "release_genres" USING btree ("genre_id","release_created_at","release_id") WHERE "release_genres"."release_visible" and "release_genres"."score" > 0;--> statement-breakpoint
CREATE INDEX "release_labels_label_date_idx" ON "release_labels" USING btree ("label_id","release_date","release_created_at","release_id") WHERE "release_labels"."release_visible";--> statement-breakpoint
CREATE INDEX "release_labels_label_added_idx" ON "release_labels" USING btree ("label_id","release_created_at","release_id") WHERE "release_labels"."release_visible";