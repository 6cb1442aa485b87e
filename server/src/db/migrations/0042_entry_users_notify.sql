-- Announces, when its transaction commits, every user who gained an entry on a release (a new
-- entry, or an entry moved to another release or user), so the instances drop what they keep of
-- which releases that user has entries on (see lib/entry-presence.ts). Triggers, not callers,
-- so no writer (nor a merge in raw SQL) can forget it. An entry removed needs no announcement: a
-- release kept for a reader who has no entry on it any more costs one probe that finds nothing.
--
-- Inserts announce once a statement (more than 100 users: '*', drop every reader). A move is
-- announced row by row, by a trigger that only a change of the entry's user or release wakes:
-- the many other updates of entries (counters, ratings, reviews) run no function; PostgreSQL
-- delivers a payload sent twice in one transaction once.
CREATE FUNCTION notify_entry_users() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    ids text[];
  BEGIN
    IF TG_LEVEL = 'ROW' THEN
      PERFORM pg_notify('earmark_entry_users', NEW.user_id);
      RETURN NULL;
    END IF;
    SELECT array_agg(DISTINCT user_id) INTO ids FROM added;
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
CREATE TRIGGER entries_added_notify AFTER INSERT ON entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_entry_users();
--> statement-breakpoint
CREATE TRIGGER entries_moved_notify AFTER UPDATE OF user_id, release_id ON entries
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.release_id IS DISTINCT FROM NEW.release_id)
  EXECUTE FUNCTION notify_entry_users();
