ALTER TABLE "entries" ADD COLUMN "release_type" smallint;--> statement-breakpoint
-- An entry carries its release's type as it carries its date (0021): both set from the
-- release when the entry is written or moved to another release (a merge), and again on
-- every entry of a release whose date or type changes, in one statement.
CREATE OR REPLACE FUNCTION entry_release_date() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    SELECT date, type INTO NEW.release_date, NEW.release_type
      FROM releases WHERE id = NEW.release_id;
    RETURN NEW;
  END $$;
--> statement-breakpoint
DROP TRIGGER releases_date_to_entries ON releases;
--> statement-breakpoint
DROP FUNCTION release_date_to_entries();
--> statement-breakpoint
CREATE FUNCTION release_copies_to_entries() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    UPDATE entries SET release_date = NEW.date, release_type = NEW.type
      WHERE release_id = NEW.id
        AND (release_date IS DISTINCT FROM NEW.date OR release_type IS DISTINCT FROM NEW.type);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER releases_copies_to_entries AFTER UPDATE OF date, type ON releases
  FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION release_copies_to_entries();
--> statement-breakpoint
UPDATE entries e SET release_type = r.type FROM releases r WHERE r.id = e.release_id;
--> statement-breakpoint
CREATE INDEX "entries_user_release_type_idx" ON "entries" USING btree ("user_id","release_type","release_id","rating");
