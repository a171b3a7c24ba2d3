-- Audited reads of PRIVATE items (issue 16 "consult.audit"; docs/consult-audit.md): who opened which
-- private item, and when. The item service writes these rows after the read, batched (a queue flushed
-- every few hundred milliseconds or rows, src/server/items/read-audit.ts), so a read never waits
-- for them. Append-only like events: a trigger refuses UPDATE and DELETE. Like item_search, the
-- table is the item service's, not in drizzle's schema.
CREATE TABLE read_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  item_id text NOT NULL,
  user_id text NOT NULL,
  -- The admin behind a masquerading reader.
  real_user text
);
--> statement-breakpoint
CREATE INDEX read_audit_item ON read_audit (item_id, id);
--> statement-breakpoint
CREATE INDEX read_audit_at ON read_audit (at DESC, id DESC);
--> statement-breakpoint
CREATE TRIGGER read_audit_append_only BEFORE UPDATE OR DELETE ON read_audit
  FOR EACH ROW EXECUTE FUNCTION ckk_events_append_only();
--> statement-breakpoint
-- The audit screen lists events newest first over every item of its types: by time, not by item.
CREATE INDEX events_at ON events (at DESC, id DESC);
