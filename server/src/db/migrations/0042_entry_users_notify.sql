-- Announces, when its transaction commits, every user who gained an entry on a release (a new
-- entry, or an entry moved to another release or user), so the instances drop what they keep of
-- which releases that user has entries on (see lib/entry-presence.ts). A trigger, not callers,
-- so no writer (nor a merge in raw SQL) can forget it; more than 100 users in one statement
-- announce '*' (drop every reader). An entry removed needs no announcement: a release kept for a
-- reader who has no entry on it any more costs one probe that finds nothing.
CREATE FUNCTION notify_entry_users() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    ids text[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT user_id) INTO ids FROM added;
    ELSE
      -- The pairs the statement made, by hashing (the transition tables have no index).
      SELECT array_agg(DISTINCT m.user_id) INTO ids FROM (
        SELECT user_id, release_id FROM added
        EXCEPT SELECT user_id, release_id FROM removed) m;
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
CREATE TRIGGER entries_added_notify AFTER INSERT ON entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_entry_users();
--> statement-breakpoint
CREATE TRIGGER entries_moved_notify AFTER UPDATE ON entries
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION notify_entry_users();
