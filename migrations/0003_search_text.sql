-- Full-text search (issue 4). unaccent is not IMMUTABLE, so it is wrapped for use in a generated
-- column and in indexes. search_text is written by the item service (label + text fields);
-- these columns are kept out of the drizzle schema and used through raw SQL.
CREATE OR REPLACE FUNCTION ckk_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
ALTER TABLE items ADD COLUMN search_text text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE items ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, ckk_unaccent(lower(search_text)))) STORED;
--> statement-breakpoint
CREATE INDEX items_tsv ON items USING gin (tsv);
--> statement-breakpoint
CREATE INDEX items_type_created_live ON items (type, created_at DESC) WHERE NOT deleted;
