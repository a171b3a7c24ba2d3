-- The bounding box of an item's geometry properties (issue 15, kernel/geometry.ts), written by
-- the item service with the data: null for an item without geometry. PostgreSQL's own `box` and
-- its GiST operator class, not PostGIS: PGlite has no PostGIS (DESIGN §3 "geometry"), and a box
-- overlap (`&&`) is all the database must answer; exact tests run in the server with @turf/*.
-- Like search_text, the column is the item service's, not in drizzle's schema.
ALTER TABLE items ADD COLUMN bbox box;
--> statement-breakpoint
CREATE INDEX items_bbox ON items USING gist (bbox) WHERE bbox IS NOT NULL;
