CREATE TABLE "user_credit_counts" (
	"user_id" text NOT NULL,
	"kind" smallint NOT NULL,
	"linked_id" text NOT NULL,
	"entries" integer NOT NULL,
	"rated" integer NOT NULL,
	"rating_sum" integer NOT NULL,
	"avg_rating" double precision GENERATED ALWAYS AS (case when rated = 0 then null else rating_sum::float8 / rated end) STORED,
	CONSTRAINT "user_credit_counts_user_id_kind_linked_id_pk" PRIMARY KEY("user_id","kind","linked_id")
);
--> statement-breakpoint
ALTER TABLE "user_credit_counts" ADD CONSTRAINT "user_credit_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_credit_counts_chart_idx" ON "user_credit_counts" USING btree ("user_id","kind","entries" DESC NULLS LAST,"avg_rating" DESC NULLS LAST,"linked_id");--> statement-breakpoint
-- The artists, labels and genres an entry is counted by, from its copies of its release's ids,
-- each once, in key order (so writes to a user's rows take their locks in one order).
CREATE FUNCTION entry_credits(artist_ids text[], label_ids text[], genre_ids text[])
  RETURNS TABLE (kind smallint, linked_id text)
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT DISTINCT k.kind, k.id FROM (
      SELECT 1::smallint AS kind, unnest(artist_ids) AS id
      UNION ALL SELECT 2::smallint, unnest(label_ids)
      UNION ALL SELECT 3::smallint, unnest(genre_ids)) k
    ORDER BY 1, 2
  $$;
--> statement-breakpoint
-- Adds (by = 1) or takes away (by = -1) one entry's counts, when its release is visible. A
-- release deleted for good took its entries' counts away before it went (releases_credit_counts),
-- so the entries its deletion removes find no visible release here.
CREATE FUNCTION move_credit_counts(of_user text, of_release text, artist_ids text[],
    label_ids text[], genre_ids text[], rating integer, by integer) RETURNS void
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM releases r WHERE r.id = of_release
        AND NOT r.pending_deletion AND r.merged_into_id IS NULL) THEN
      RETURN;
    END IF;
    IF by > 0 THEN
      INSERT INTO user_credit_counts AS c (user_id, kind, linked_id, entries, rated, rating_sum)
      SELECT of_user, k.kind, k.linked_id, 1, (rating IS NOT NULL)::int, coalesce(rating, 0)
      FROM entry_credits(artist_ids, label_ids, genre_ids) k
      ON CONFLICT (user_id, kind, linked_id) DO UPDATE SET entries = c.entries + 1,
        rated = c.rated + excluded.rated, rating_sum = c.rating_sum + excluded.rating_sum;
    ELSE
      -- An update, never an insert: the user's rows go with the user (a cascade in any order).
      UPDATE user_credit_counts c SET entries = c.entries - 1,
        rated = c.rated - (rating IS NOT NULL)::int, rating_sum = c.rating_sum - coalesce(rating, 0)
      FROM entry_credits(artist_ids, label_ids, genre_ids) k
      WHERE c.user_id = of_user AND c.kind = k.kind AND c.linked_id = k.linked_id;
      DELETE FROM user_credit_counts c USING entry_credits(artist_ids, label_ids, genre_ids) k
      WHERE c.user_id = of_user AND c.kind = k.kind AND c.linked_id = k.linked_id
        AND c.entries <= 0;
    END IF;
  END $$;
--> statement-breakpoint
CREATE FUNCTION entries_credit_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    -- A rating set, changed or cleared, and nothing else: one update of the sums it is in.
    IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id AND OLD.release_id = NEW.release_id
        AND OLD.release_artist_ids IS NOT DISTINCT FROM NEW.release_artist_ids
        AND OLD.release_label_ids IS NOT DISTINCT FROM NEW.release_label_ids
        AND OLD.release_genre_ids IS NOT DISTINCT FROM NEW.release_genre_ids THEN
      UPDATE user_credit_counts c
      SET rated = c.rated - (OLD.rating IS NOT NULL)::int + (NEW.rating IS NOT NULL)::int,
        rating_sum = c.rating_sum - coalesce(OLD.rating, 0) + coalesce(NEW.rating, 0)
      FROM entry_credits(NEW.release_artist_ids, NEW.release_label_ids, NEW.release_genre_ids) k
      WHERE c.user_id = NEW.user_id AND c.kind = k.kind AND c.linked_id = k.linked_id
        AND EXISTS (SELECT 1 FROM releases r WHERE r.id = NEW.release_id
          AND NOT r.pending_deletion AND r.merged_into_id IS NULL);
      RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      PERFORM move_credit_counts(OLD.user_id, OLD.release_id, OLD.release_artist_ids,
        OLD.release_label_ids, OLD.release_genre_ids, OLD.rating, -1);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM move_credit_counts(NEW.user_id, NEW.release_id, NEW.release_artist_ids,
        NEW.release_label_ids, NEW.release_genre_ids, NEW.rating, 1);
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER entries_credit_counts_write AFTER INSERT OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_credit_counts();
--> statement-breakpoint
CREATE TRIGGER entries_credit_counts_update
  AFTER UPDATE OF user_id, release_id, rating, release_artist_ids, release_label_ids,
    release_genre_ids ON entries
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.release_id IS DISTINCT FROM NEW.release_id
    OR OLD.rating IS DISTINCT FROM NEW.rating
    OR OLD.release_artist_ids IS DISTINCT FROM NEW.release_artist_ids
    OR OLD.release_label_ids IS DISTINCT FROM NEW.release_label_ids
    OR OLD.release_genre_ids IS DISTINCT FROM NEW.release_genre_ids)
  EXECUTE FUNCTION entries_credit_counts();
