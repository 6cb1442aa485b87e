CREATE TABLE "review_days" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_days_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
-- The reviews a statement on entries added and removed, by day and slot, for the rows of
-- visible accounts (80 and 100 are the hidden account statuses, as in db/recount-sql.ts).
CREATE FUNCTION entries_review_days() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ DECLARE moved text := ''; BEGIN
    IF TG_OP <> 'DELETE' THEN
      moved := 'SELECT review_created_at, release_id, user_id, 1 AS n FROM added
        WHERE review IS NOT NULL AND review_created_at IS NOT NULL';
    END IF;
    IF TG_OP <> 'INSERT' THEN
      moved := moved || CASE WHEN moved = '' THEN '' ELSE ' UNION ALL ' END
        || 'SELECT review_created_at, release_id, user_id, -1 AS n FROM removed
          WHERE review IS NOT NULL AND review_created_at IS NOT NULL';
    END IF;
    EXECUTE format('INSERT INTO review_days AS d (day, slot, reviews)
      SELECT (c.review_created_at AT TIME ZONE %L)::date, site_count_slot(c.release_id), sum(c.n)
      FROM (%s) c JOIN users u ON u.id = c.user_id AND u.account_status NOT IN (80, 100)
      GROUP BY 1, 2 HAVING sum(c.n) <> 0
      ON CONFLICT (day, slot) DO UPDATE SET reviews = d.reviews + excluded.reviews', 'UTC', moved);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER entries_review_days_added AFTER INSERT ON entries REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION entries_review_days();
--> statement-breakpoint
CREATE TRIGGER entries_review_days_removed AFTER DELETE ON entries REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION entries_review_days();
--> statement-breakpoint
-- Updates, row by row and only those that move a review (a trigger with transition tables
-- would run on every update of an entry: a rating, a vote on its review).
CREATE FUNCTION entry_review_day_moved() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO review_days AS d (day, slot, reviews)
    SELECT (c.at AT TIME ZONE 'UTC')::date, site_count_slot(c.release_id), sum(c.n)
    FROM (SELECT OLD.review_created_at AS at, OLD.release_id, OLD.user_id, -1 AS n
        WHERE OLD.review IS NOT NULL AND OLD.review_created_at IS NOT NULL
      UNION ALL SELECT NEW.review_created_at, NEW.release_id, NEW.user_id, 1
        WHERE NEW.review IS NOT NULL AND NEW.review_created_at IS NOT NULL) c
    JOIN users u ON u.id = c.user_id AND u.account_status NOT IN (80, 100)
    GROUP BY 1, 2 HAVING sum(c.n) <> 0
    ON CONFLICT (day, slot) DO UPDATE SET reviews = d.reviews + excluded.reviews;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER entries_review_days_moved
  AFTER UPDATE OF review, review_created_at, release_id, user_id ON entries FOR EACH ROW
  WHEN ((OLD.review IS NULL) <> (NEW.review IS NULL)
    OR OLD.review_created_at IS DISTINCT FROM NEW.review_created_at
    OR OLD.release_id <> NEW.release_id OR OLD.user_id <> NEW.user_id)
  EXECUTE FUNCTION entry_review_day_moved();
--> statement-breakpoint
-- An account hidden (banned, deleted) or shown again takes its reviews off the days or
-- puts them back.
CREATE FUNCTION users_review_days() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO review_days AS d (day, slot, reviews)
    SELECT (review_created_at AT TIME ZONE 'UTC')::date, site_count_slot(release_id),
      count(*) * CASE WHEN NEW.account_status IN (80, 100) THEN -1 ELSE 1 END
    FROM entries WHERE user_id = NEW.id AND review IS NOT NULL AND review_created_at IS NOT NULL
    GROUP BY 1, 2
    ON CONFLICT (day, slot) DO UPDATE SET reviews = d.reviews + excluded.reviews;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER users_review_days AFTER UPDATE OF account_status ON users FOR EACH ROW
  WHEN ((OLD.account_status IN (80, 100)) IS DISTINCT FROM (NEW.account_status IN (80, 100)))
  EXECUTE FUNCTION users_review_days();
--> statement-breakpoint
INSERT INTO review_days (day, slot, reviews)
SELECT (e.review_created_at AT TIME ZONE 'UTC')::date, site_count_slot(e.release_id), count(*)
FROM entries e JOIN users u ON u.id = e.user_id AND u.account_status NOT IN (80, 100)
WHERE e.review IS NOT NULL AND e.review_created_at IS NOT NULL
GROUP BY 1, 2;
