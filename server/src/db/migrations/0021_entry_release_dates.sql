ALTER TABLE "entries" ADD COLUMN "release_date" date;--> statement-breakpoint
-- An entry carries its release's date: set from the release when the entry is written or
-- moved to another release (a merge), and again on every entry of a release whose date
-- changes.
CREATE FUNCTION entry_release_date() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    NEW.release_date := (SELECT date FROM releases WHERE id = NEW.release_id);
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER entries_release_date BEFORE INSERT OR UPDATE OF release_id ON entries
  FOR EACH ROW EXECUTE FUNCTION entry_release_date();
--> statement-breakpoint
CREATE FUNCTION release_date_to_entries() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    UPDATE entries SET release_date = NEW.date
      WHERE release_id = NEW.id AND release_date IS DISTINCT FROM NEW.date;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER releases_date_to_entries AFTER UPDATE OF date ON releases
  FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date)
  EXECUTE FUNCTION release_date_to_entries();
--> statement-breakpoint
UPDATE entries e SET release_date = r.date FROM releases r
  WHERE r.id = e.release_id AND r.date IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "entries_user_release_date_idx" ON "entries" USING btree ("user_id","release_date" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"release_id");
