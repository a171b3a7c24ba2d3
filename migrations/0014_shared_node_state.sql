-- What a node used to keep in its own memory, in the shared database instead, so that any node
-- may serve any request and no load balancer has to keep a person on one node (issue 21). Both
-- tables are unlogged: their rows live for minutes, and a crash that empties them only makes a
-- client ask again.

-- Replies too big for one socket message (lrg/) and streamed HTTP replies (stream-key), kept
-- until their owner fetches them.
CREATE UNLOGGED TABLE large_replies (
  key text PRIMARY KEY,
  owner text,
  done boolean NOT NULL,
  body text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX large_replies_at ON large_replies (at);
--> statement-breakpoint

-- A tus upload's lock, held by one request on one node while it writes the upload's bytes. The
-- holder renews expires_at while it holds it; a lock whose node died lapses.
CREATE UNLOGGED TABLE upload_locks (
  id text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
