ALTER TABLE "artists" ADD COLUMN "visible_releases_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "genres" ADD COLUMN "visible_releases_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "visible_releases_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Beside each credit count, the count of those links whose release is visible (the links'
-- release_visible copy), moved in the same update: a link added or removed, a genre's score
-- crossing 0, or a release hidden or shown again (its links' copies are updated, and this
-- statement trigger sees the update). Arguments as before: the counted table, the link
-- column, and which link rows count.
CREATE OR REPLACE FUNCTION release_links_counted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ DECLARE moved text := ''; BEGIN
    IF TG_OP <> 'DELETE' THEN
      moved := format('SELECT %I AS id, 1 AS n, release_visible::int AS v FROM added WHERE %s',
        TG_ARGV[1], TG_ARGV[2]);
    END IF;
    IF TG_OP <> 'INSERT' THEN
      moved := moved || CASE WHEN moved = '' THEN '' ELSE ' UNION ALL ' END
        || format('SELECT %I AS id, -1 AS n, -(release_visible::int) AS v FROM removed WHERE %s',
          TG_ARGV[1], TG_ARGV[2]);
    END IF;
    EXECUTE format('UPDATE %I t SET releases_count = t.releases_count + d.n,
        visible_releases_count = t.visible_releases_count + d.v
      FROM (SELECT id, sum(n)::int AS n, sum(v)::int AS v FROM (%s) c GROUP BY id
        HAVING sum(n) <> 0 OR sum(v) <> 0) d
      WHERE t.id = d.id', TG_ARGV[0], moved);
    RETURN NULL;
  END $$;
--> statement-breakpoint
UPDATE artists a SET visible_releases_count = c.n
FROM (SELECT artist_id, count(*)::int AS n FROM release_artists WHERE release_visible
  GROUP BY artist_id) c
WHERE a.id = c.artist_id;
--> statement-breakpoint
UPDATE labels l SET visible_releases_count = c.n
FROM (SELECT label_id, count(*)::int AS n FROM release_labels WHERE release_visible
  GROUP BY label_id) c
WHERE l.id = c.label_id;
--> statement-breakpoint
UPDATE genres g SET visible_releases_count = c.n
FROM (SELECT genre_id, count(*)::int AS n FROM release_genres WHERE release_visible AND score > 0
  GROUP BY genre_id) c
WHERE g.id = c.genre_id;
