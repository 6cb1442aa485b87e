-- Mistyped words are read against the words of the texts the search index holds in memory
-- (features/search/vocabulary.ts): the table of search words, its triggers and functions go.
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['releases', 'artists', 'labels', 'genres', 'users'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_search_words', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_search_words_changed', t);
  END LOOP;
END $$;--> statement-breakpoint
DROP FUNCTION search_words_add();--> statement-breakpoint
DROP FUNCTION search_word_readings(text[], integer);--> statement-breakpoint
DROP FUNCTION search_words_of(text);--> statement-breakpoint
DROP TABLE "search_words" CASCADE;
