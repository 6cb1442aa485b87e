-- Announces, when its transaction commits, every user whose row or sessions
-- changed, so the instances drop the sessions they keep in memory. Triggers,
-- not callers, so no writer (nor a recount in raw SQL) can forget it; more
-- than 100 users in one statement announce '*' (drop every session).
CREATE FUNCTION notify_session_users() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    SELECT array_agg(DISTINCT id) INTO ids FROM changed;
  ELSE
    SELECT array_agg(DISTINCT user_id) INTO ids FROM changed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('earmark_session_users', '*');
  ELSE
    PERFORM pg_notify('earmark_session_users', array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_updated_notify AFTER UPDATE ON users
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_session_users();
--> statement-breakpoint
CREATE TRIGGER users_deleted_notify AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_session_users();
--> statement-breakpoint
CREATE TRIGGER sessions_updated_notify AFTER UPDATE ON sessions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_session_users();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_session_users();
