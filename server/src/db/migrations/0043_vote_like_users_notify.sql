-- Announces on the same channel as entries (notify_entry_users, the entry users migration), when
-- its transaction commits, every user who voted on a review or liked a list for the first time:
-- the instances keep which reviews and lists each recent reader has a vote or a like at, with
-- the releases they have entries on (see lib/entry-presence.ts), and drop that user's. A vote
-- changed or taken back, a like taken back, needs no announcement: a review or list kept for a
-- reader who has no row at it any more costs one probe that finds nothing. An upsert announces
-- only the rows it inserted (the statement's transition table holds no updated row).
CREATE TRIGGER review_votes_added_notify AFTER INSERT ON review_votes
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_entry_users();
--> statement-breakpoint
CREATE TRIGGER list_likes_added_notify AFTER INSERT ON list_likes
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_entry_users();
