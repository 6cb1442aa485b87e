-- Every word of every searchable text, once: what a mistyped search word is corrected to.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The words of a search text, split as search splits a query: on blanks.
CREATE FUNCTION search_words_of(value text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(value, '\s+') AS w WHERE w <> '' ORDER BY w $$;--> statement-breakpoint
-- In the same order in every transaction, so two adding the same new words wait rather than deadlock.
CREATE FUNCTION search_words_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO search_words (word) SELECT search_words_of(NEW.search_text) ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;--> statement-breakpoint
-- Each searchable table adds the words of a new row, and of a changed text.
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['releases', 'artists', 'labels', 'genres', 'users'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I
      FOR EACH ROW EXECUTE FUNCTION search_words_add()', t || '_search_words', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I
      FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
      EXECUTE FUNCTION search_words_add()', t || '_search_words_changed', t);
  END LOOP;
END $$;--> statement-breakpoint
-- For each typed word that no search word holds, the search words most like it (a trigram
-- similarity of at least 0.2, the most similar first): what the typed word may have meant.
CREATE FUNCTION search_word_readings(typed text[], per_word integer)
  RETURNS TABLE (typed text, reading text)
  LANGUAGE sql STABLE
  SET pg_trgm.similarity_threshold = 0.2
  AS $$ SELECT t.w, r.word FROM unnest(typed) AS t(w)
    CROSS JOIN LATERAL (SELECT s.word FROM search_words s WHERE s.word % t.w
      ORDER BY similarity(s.word, t.w) DESC, s.word LIMIT per_word) AS r
    WHERE NOT EXISTS (SELECT FROM search_words h
      WHERE h.word LIKE '%' || replace(replace(replace(t.w, '\', '\\'), '%', '\%'), '_', '\_') || '%') $$;--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT search_text FROM releases UNION ALL SELECT search_text FROM artists
    UNION ALL SELECT search_text FROM labels UNION ALL SELECT search_text FROM genres
    UNION ALL SELECT search_text FROM users) AS t, search_words_of(t.search_text) AS w;
