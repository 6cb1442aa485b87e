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
-- each once.
CREATE FUNCTION entry_credits(artist_ids text[], label_ids text[], genre_ids text[])
  RETURNS TABLE (kind smallint, linked_id text)
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT DISTINCT k.kind, k.id FROM (
      SELECT 1::smallint AS kind, unnest(artist_ids) AS id
      UNION ALL SELECT 2::smallint, unnest(label_ids)
      UNION ALL SELECT 3::smallint, unnest(genre_ids)) k
  $$;
--> statement-breakpoint
-- Whether a release's entries are counted: it is visible (not pending deletion, not merged).
CREATE FUNCTION release_counted(of_release text) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    SELECT EXISTS (SELECT 1 FROM releases r WHERE r.id = of_release
      AND NOT r.pending_deletion AND r.merged_into_id IS NULL)
  $$;
--> statement-breakpoint
-- An entry counted (step = 1) or taken away (step = -1), with the values it is counted by.
CREATE TYPE credit_move AS (user_id text, artist_ids text[], label_ids text[], genre_ids text[],
  rating integer, step integer);
--> statement-breakpoint
-- Moves summed by the row of user_credit_counts each changes.
CREATE FUNCTION credit_sums(moves credit_move[])
  RETURNS TABLE (user_id text, kind smallint, linked_id text, n integer, rated integer,
    total integer)
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT m.user_id, k.kind, k.linked_id, sum(m.step)::int,
      sum(m.step * (m.rating IS NOT NULL)::int)::int, sum(m.step * coalesce(m.rating, 0))::int
    FROM unnest(moves) m
    CROSS JOIN LATERAL entry_credits(m.artist_ids, m.label_ids, m.genre_ids) k
    GROUP BY m.user_id, k.kind, k.linked_id
  $$;
--> statement-breakpoint
-- Applies moves: their sums to the rows that exist, new rows for those gaining entries, and
-- rows left with none deleted. A row losing entries is only updated, never inserted: a user's
-- rows go with the user (a cascade, in any order). Rows are inserted in key order, so
-- concurrent writers take their locks alike.
CREATE FUNCTION apply_credit_moves(moves credit_move[]) RETURNS void
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF coalesce(cardinality(moves), 0) = 0 THEN
      RETURN;
    END IF;
    UPDATE user_credit_counts c SET entries = c.entries + s.n, rated = c.rated + s.rated,
      rating_sum = c.rating_sum + s.total
    FROM credit_sums(moves) s
    WHERE c.user_id = s.user_id AND c.kind = s.kind AND c.linked_id = s.linked_id
      AND s.n <= 0 AND (s.n, s.rated, s.total) <> (0, 0, 0);
    INSERT INTO user_credit_counts AS c (user_id, kind, linked_id, entries, rated, rating_sum)
    SELECT s.user_id, s.kind, s.linked_id, s.n, s.rated, s.total
    FROM credit_sums(moves) s WHERE s.n > 0
    ORDER BY s.user_id, s.kind, s.linked_id
    ON CONFLICT (user_id, kind, linked_id) DO UPDATE SET entries = c.entries + excluded.entries,
      rated = c.rated + excluded.rated, rating_sum = c.rating_sum + excluded.rating_sum;
    DELETE FROM user_credit_counts c USING credit_sums(moves) s
    WHERE c.user_id = s.user_id AND c.kind = s.kind AND c.linked_id = s.linked_id
      AND s.n < 0 AND c.entries <= 0;
  END $$;
--> statement-breakpoint
-- The entries a statement added, removed, or changed (their rating, release, owner or copies of
-- the release's credits), counted once for the statement: a load of thousands, or a genre
-- voted in or out moving every entry of a release, is one set of moves. Entries of a hidden
-- release count for nothing; a release deleted for good took its entries' counts away before
-- it went (releases_credit_counts), so the entries its deletion removes count for nothing.
-- Statement triggers cannot name the columns they follow: an update changing none of these
-- (a review, its votes) finds no moves.
CREATE FUNCTION entries_credit_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM apply_credit_moves(array(SELECT row(a.user_id, a.release_artist_ids,
          a.release_label_ids, a.release_genre_ids, a.rating, 1)::credit_move
        FROM added a WHERE release_counted(a.release_id)));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM apply_credit_moves(array(SELECT row(r.user_id, r.release_artist_ids,
          r.release_label_ids, r.release_genre_ids, r.rating, -1)::credit_move
        FROM removed r WHERE release_counted(r.release_id)));
    ELSE
      -- The rows whose counted values changed, old and new: each side less the other, by
      -- hashing (a join of the two transition tables, which have no index, was a nested loop:
      -- 5.3 s for 5,800 entries on PGlite).
      PERFORM apply_credit_moves(array(
        SELECT row(o.user_id, o.release_artist_ids, o.release_label_ids, o.release_genre_ids,
            o.rating, -1)::credit_move
        FROM (SELECT id, user_id, release_id, rating, release_artist_ids, release_label_ids,
            release_genre_ids FROM removed
          EXCEPT ALL SELECT id, user_id, release_id, rating, release_artist_ids,
            release_label_ids, release_genre_ids FROM added) o
        WHERE release_counted(o.release_id)
        UNION ALL
        SELECT row(n.user_id, n.release_artist_ids, n.release_label_ids, n.release_genre_ids,
            n.rating, 1)::credit_move
        FROM (SELECT id, user_id, release_id, rating, release_artist_ids, release_label_ids,
            release_genre_ids FROM added
          EXCEPT ALL SELECT id, user_id, release_id, rating, release_artist_ids,
            release_label_ids, release_genre_ids FROM removed) n
        WHERE release_counted(n.release_id)));
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER entries_credit_counts_added AFTER INSERT ON entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION entries_credit_counts();
--> statement-breakpoint
CREATE TRIGGER entries_credit_counts_removed AFTER DELETE ON entries
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION entries_credit_counts();
--> statement-breakpoint
CREATE TRIGGER entries_credit_counts_changed AFTER UPDATE ON entries
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION entries_credit_counts();
--> statement-breakpoint
-- Every entry of a release counted or taken away at once, as the release is shown or hidden (a
-- pending deletion voted in or out, a merge), or deleted for good.
CREATE FUNCTION releases_credit_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    of_release text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
    step integer := CASE WHEN TG_OP <> 'DELETE' AND NOT NEW.pending_deletion
      AND NEW.merged_into_id IS NULL THEN 1 ELSE -1 END;
  BEGIN
    PERFORM apply_credit_moves(array(SELECT row(e.user_id, e.release_artist_ids,
        e.release_label_ids, e.release_genre_ids, e.rating, step)::credit_move
      FROM entries e WHERE e.release_id = of_release));
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
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
