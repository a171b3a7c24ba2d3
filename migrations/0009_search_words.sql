-- Two changes to what search reads (issue 4).
--
-- 1. The narrow copy also carries `trashed`, the flag that keeps a file in the trash out of
-- general search (a property declared hideInGeneralSearch; test/search.test.ts checks every such
-- property is carried), so a text search that leaves the trash out still reads item_search alone.
CREATE OR REPLACE FUNCTION ckk_item_search_data(d jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT jsonb_strip_nulls(jsonb_build_object('context', d->'context', 'thread', d->'thread', 'rel', d->'rel', 'recipient', d->'recipient', 'trashed', d->'trashed')) $$;
--> statement-breakpoint
UPDATE item_search s SET data = ckk_item_search_data(i.data) FROM items i WHERE s.id = i.id AND i.data ? 'trashed';
--> statement-breakpoint
-- 2. Full-text search splits words at punctuation in an item's text as it does in a query: the
-- item service now writes search_text as words joined by spaces (kernel/search-text.ts).
-- PostgreSQL's parser kept "drone-survey-2.bin", "officer@riverbend.example" or "2026-03-01"
-- whole, so a search for "survey" or "riverbend" missed them. Older rows get ASCII punctuation
-- turned into spaces here (the trigger of 0008 refreshes item_search); other punctuation in
-- them goes at the item's next save.
UPDATE items SET search_text = regexp_replace(search_text, '[\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E]+', ' ', 'g')
  WHERE search_text ~ '[\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E]';
