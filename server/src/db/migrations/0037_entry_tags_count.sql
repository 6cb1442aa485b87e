ALTER TABLE "entries" ADD COLUMN "tags_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An entry's count of its tags, moved by what each statement on entry_tags added and
-- removed: setting an entry's tags, a deleted tag's or entry's cascade, a merge.
CREATE FUNCTION entry_tags_counted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ DECLARE moved text := ''; BEGIN
    IF TG_OP <> 'DELETE' THEN
      moved := 'SELECT entry_id, 1 AS n FROM added';
    END IF;
    IF TG_OP <> 'INSERT' THEN
      moved := moved || CASE WHEN moved = '' THEN '' ELSE ' UNION ALL ' END
        || 'SELECT entry_id, -1 AS n FROM removed';
    END IF;
    EXECUTE format('UPDATE entries e SET tags_count = e.tags_count + c.n
      FROM (SELECT entry_id, sum(n)::int AS n FROM (%s) m GROUP BY entry_id HAVING sum(n) <> 0) c
      WHERE e.id = c.entry_id', moved);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER entry_tags_added AFTER INSERT ON entry_tags REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION entry_tags_counted();
--> statement-breakpoint
CREATE TRIGGER entry_tags_removed AFTER DELETE ON entry_tags REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION entry_tags_counted();
--> statement-breakpoint
CREATE TRIGGER entry_tags_moved AFTER UPDATE ON entry_tags
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION entry_tags_counted();
--> statement-breakpoint
UPDATE entries e SET tags_count = c.n
FROM (SELECT entry_id, count(*)::int AS n FROM entry_tags GROUP BY entry_id) c
WHERE e.id = c.entry_id;
