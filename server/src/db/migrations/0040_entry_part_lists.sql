ALTER TABLE "entries" ADD COLUMN "tag_list" json;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "track_vote_list" json;--> statement-breakpoint
-- An entry's tags as the entry shows them: by name (case folded), then id; null when none.
CREATE FUNCTION entry_tag_list(entry text) RETURNS json
  LANGUAGE sql STABLE
  AS $$ SELECT json_agg(json_build_object('id', ut.id, 'name', ut.name) ORDER BY lower(ut.name), ut.id)
    FROM entry_tags et JOIN user_tags ut ON ut.id = et.tag_id WHERE et.entry_id = entry $$;
--> statement-breakpoint
-- An entry's track votes as the entry shows them: in the tracks' order; null when none.
CREATE FUNCTION entry_track_vote_list(entry text) RETURNS json
  LANGUAGE sql STABLE
  AS $$ SELECT json_agg(json_build_object('trackId', tv.track_id, 'vote', tv.vote) ORDER BY t."order", t.id)
    FROM track_votes tv JOIN tracks t ON t.id = tv.track_id WHERE tv.entry_id = entry $$;
--> statement-breakpoint
-- The tags' count and list of every entry a statement on entry_tags touched, in one update
-- of each: setting an entry's tags, a deleted tag's or entry's cascade, a merge.
CREATE OR REPLACE FUNCTION entry_tags_counted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ DECLARE moved text := ''; BEGIN
    IF TG_OP <> 'DELETE' THEN
      moved := 'SELECT entry_id, 1 AS n FROM added';
    END IF;
    IF TG_OP <> 'INSERT' THEN
      moved := moved || CASE WHEN moved = '' THEN '' ELSE ' UNION ALL ' END
        || 'SELECT entry_id, -1 AS n FROM removed';
    END IF;
    EXECUTE format('UPDATE entries e SET tags_count = e.tags_count + c.n,
        tag_list = entry_tag_list(e.id)
      FROM (SELECT entry_id, sum(n)::int AS n FROM (%s) m GROUP BY entry_id) c
      WHERE e.id = c.entry_id', moved);
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- A renamed tag moves in the lists of the entries that carry it.
CREATE FUNCTION user_tag_renamed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    UPDATE entries e SET tag_list = entry_tag_list(e.id)
    FROM entry_tags et WHERE et.tag_id = NEW.id AND e.id = et.entry_id;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER user_tags_renamed AFTER UPDATE OF name ON user_tags
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION user_tag_renamed();
--> statement-breakpoint
-- The track vote lists of every entry a statement on track_votes touched: a vote, its
-- removal, a removed track's cascade, a merge moving votes.
CREATE FUNCTION track_votes_listed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ DECLARE moved text; BEGIN
    moved := CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT entry_id FROM added'
      WHEN 'DELETE' THEN 'SELECT entry_id FROM removed'
      ELSE 'SELECT entry_id FROM added UNION SELECT entry_id FROM removed' END;
    EXECUTE format('UPDATE entries e SET track_vote_list = entry_track_vote_list(e.id)
      WHERE e.id IN (%s)', moved);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER track_votes_added AFTER INSERT ON track_votes REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION track_votes_listed();
--> statement-breakpoint
CREATE TRIGGER track_votes_removed AFTER DELETE ON track_votes REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION track_votes_listed();
--> statement-breakpoint
CREATE TRIGGER track_votes_moved AFTER UPDATE ON track_votes
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION track_votes_listed();
--> statement-breakpoint
-- A track moved in its release's order moves in the lists of the entries that voted on it.
CREATE FUNCTION track_reordered() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    UPDATE entries e SET track_vote_list = entry_track_vote_list(e.id)
    FROM track_votes tv WHERE tv.track_id = NEW.id AND e.id = tv.entry_id;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER tracks_reordered AFTER UPDATE OF "order" ON tracks
  FOR EACH ROW WHEN (OLD."order" IS DISTINCT FROM NEW."order") EXECUTE FUNCTION track_reordered();
--> statement-breakpoint
UPDATE entries e SET tag_list = entry_tag_list(e.id)
WHERE e.id IN (SELECT entry_id FROM entry_tags);
--> statement-breakpoint
UPDATE entries e SET track_vote_list = entry_track_vote_list(e.id)
WHERE e.id IN (SELECT entry_id FROM track_votes);
