CREATE TABLE "credentials" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor" text,
	"real_actor" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"item_id" text NOT NULL,
	"principal" text NOT NULL,
	"actions" text[] NOT NULL,
	"granted_by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grants_item_id_principal_granted_by_pk" PRIMARY KEY("item_id","principal","granted_by")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"num" integer NOT NULL,
	"data" jsonb NOT NULL,
	"owner" text,
	"access" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"u" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_paths" (
	"alias" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"from_id" text NOT NULL,
	"prop" text NOT NULL,
	"idx" integer NOT NULL,
	"to_id" text NOT NULL,
	CONSTRAINT "links_from_id_prop_idx_pk" PRIMARY KEY("from_id","prop","idx")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" text NOT NULL,
	"org_id" text NOT NULL,
	"roles" text[] NOT NULL,
	CONSTRAINT "memberships_user_id_org_id_pk" PRIMARY KEY("user_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"masquerade_from" text
);
--> statement-breakpoint
CREATE TABLE "type_counters" (
	"type" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_email" ON "credentials" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "events_item" ON "events" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "grants_principal" ON "grants" USING btree ("principal");--> statement-breakpoint
CREATE UNIQUE INDEX "items_type_num" ON "items" USING btree ("type","num");--> statement-breakpoint
CREATE INDEX "items_owner" ON "items" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "items_type_created" ON "items" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "links_to" ON "links" USING btree ("to_id");--> statement-breakpoint
CREATE INDEX "memberships_org" ON "memberships" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "tokens_user" ON "tokens" USING btree ("user_id");