CREATE TABLE "notify_prefs" (
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"pref" text NOT NULL,
	CONSTRAINT "notify_prefs_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE INDEX "notify_prefs_item" ON "notify_prefs" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "items_notify_recipient" ON "items" USING btree (("data"->>'recipient'),"num") WHERE "items"."type" = 'Notify';