ALTER TABLE "lists" ADD COLUMN "covers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A list carries its cover mosaic: the ids, covers and explicit-art flags of its first four
-- visible releases in rank order (MOSAIC_SIZE), so a page of lists reads neither its items nor
-- their releases. Worked out again for every list whose items a statement adds, removes, moves
-- or edits, and for every list holding a release whose cover, explicit art or visibility
-- changes (an upload, an edit, a merge, a deletion voted down or restored).
CREATE FUNCTION list_covers(of_list text) RETURNS jsonb
  LANGUAGE sql STABLE
  AS $$
    SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'cover', c.cover,
        'explicitCoverArt', c.explicit_cover_art) ORDER BY c.position, c.item), '[]'::jsonb)
    FROM (SELECT r.id, r.cover, r.explicit_cover_art, li.position, li.item
      -- The list's items in rank order first (OFFSET 0 keeps the order from being left to
      -- after the join), then a key probe of each one's release until four are found: a plan
      -- that probed every item before sorting them cost seconds at 5,000 items.
      FROM (SELECT i.release_id, i.position, i.id AS item FROM list_items i
        WHERE i.list_id = of_list ORDER BY i.position, i.id OFFSET 0) li
      CROSS JOIN LATERAL (SELECT v.id, v.cover, v.explicit_cover_art FROM releases v
        WHERE v.id = li.release_id AND NOT v.pending_deletion AND v.merged_into_id IS NULL
        LIMIT 1) r
      ORDER BY li.position, li.item LIMIT 4) c
  $$;
--> statement-breakpoint
CREATE FUNCTION refresh_list_covers(of_lists text[]) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE lists l SET covers = c.covers
    FROM (SELECT u.id, list_covers(u.id) AS covers FROM unnest(of_lists) AS u(id)) c
    WHERE l.id = c.id AND l.covers <> c.covers
  $$;
--> statement-breakpoint
CREATE FUNCTION list_items_covers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM refresh_list_covers(array(SELECT DISTINCT list_id FROM new_items));
    ELSIF TG_OP = 'DELETE' THEN
      -- Only where a removed item was in the mosaic: the first visible ones stay first when
      -- another goes. (A release deleted for good removes its items a statement per release.)
      PERFORM refresh_list_covers(array(SELECT DISTINCT o.list_id FROM old_items o
        JOIN lists l ON l.id = o.list_id
        WHERE l.covers @> jsonb_build_array(jsonb_build_object('id', o.release_id))));
    ELSE
      PERFORM refresh_list_covers(array(SELECT list_id FROM new_items
        UNION SELECT list_id FROM old_items));
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- Once per statement: a reorder rewrites every position of a list in one.
CREATE TRIGGER list_items_covers_added AFTER INSERT ON list_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION list_items_covers();
--> statement-breakpoint
CREATE TRIGGER list_items_covers_removed AFTER DELETE ON list_items
  REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION list_items_covers();
--> statement-breakpoint
CREATE TRIGGER list_items_covers_moved AFTER UPDATE ON list_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION list_items_covers();
--> statement-breakpoint
CREATE FUNCTION release_covers_to_lists() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    PERFORM refresh_list_covers(array(SELECT list_id FROM list_items WHERE release_id = NEW.id));
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER releases_covers_to_lists
  AFTER UPDATE OF cover, explicit_cover_art, pending_deletion, merged_into_id ON releases
  FOR EACH ROW WHEN (OLD.cover IS DISTINCT FROM NEW.cover
    OR OLD.explicit_cover_art IS DISTINCT FROM NEW.explicit_cover_art
    OR OLD.pending_deletion IS DISTINCT FROM NEW.pending_deletion
    OR OLD.merged_into_id IS DISTINCT FROM NEW.merged_into_id)
  EXECUTE FUNCTION release_covers_to_lists();
--> statement-breakpoint
-- The existing lists (no trigger on lists reads or writes covers).
SELECT refresh_list_covers(array(SELECT id FROM lists));
