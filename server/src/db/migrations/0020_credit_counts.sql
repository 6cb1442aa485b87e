ALTER TABLE "artists" ADD COLUMN "releases_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "genres" ADD COLUMN "releases_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "releases_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A credit count moves by what a statement added and removed (a release's credits are set
-- at once; a merge moves many), in one update of the rows whose count changes: a vote that
-- moves a genre's score without crossing 0 writes nothing. Arguments: the counted table,
-- the link column, and which link rows count.
CREATE FUNCTION release_links_counted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ DECLARE moved text := ''; BEGIN
    IF TG_OP <> 'DELETE' THEN
      moved := format('SELECT %I AS id, 1 AS n FROM added WHERE %s', TG_ARGV[1], TG_ARGV[2]);
    END IF;
    IF TG_OP <> 'INSERT' THEN
      moved := moved || CASE WHEN moved = '' THEN '' ELSE ' UNION ALL ' END
        || format('SELECT %I AS id, -1 AS n FROM removed WHERE %s', TG_ARGV[1], TG_ARGV[2]);
    END IF;
    EXECUTE format('UPDATE %I t SET releases_count = t.releases_count + d.n
      FROM (SELECT id, sum(n)::int AS n FROM (%s) c GROUP BY id HAVING sum(n) <> 0) d
      WHERE t.id = d.id', TG_ARGV[0], moved);
    RETURN NULL;
  END $$;
--> statement-breakpoint
DO $$ DECLARE link text[]; BEGIN
  FOREACH link SLICE 1 IN ARRAY ARRAY[
    ['release_artists', 'artists', 'artist_id', 'true'],
    ['release_labels', 'labels', 'label_id', 'true'],
    ['release_genres', 'genres', 'genre_id', 'score > 0']] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION release_links_counted(%L, %L, %L)',
      link[1] || '_added_counted', link[1], link[2], link[3], link[4]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION release_links_counted(%L, %L, %L)',
      link[1] || '_removed_counted', link[1], link[2], link[3], link[4]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I
      REFERENCING NEW TABLE AS added OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION release_links_counted(%L, %L, %L)',
      link[1] || '_moved_counted', link[1], link[2], link[3], link[4]);
  END LOOP;
END $$;
--> statement-breakpoint
UPDATE artists a SET releases_count = c.n
FROM (SELECT artist_id, count(*)::int AS n FROM release_artists GROUP BY artist_id) c
WHERE a.id = c.artist_id;
--> statement-breakpoint
UPDATE labels l SET releases_count = c.n
FROM (SELECT label_id, count(*)::int AS n FROM release_labels GROUP BY label_id) c
WHERE l.id = c.label_id;
--> statement-breakpoint
UPDATE genres g SET releases_count = c.n
FROM (SELECT genre_id, count(*)::int AS n FROM release_genres WHERE score > 0 GROUP BY genre_id) c
WHERE g.id = c.genre_id;
