-- Facet counts kept ahead of time (issue 17; search/kept-facets.ts, docs/archive.md "Measured").
-- A type that declares keepFacetCounts has its facet values counted per cell: the organisation,
-- level and protocol set that the read rule decides by, and the creator where being the creator
-- changes the rule's answer (PRIVATE, ownerless and protocol-restricted items; null elsewhere). A search's first page then sums the
-- cells its reader may read, instead of counting every readable item. The triggers that keep
-- the counts are made at start from the registry (they name the types and their facets), like
-- ckk_item_search_data; they append +n and -n rows, so writers never wait on one another for a
-- counter, and a search that finds many such rows folds them together again.
CREATE TABLE facet_counts (
  type text NOT NULL,
  owner text,
  access text NOT NULL,
  protocols text[],
  protocol_strict boolean NOT NULL,
  created_by text,
  facet text NOT NULL,
  value text,
  n bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX facet_counts_type ON facet_counts (type);
--> statement-breakpoint
-- The types whose counts the triggers keep, and which facets: a search uses the counts only for
-- facets listed here, so a node whose registry differs (a rolling upgrade) never reads counts
-- nobody keeps.
CREATE TABLE facet_kept (
  type text PRIMARY KEY,
  keys text[] NOT NULL
);
