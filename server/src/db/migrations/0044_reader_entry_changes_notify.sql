-- The instances now keep each recent reader's entries with their values (the entry's id, its
-- rating, whether it has a review and track votes: what a page shows as the reader's own), not
-- only which releases they have entries on (see lib/reader-presence.ts). So, besides a user who
-- gained an entry, every user whose entry changed one of those values or was removed is
-- announced on the same channel when the transaction commits, and the instances drop that
-- user's.
--
-- A removal is announced once a statement (the function reads the statement's removed rows as
-- it reads the inserted ones); a change row by row, by a trigger that only a change of one of the
-- values wakes: the many other updates of entries (their counters, tags, dates) run no function.
-- PostgreSQL delivers a payload sent twice in one transaction once.
CREATE OR REPLACE FUNCTION notify_entry_users() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    ids text[];
  BEGIN
    IF TG_LEVEL = 'ROW' THEN
      PERFORM pg_notify('earmark_entry_users', NEW.user_id);
      RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT user_id) INTO ids FROM removed;
    ELSE
      SELECT array_agg(DISTINCT user_id) INTO ids FROM added;
    END IF;
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    IF cardinality(ids) > 100 THEN
      PERFORM pg_notify('earmark_entry_users', '*');
    ELSE
      PERFORM pg_notify('earmark_entry_users', array_to_string(ids, ','));
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER entries_removed_notify AFTER DELETE ON entries
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_entry_users();
--> statement-breakpoint
CREATE TRIGGER entries_changed_notify AFTER UPDATE OF rating, review, track_votes_count ON entries
  FOR EACH ROW
  WHEN (OLD.rating IS DISTINCT FROM NEW.rating
    OR (OLD.review IS NULL) <> (NEW.review IS NULL)
    OR (OLD.track_votes_count > 0) <> (NEW.track_votes_count > 0))
  EXECUTE FUNCTION notify_entry_users();