--> statement-breakpoint
-- Every entry of a release counted (by = 1) or taken away (by = -1) at once, as the release is
-- shown or hidden (a pending deletion voted in or out, a merge) or deleted.
CREATE FUNCTION move_release_credit_counts(of_release text, by integer) RETURNS void
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF by > 0 THEN
      INSERT INTO user_credit_counts AS c (user_id, kind, linked_id, entries, rated, rating_sum)
      SELECT e.user_id, k.kind, k.linked_id, 1, (e.rating IS NOT NULL)::int, coalesce(e.rating, 0)
      FROM entries e
      CROSS JOIN LATERAL entry_credits(e.release_artist_ids, e.release_label_ids,
        e.release_genre_ids) k
      WHERE e.release_id = of_release
      ORDER BY e.user_id, k.kind, k.linked_id
      ON CONFLICT (user_id, kind, linked_id) DO UPDATE SET entries = c.entries + 1,
        rated = c.rated + excluded.rated, rating_sum = c.rating_sum + excluded.rating_sum;
    ELSE
      UPDATE user_credit_counts c SET entries = c.entries - 1,
        rated = c.rated - (e.rating IS NOT NULL)::int, rating_sum = c.rating_sum - coalesce(e.rating, 0)
      FROM entries e
      CROSS JOIN LATERAL entry_credits(e.release_artist_ids, e.release_label_ids,
        e.release_genre_ids) k
      WHERE e.release_id = of_release
        AND c.user_id = e.user_id AND c.kind = k.kind AND c.linked_id = k.linked_id;
      DELETE FROM user_credit_counts c WHERE c.entries <= 0
        AND c.user_id IN (SELECT e.user_id FROM entries e WHERE e.release_id = of_release);
    END IF;
  END $$;
--> statement-breakpoint
CREATE FUNCTION releases_credit_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'DELETE' THEN
      PERFORM move_release_credit_counts(OLD.id, -1);
      RETURN OLD;
    END IF;
    PERFORM move_release_credit_counts(NEW.id,
      CASE WHEN NOT NEW.pending_deletion AND NEW.merged_into_id IS NULL THEN 1 ELSE -1 END);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER releases_credit_counts_visibility
  AFTER UPDATE OF pending_deletion, merged_into_id ON releases
  FOR EACH ROW WHEN ((NOT OLD.pending_deletion AND OLD.merged_into_id IS NULL)
    IS DISTINCT FROM (NOT NEW.pending_deletion AND NEW.merged_into_id IS NULL))
  EXECUTE FUNCTION releases_credit_counts();
--> statement-breakpoint
CREATE TRIGGER releases_credit_counts_delete BEFORE DELETE ON releases
  FOR EACH ROW WHEN (NOT OLD.pending_deletion AND OLD.merged_into_id IS NULL)
  EXECUTE FUNCTION releases_credit_counts();
--> statement-breakpoint
INSERT INTO user_credit_counts (user_id, kind, linked_id, entries, rated, rating_sum)
SELECT e.user_id, k.kind, k.linked_id, count(*)::int, count(e.rating)::int,
  coalesce(sum(e.rating), 0)::int
FROM entries e
CROSS JOIN LATERAL entry_credits(e.release_artist_ids, e.release_label_ids, e.release_genre_ids) k
WHERE EXISTS (SELECT 1 FROM releases r WHERE r.id = e.release_id
  AND NOT r.pending_deletion AND r.merged_into_id IS NULL)
GROUP BY e.user_id, k.kind, k.linked_id;
