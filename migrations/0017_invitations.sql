-- The organisations an invitation asks its person to join, by the invite token's hash: joined only
-- when the person opens the link and accepts (issue 36: an orgAdmin enrols nobody without consent).
CREATE TABLE invitations (
  token_hash text NOT NULL,
  org_id text NOT NULL,
  invited_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_hash, org_id)
);
