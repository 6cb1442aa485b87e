-- user_credit_counts also counts a user's entries by their release's year (kind 4, the year as
-- linked_id), by their rating's bucket (kind 5, 0 to 10: a rating divided by ten) and by each
-- of their tags (kind 6, the tag's id), so the profile's release-date, rating and tag charts
-- read a few rows where each read grouped all of the user's entries. A move carries the
-- entry's copy of its release's date and its list of its tags (kept by the triggers on
-- entry_tags and user_tags).
ALTER TYPE credit_move ADD ATTRIBUTE release_date date, ADD ATTRIBUTE tag_list json;
--> statement-breakpoint
-- The rows of user_credit_counts an entry is counted in, each once: the artists, labels and
-- genres of its copies of its release's ids, its release's year, its rating's bucket, its tags.
CREATE FUNCTION entry_chart_keys(artist_ids text[], label_ids text[], genre_ids text[],
  release_date date, rating integer, tag_list json)
  RETURNS TABLE (kind smallint, linked_id text)
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT DISTINCT k.kind, k.id FROM (
      SELECT 1::smallint AS kind, unnest(artist_ids) AS id
      UNION ALL SELECT 2::smallint, unnest(label_ids)
      UNION ALL SELECT 3::smallint, unnest(genre_ids)
      UNION ALL SELECT 4::smallint, extract(year FROM release_date)::int::text
        WHERE release_date IS NOT NULL
      UNION ALL SELECT 5::smallint, (rating / 10)::text WHERE rating IS NOT NULL
      UNION ALL SELECT 6::smallint, json_array_elements(tag_list) ->> 'id') k
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credit_sums(moves credit_move[])
  RETURNS TABLE (user_id text, kind smallint, linked_id text, n integer, rated integer,
    total integer)
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT m.user_id, k.kind, k.linked_id, sum(m.step)::int,
      sum(m.step * (m.rating IS NOT NULL)::int)::int, sum(m.step * coalesce(m.rating, 0))::int
    FROM unnest(moves) m
    CROSS JOIN LATERAL entry_chart_keys(m.artist_ids, m.label_ids, m.genre_ids, m.release_date,
      m.rating, m.tag_list) k
    GROUP BY m.user_id, k.kind, k.linked_id
  $$;
--> statement-breakpoint
DROP FUNCTION entry_credits(text[], text[], text[]);
--> statement-breakpoint
-- As before, with the entries' copies of their release's date and their lists of their tags
-- among the values they are counted by (the lists as text: json has no equality), so a
-- release's date edited (copied to its entries) moves them between years, and a tag set on an
-- entry, taken off it or deleted moves the entry's count.
CREATE OR REPLACE FUNCTION entries_credit_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM apply_credit_moves(array(SELECT row(a.user_id, a.release_artist_ids,
          a.release_label_ids, a.release_genre_ids, a.rating, 1, a.release_date,
          a.tag_list)::credit_move
        FROM added a WHERE release_counted(a.release_id)));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM apply_credit_moves(array(SELECT row(r.user_id, r.release_artist_ids,
          r.release_label_ids, r.release_genre_ids, r.rating, -1, r.release_date,
          r.tag_list)::credit_move
        FROM removed r WHERE release_counted(r.release_id)));
    ELSE
      PERFORM apply_credit_moves(array(
        SELECT row(o.user_id, o.release_artist_ids, o.release_label_ids, o.release_genre_ids,
            o.rating, -1, o.release_date, o.tag_list::json)::credit_move
        FROM (SELECT id, user_id, release_id, rating, release_artist_ids, release_label_ids,
            release_genre_ids, release_date, tag_list::text AS tag_list FROM removed
          EXCEPT ALL SELECT id, user_id, release_id, rating, release_artist_ids,
            release_label_ids, release_genre_ids, release_date, tag_list::text FROM added) o
        WHERE release_counted(o.release_id)
        UNION ALL
        SELECT row(n.user_id, n.release_artist_ids, n.release_label_ids, n.release_genre_ids,
            n.rating, 1, n.release_date, n.tag_list::json)::credit_move
        FROM (SELECT id, user_id, release_id, rating, release_artist_ids, release_label_ids,
            release_genre_ids, release_date, tag_list::text AS tag_list FROM added
          EXCEPT ALL SELECT id, user_id, release_id, rating, release_artist_ids,
            release_label_ids, release_genre_ids, release_date, tag_list::text FROM removed) n
        WHERE release_counted(n.release_id)));
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION releases_credit_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    of_release text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
    step integer := CASE WHEN TG_OP <> 'DELETE' AND NOT NEW.pending_deletion
      AND NEW.merged_into_id IS NULL THEN 1 ELSE -1 END;
  BEGIN
    PERFORM apply_credit_moves(array(SELECT row(e.user_id, e.release_artist_ids,
        e.release_label_ids, e.release_genre_ids, e.rating, step, e.release_date,
        e.tag_list)::credit_move
      FROM entries e WHERE e.release_id = of_release));
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
  END $$;
--> statement-breakpoint
INSERT INTO user_credit_counts (user_id, kind, linked_id, entries, rated, rating_sum)
SELECT e.user_id, k.kind, k.linked_id, count(*)::int, count(e.rating)::int,
  coalesce(sum(e.rating), 0)::int
FROM entries e
CROSS JOIN LATERAL entry_chart_keys(NULL, NULL, NULL, e.release_date, e.rating, e.tag_list) k
WHERE EXISTS (SELECT 1 FROM releases r WHERE r.id = e.release_id
  AND NOT r.pending_deletion AND r.merged_into_id IS NULL)
GROUP BY e.user_id, k.kind, k.linked_id;
