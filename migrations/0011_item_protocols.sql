-- Cultural protocols (issue 17, docs/access-model.md "Cultural protocols"): an item may be
-- restricted to one or more of its organisation's protocols (Protocol items: named groups of
-- members such as "Elders"), on top of its level. `protocols` is null when the item is not
-- restricted (never an empty array, so the read rule's test is `is null`); `protocol_strict`
-- asks for every listed protocol instead of any one. Like `access`, they are columns the read
-- rule reads in SQL, so search keeps a copy of them in item_search.
ALTER TABLE items ADD COLUMN protocols text[];
--> statement-breakpoint
ALTER TABLE items ADD COLUMN protocol_strict boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE item_search ADD COLUMN protocols text[];
--> statement-breakpoint
ALTER TABLE item_search ADD COLUMN protocol_strict boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ckk_item_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM item_search WHERE id = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO item_search (id, type, num, owner, access, created_by, created_at, deleted, data, tsv,
    protocols, protocol_strict)
  VALUES (NEW.id, NEW.type, NEW.num, NEW.owner, NEW.access, NEW.created_by, NEW.created_at, NEW.deleted,
    ckk_item_search_data(NEW.data), to_tsvector('simple'::regconfig, ckk_unaccent(lower(NEW.search_text))),
    NEW.protocols, NEW.protocol_strict)
  ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, num = EXCLUDED.num, owner = EXCLUDED.owner,
    access = EXCLUDED.access, created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at,
    deleted = EXCLUDED.deleted, data = EXCLUDED.data, tsv = EXCLUDED.tsv,
    protocols = EXCLUDED.protocols, protocol_strict = EXCLUDED.protocol_strict;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER items_search_update ON items;
--> statement-breakpoint
-- As before, with the protocols: a restriction changed is a change search must see.
CREATE TRIGGER items_search_update AFTER UPDATE ON items
  FOR EACH ROW WHEN ((OLD.type, OLD.num, OLD.owner, OLD.access, OLD.created_by, OLD.created_at, OLD.deleted,
    OLD.search_text, ckk_item_search_data(OLD.data), OLD.protocols, OLD.protocol_strict) IS DISTINCT FROM
    (NEW.type, NEW.num, NEW.owner, NEW.access, NEW.created_by, NEW.created_at, NEW.deleted, NEW.search_text,
    ckk_item_search_data(NEW.data), NEW.protocols, NEW.protocol_strict))
  EXECUTE FUNCTION ckk_item_search_row();
