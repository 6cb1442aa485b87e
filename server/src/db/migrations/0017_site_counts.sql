CREATE TABLE "site_counts" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Which slot of site_counts a release's counters go to.
CREATE FUNCTION site_count_slot(release_id text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (hashtext(release_id) & 15)::smallint $$;
--> statement-breakpoint
INSERT INTO site_counts (slot, reviews)
SELECT s.slot, coalesce(sum(r.reviews_count), 0)
FROM generate_series(0, 15) AS s(slot)
LEFT JOIN releases r ON site_count_slot(r.id) = s.slot
GROUP BY s.slot;
--> statement-breakpoint
-- Moves the site-wide sums with each release's counters. A trigger, not the
-- callers, so no path that moves a release's counter (an entry, a ban's
-- recount, a merge) can forget it.
CREATE FUNCTION releases_site_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE site_counts SET reviews = reviews + NEW.reviews_count WHERE slot = site_count_slot(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE site_counts SET reviews = reviews - OLD.reviews_count WHERE slot = site_count_slot(OLD.id);
  ELSE
    UPDATE site_counts SET reviews = reviews + NEW.reviews_count - OLD.reviews_count
    WHERE slot = site_count_slot(NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER releases_site_counts_moved AFTER UPDATE OF reviews_count ON releases
  FOR EACH ROW WHEN (OLD.reviews_count IS DISTINCT FROM NEW.reviews_count)
  EXECUTE FUNCTION releases_site_counts();
--> statement-breakpoint
CREATE TRIGGER releases_site_counts_added AFTER INSERT ON releases
  FOR EACH ROW WHEN (NEW.reviews_count <> 0) EXECUTE FUNCTION releases_site_counts();
--> statement-breakpoint
CREATE TRIGGER releases_site_counts_removed AFTER DELETE ON releases
  FOR EACH ROW WHEN (OLD.reviews_count <> 0) EXECUTE FUNCTION releases_site_counts();
