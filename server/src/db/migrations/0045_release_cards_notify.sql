-- Announces, when its transaction commits, every release whose card changed (what a list shows
-- of it: title, type, date, cover, ratings, credited artists) or that was hidden or removed, so
-- the instances drop the cards they keep of it (see lib/release-cards.ts). Triggers, not callers,
-- so no writer (a rating's counters, a merge in raw SQL, a recount) can forget it. A new release
-- needs no announcement: only cards read are kept.
--
-- Row by row, woken only when a card's column changes: the other updates of releases (entry and
-- review counters, search text) run no function. Past 100 releases in one transaction the rest
-- are announced as '*' (drop every card), once; PostgreSQL delivers a payload sent twice in one
-- transaction once. artist_credits is json, which has no equality: compared as its text.
CREATE FUNCTION notify_release_cards() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    sent integer := coalesce(nullif(current_setting('earmark.release_cards_sent', true), ''), '0')::integer;
  BEGIN
    IF sent > 100 THEN
      RETURN NULL;
    END IF;
    PERFORM set_config('earmark.release_cards_sent', (sent + 1)::text, true);
    IF sent = 100 THEN
      PERFORM pg_notify('earmark_release_cards', '*');
    ELSE
      PERFORM pg_notify('earmark_release_cards', OLD.id);
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER releases_card_changed_notify AFTER UPDATE ON releases
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title
    OR OLD.title_latin IS DISTINCT FROM NEW.title_latin
    OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.date IS DISTINCT FROM NEW.date
    OR OLD.date_precision IS DISTINCT FROM NEW.date_precision
    OR OLD.explicit_cover_art IS DISTINCT FROM NEW.explicit_cover_art
    OR OLD.cover IS DISTINCT FROM NEW.cover
    OR OLD.ratings_count IS DISTINCT FROM NEW.ratings_count
    OR OLD.ratings_avg IS DISTINCT FROM NEW.ratings_avg
    OR OLD.artist_credits::text IS DISTINCT FROM NEW.artist_credits::text
    OR OLD.pending_deletion IS DISTINCT FROM NEW.pending_deletion
    OR OLD.merged_into_id IS DISTINCT FROM NEW.merged_into_id
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION notify_release_cards();
--> statement-breakpoint
CREATE TRIGGER releases_removed_notify AFTER DELETE ON releases
  FOR EACH ROW EXECUTE FUNCTION notify_release_cards();
