CREATE TABLE "search_changes" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "search_changes_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");--> statement-breakpoint
-- A searchable row added, removed or changed: its kind and id, with the writing transaction.
CREATE FUNCTION search_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO search_changes (kind, id)
      VALUES (TG_ARGV[0], CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)
      ON CONFLICT (kind, id) DO UPDATE SET xid = EXCLUDED.xid;
    RETURN NULL;
  END $$;--> statement-breakpoint
-- Each searchable table: a row added or removed, or what search holds of it changed
-- (its text, popularity, names, visibility).
DO $$ DECLARE
  t text;
  held text[];
  changed text;
BEGIN
  FOREACH t IN ARRAY ARRAY['releases', 'artists', 'labels', 'genres', 'users'] LOOP
    held := CASE t
      WHEN 'releases' THEN ARRAY['search_text', 'ratings_count', 'pending_deletion', 'merged_into_id']
      WHEN 'genres' THEN ARRAY['search_text', 'releases_count', 'name', 'pending_deletion', 'merged_into_id']
      WHEN 'users' THEN ARRAY['search_text', 'followers_count', 'account_status']
      ELSE ARRAY['search_text', 'releases_count', 'name', 'name_latin', 'pending_deletion', 'merged_into_id']
    END;
    SELECT string_agg(format('OLD.%1$I IS DISTINCT FROM NEW.%1$I', c), ' OR ') INTO changed
      FROM unnest(held) AS c;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE ON %I
      FOR EACH ROW EXECUTE FUNCTION search_changed(%L)', t || '_search_changes', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I
      FOR EACH ROW WHEN (%s) EXECUTE FUNCTION search_changed(%L)',
      t || '_search_changes_updated', t, changed, t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Releases' search texts refreshed by a join with the changed ids: tested against the array
-- row by row, a bulk load of 50,000 credits compared every release with every id (minutes).
CREATE OR REPLACE FUNCTION refresh_release_search_text(ids text[]) RETURNS void
  LANGUAGE sql
  AS $$ UPDATE releases r SET search_text = release_search_text(r.title, r.title_latin, r.id)
    FROM (SELECT DISTINCT unnest(ids) AS id) AS changed
    WHERE r.id = changed.id
      AND r.search_text IS DISTINCT FROM release_search_text(r.title, r.title_latin, r.id) $$;
