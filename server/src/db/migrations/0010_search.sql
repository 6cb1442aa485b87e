-- Search compares folded text: accents off (unaccent with its fixed default
-- dictionary, so the result depends on the argument alone) and lower case.
-- unaccent() itself is only STABLE; this wrapper is what the indexes use.
CREATE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- Names and their Latin forms, folded, a tab between (db/schema/search-text.ts).
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(username || E'\t' || coalesce(name, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(name || E'\t' || coalesce(name_latin, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "genres" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(name || E'\t' || '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(name || E'\t' || coalesce(name_latin, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A release's search text: title, tab, Latin title, tab, credited artists (with their Latin names), folded.
-- Each artist is looked up by its key, so the plan is the same whatever the statistics say.
CREATE FUNCTION release_search_text(title text, title_latin text, release_id text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT search_fold(title || E'\t' || coalesce(title_latin, '') || E'\t' || coalesce((
    SELECT string_agg((SELECT a.name || coalesce(' ' || a.name_latin, '')
      FROM artists a WHERE a.id = ra.artist_id), ' ' ORDER BY ra.position)
    FROM release_artists ra WHERE ra.release_id = release_search_text.release_id), '')) $$;--> statement-breakpoint
CREATE FUNCTION refresh_release_search_text(ids text[]) RETURNS void
  LANGUAGE sql
  AS $$ UPDATE releases r SET search_text = release_search_text(r.title, r.title_latin, r.id)
    WHERE r.id = ANY(ids)
      AND r.search_text IS DISTINCT FROM release_search_text(r.title, r.title_latin, r.id) $$;--> statement-breakpoint
CREATE FUNCTION releases_search_text_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    NEW.search_text := release_search_text(NEW.title, NEW.title_latin, NEW.id);
    RETURN NEW;
  END $$;--> statement-breakpoint
CREATE TRIGGER releases_search_text BEFORE INSERT OR UPDATE OF title, title_latin ON releases
  FOR EACH ROW EXECUTE FUNCTION releases_search_text_row();--> statement-breakpoint
-- Credits change by whole statements (a release's artists set at once, a merge): one update each.
CREATE FUNCTION release_artists_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    PERFORM refresh_release_search_text(ARRAY(SELECT DISTINCT release_id FROM changed));
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE FUNCTION release_artists_moved_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    PERFORM refresh_release_search_text(ARRAY(
      SELECT release_id FROM changed UNION SELECT release_id FROM changed_before));
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER release_artists_added_search_text AFTER INSERT ON release_artists
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION release_artists_search_text();--> statement-breakpoint
CREATE TRIGGER release_artists_removed_search_text AFTER DELETE ON release_artists
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION release_artists_search_text();--> statement-breakpoint
CREATE TRIGGER release_artists_moved_search_text AFTER UPDATE ON release_artists
  REFERENCING NEW TABLE AS changed OLD TABLE AS changed_before
  FOR EACH STATEMENT EXECUTE FUNCTION release_artists_moved_search_text();--> statement-breakpoint
-- A renamed artist renames the search text of each release it is credited on.
CREATE FUNCTION artists_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    PERFORM refresh_release_search_text(ARRAY(
      SELECT DISTINCT ra.release_id FROM changed n
      JOIN changed_before o ON o.id = n.id
      JOIN release_artists ra ON ra.artist_id = n.id
      WHERE n.name IS DISTINCT FROM o.name OR n.name_latin IS DISTINCT FROM o.name_latin));
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER artists_search_text AFTER UPDATE ON artists
  REFERENCING NEW TABLE AS changed OLD TABLE AS changed_before
  FOR EACH STATEMENT EXECUTE FUNCTION artists_search_text();--> statement-breakpoint
UPDATE releases SET search_text = release_search_text(title, title_latin, id);--> statement-breakpoint
DROP INDEX "artists_name_trgm_idx";--> statement-breakpoint
DROP INDEX "labels_name_trgm_idx";--> statement-breakpoint
DROP INDEX "releases_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "artists_search_idx" ON "artists" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "genres_search_idx" ON "genres" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "labels_search_idx" ON "labels" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "releases_search_idx" ON "releases" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);
