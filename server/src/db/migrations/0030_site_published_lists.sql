ALTER TABLE "site_counts" ADD COLUMN "published_lists" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE site_counts s SET published_lists = c.n
FROM (
  SELECT s2.slot, count(l.id)::int AS n
  FROM site_counts s2
  LEFT JOIN lists l ON l.published AND site_count_slot(l.id) = s2.slot
  GROUP BY s2.slot
) c
WHERE c.slot = s.slot;
--> statement-breakpoint
-- Moves the site's count of published lists as a list is published,
-- unpublished, added or removed, whatever path does it.
CREATE FUNCTION lists_site_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE site_counts SET published_lists = published_lists + 1 WHERE slot = site_count_slot(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE site_counts SET published_lists = published_lists - 1 WHERE slot = site_count_slot(OLD.id);
  ELSE
    UPDATE site_counts
    SET published_lists = published_lists + CASE WHEN NEW.published THEN 1 ELSE -1 END
    WHERE slot = site_count_slot(NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lists_site_counts_added AFTER INSERT ON lists
  FOR EACH ROW WHEN (NEW.published) EXECUTE FUNCTION lists_site_counts();
--> statement-breakpoint
CREATE TRIGGER lists_site_counts_removed AFTER DELETE ON lists
  FOR EACH ROW WHEN (OLD.published) EXECUTE FUNCTION lists_site_counts();
--> statement-breakpoint
CREATE TRIGGER lists_site_counts_moved AFTER UPDATE OF published ON lists
  FOR EACH ROW WHEN (OLD.published IS DISTINCT FROM NEW.published)
  EXECUTE FUNCTION lists_site_counts();
