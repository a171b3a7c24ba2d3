-- Search reads a narrow copy of each item (issue 4; docs/adr/0004-narrow-search-table.md). A text
-- search visits every row its words match; on the wide items row (data, search_text, ~400 bytes)
-- that was ~36,000 pages for one common word at 1M items, here it is ~26,000 pages of rows
-- half the size. The copy holds only what the read rule, the column keys, the column facets and
-- the rank need: `data` keeps only the keys the read rule follows (context, thread, rel,
-- recipient; test/item-search.test.ts checks they cover every type's `follows` and
-- `recipientField`). A trigger keeps it, so every path that writes items (the item service, the
-- notifier, grants, seeds, the benchmark's bulk insert) keeps it too, in the same transaction.
-- Fixed-width columns first: a row's later columns are found faster when fewer variable-length
-- ones come before them, and every matched row is read for deleted, type, access and owner.
CREATE TABLE item_search (
  created_at timestamptz NOT NULL,
  num integer NOT NULL,
  deleted boolean NOT NULL,
  type text NOT NULL,
  access text NOT NULL,
  owner text,
  created_by text,
  id text PRIMARY KEY,
  data jsonb NOT NULL,
  tsv tsvector NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION ckk_item_search_data(d jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT jsonb_strip_nulls(jsonb_build_object('context', d->'context', 'thread', d->'thread', 'rel', d->'rel', 'recipient', d->'recipient')) $$;
--> statement-breakpoint
CREATE FUNCTION ckk_item_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM item_search WHERE id = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO item_search (id, type, num, owner, access, created_by, created_at, deleted, data, tsv)
  VALUES (NEW.id, NEW.type, NEW.num, NEW.owner, NEW.access, NEW.created_by, NEW.created_at, NEW.deleted,
    ckk_item_search_data(NEW.data), to_tsvector('simple'::regconfig, ckk_unaccent(lower(NEW.search_text))))
  ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, num = EXCLUDED.num, owner = EXCLUDED.owner,
    access = EXCLUDED.access, created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at,
    deleted = EXCLUDED.deleted, data = EXCLUDED.data, tsv = EXCLUDED.tsv;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_search_insert AFTER INSERT ON items
  FOR EACH ROW EXECUTE FUNCTION ckk_item_search_row();
--> statement-breakpoint
-- Most updates (a counter, a date, a note) change nothing search reads: those skip the copy.
CREATE TRIGGER items_search_update AFTER UPDATE ON items
  FOR EACH ROW WHEN ((OLD.type, OLD.num, OLD.owner, OLD.access, OLD.created_by, OLD.created_at, OLD.deleted,
    OLD.search_text, ckk_item_search_data(OLD.data)) IS DISTINCT FROM (NEW.type, NEW.num, NEW.owner,
    NEW.access, NEW.created_by, NEW.created_at, NEW.deleted, NEW.search_text, ckk_item_search_data(NEW.data)))
  EXECUTE FUNCTION ckk_item_search_row();
--> statement-breakpoint
CREATE TRIGGER items_search_delete AFTER DELETE ON items
  FOR EACH ROW EXECUTE FUNCTION ckk_item_search_row();
--> statement-breakpoint
INSERT INTO item_search (id, type, num, owner, access, created_by, created_at, deleted, data, tsv)
  SELECT id, type, num, owner, access, created_by, created_at, deleted, ckk_item_search_data(data), tsv FROM items;
--> statement-breakpoint
CREATE INDEX item_search_tsv ON item_search USING gin (tsv);
--> statement-breakpoint
DROP INDEX items_tsv;
--> statement-breakpoint
ALTER TABLE items DROP COLUMN tsv;
