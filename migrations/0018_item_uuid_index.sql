-- The image route by a legacy uuid (/item-uuid-image/{uuid}, download-routes.ts) answers anyone,
-- signed in or not, and looked the uuid up over every item: a scan of the whole table per
-- request, which a stranger could repeat at will (issue 36). Only items that hold a uuid are in
-- these indexes; the route's `data->>'uuid' = $1` implies the predicate, so the planner uses them.
CREATE INDEX "items_data_uuid" ON "items" USING btree (("data"->>'uuid')) WHERE ("data"->>'uuid') IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "items_data_legacy_uuid" ON "items" USING btree (("data"->>'_uuid')) WHERE ("data"->>'_uuid') IS NOT NULL;
