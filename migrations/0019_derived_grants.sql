-- Grants stored on a derived row (a type that follows a source, with its source set: a Message in
-- its Thread, an Attachment on its item) count for nothing since issue 36: the source alone
-- decides who reads it (AccessPolicy.can, readable-sql.ts), and no grant can be added to one any
-- more. Those stored before were still listed by getGrantedBy, as if they opened something, and
-- would open the row again were the rule ever loosened. They are deleted. The pairs are every
-- registered type with `access.follows` and its property when this was written (no grant can be
-- set on a later one, and getGrantedBy skips such grants whatever this list holds);
-- test/stale-derived-grants.test.ts checks each pair. jsonb_typeof: the policy follows only a
-- string (an id); a row whose source is empty is not derived and keeps its grants.
DELETE FROM "grants" WHERE "item_id" IN (
  SELECT i."id" FROM "items" i
  JOIN (VALUES
    ('Notify', 'context'),
    ('Message', 'thread'),
    ('Event', 'context'),
    ('Attachment', 'rel'),
    ('ConsultResponseSection', 'response'),
    ('ConsultResponseConcern', 'response'),
    ('ConsultCommunityTerritory', 'consultation'),
    ('ConsultProjectFeature', 'consultation'),
    ('ConsultAttachment', 'attachment'),
    ('ResponseLetter', 'response'),
    ('Feature', 'rel'),
    ('GISCollection', 'source'),
    ('DispositionFeature', 'disposition'),
    ('SpatialImpactReport', 'response')
  ) AS d("type", "prop") ON i."type" = d."type"
  WHERE jsonb_typeof(i."data" -> d."prop") = 'string'
);
