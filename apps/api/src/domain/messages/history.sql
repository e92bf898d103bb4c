-- The message list (history.ts): a workspace's messages, both directions, newest first.
--
-- Each direction is a keyset scan, newest first, over one of the (workspace_id, <filter>,
-- created_at, id) indexes (20261125201140_message_history), so a page reads about `limit` index
-- entries per direction whatever the workspace holds. Which index depends on the filters given, so
-- each direction is a UNION ALL of one branch per index, and each branch is guarded by a condition
-- on the parameters alone: exactly one branch of a direction holds for any filters, and PostgreSQL
-- runs only that one (a custom plan leaves the others out; the generic plan skips them by their
-- one-time filter). The first filter given, in the order idempotency key, campaign, phone number,
-- sender number, status, chooses the branch; the others are checked on its rows. A filter only one
-- direction has (campaign, idempotency key, an outbound status) leaves the other direction out.
-- The filters are in every branch because each branch has its own LIMIT (so that the planner
-- reads an index in order rather than sorting): a condition cannot pass below a LIMIT.
--
-- The columns are those of the reads by id (get.sql); a test holds them to the same text.

-- name: messagePage
-- A page of the workspace's messages, newest first: at most `limit` rows before the keyset
-- (afterCreatedAt, afterId), both null for the first page. A null filter does not filter.
-- params: workspaceId, direction, status, phoneNumber, senderNumber, campaignId, idempotencyKey, createdFrom, createdBefore, afterCreatedAt, afterId, limit
-- not null: id, direction, status, phone_number, body, cost_cents, created_at, updated_at, kind, link_clicks
SELECT * FROM (
  (SELECT m.id, 'outbound' AS direction, m.status, m.phone_number, m.sender_number, m.body,
  m.segments, m.cost_cents, m.error_code,
  CASE WHEN m.source = 'campaign' THEN m.metadata->>'campaign_id' END AS campaign_id, m.source AS origin,
  m.idempotency_key, m.metadata, m.created_at, m.updated_at, m.send_at, m.sent_at, m.delivered_at, m.failed_at,
  m.expires_at, m.estimated_send_at, m.sender_pool_id,
  (SELECT json_build_object('id', a.id, 'status', a.status, 'expires_at', a.expires_at)
   FROM approvals a WHERE a.message_id = m.id) AS approval,
  m.kind, m.media_urls, m.link_clicks
  FROM (
    (SELECT * FROM messages m
     WHERE $7::text IS NOT NULL AND m.workspace_id = $1::text AND m.idempotency_key = $7
       AND ($3::text IS NULL OR m.status = $3) AND ($4::text IS NULL OR m.phone_number = $4)
       AND ($5::text IS NULL OR m.sender_number = $5)
       AND ($6::text IS NULL OR m.source = 'campaign' AND m.metadata->>'campaign_id' = $6)
       AND m.created_at >= COALESCE($8::timestamptz, '-infinity') AND m.created_at < COALESCE($9::timestamptz, 'infinity')
       AND (m.created_at, m.id) < (COALESCE($10::timestamptz, 'infinity'), COALESCE($11::text, ''))
     ORDER BY m.created_at DESC, m.id DESC LIMIT $12::int)
    UNION ALL
    -- The partial expression index on a campaign's sends.
    (SELECT * FROM messages m
     WHERE $7 IS NULL AND $6 IS NOT NULL AND m.workspace_id = $1 AND m.source = 'campaign' AND m.metadata->>'campaign_id' = $6
       AND ($3 IS NULL OR m.status = $3) AND ($4 IS NULL OR m.phone_number = $4) AND ($5 IS NULL OR m.sender_number = $5)
       AND m.created_at >= COALESCE($8, '-infinity') AND m.created_at < COALESCE($9, 'infinity')
       AND (m.created_at, m.id) < (COALESCE($10, 'infinity'), COALESCE($11, ''))
     ORDER BY m.created_at DESC, m.id DESC LIMIT $12)
    UNION ALL
    (SELECT * FROM messages m
     WHERE $7 IS NULL AND $6 IS NULL AND $4 IS NOT NULL AND m.workspace_id = $1 AND m.phone_number = $4
       AND ($3 IS NULL OR m.status = $3) AND ($5 IS NULL OR m.sender_number = $5)
       AND m.created_at >= COALESCE($8, '-infinity') AND m.created_at < COALESCE($9, 'infinity')
       AND (m.created_at, m.id) < (COALESCE($10, 'infinity'), COALESCE($11, ''))
     ORDER BY m.created_at DESC, m.id DESC LIMIT $12)
    UNION ALL
    (SELECT * FROM messages m
     WHERE $7 IS NULL AND $6 IS NULL AND $4 IS NULL AND $5 IS NOT NULL AND m.workspace_id = $1 AND m.sender_number = $5
       AND ($3 IS NULL OR m.status = $3)
       AND m.created_at >= COALESCE($8, '-infinity') AND m.created_at < COALESCE($9, 'infinity')
       AND (m.created_at, m.id) < (COALESCE($10, 'infinity'), COALESCE($11, ''))
     ORDER BY m.created_at DESC, m.id DESC LIMIT $12)
    UNION ALL
    (SELECT * FROM messages m
     WHERE $7 IS NULL AND $6 IS NULL AND $4 IS NULL AND $5 IS NULL AND $3 IS NOT NULL AND m.workspace_id = $1 AND m.status = $3
       AND m.created_at >= COALESCE($8, '-infinity') AND m.created_at < COALESCE($9, 'infinity')
       AND (m.created_at, m.id) < (COALESCE($10, 'infinity'), COALESCE($11, ''))
     ORDER BY m.created_at DESC, m.id DESC LIMIT $12)
    UNION ALL
    (SELECT * FROM messages m
     WHERE $7 IS NULL AND $6 IS NULL AND $4 IS NULL AND $5 IS NULL AND $3 IS NULL AND m.workspace_id = $1
       AND m.created_at >= COALESCE($8, '-infinity') AND m.created_at < COALESCE($9, 'infinity')
       AND (m.created_at, m.id) < (COALESCE($10, 'infinity'), COALESCE($11, ''))
     ORDER BY m.created_at DESC, m.id DESC LIMIT $12)
  ) m
  WHERE $2::text IS DISTINCT FROM 'inbound' AND $3 IS DISTINCT FROM 'received'
  ORDER BY m.created_at DESC, m.id DESC LIMIT $12)
  UNION ALL
  (SELECT i.id, 'inbound' AS direction, 'received' AS status, i.from_number AS phone_number,
  i.to_number AS sender_number, i.body, NULL::integer AS segments, 0 AS cost_cents, NULL::text AS error_code,
  NULL::text AS campaign_id, NULL::text AS origin, NULL::text AS idempotency_key, NULL::jsonb AS metadata, i.created_at,
  i.created_at AS updated_at, NULL::timestamptz AS send_at, NULL::timestamptz AS sent_at,
  NULL::timestamptz AS delivered_at, NULL::timestamptz AS failed_at,
  NULL::timestamptz AS expires_at, NULL::timestamptz AS estimated_send_at, NULL::text AS sender_pool_id,
  NULL::json AS approval, CASE WHEN i.media_urls IS NULL THEN 'sms' ELSE 'mms' END AS kind, i.media_urls,
  0 AS link_clicks
  FROM (
    (SELECT * FROM inbound_messages i
     WHERE $4 IS NOT NULL AND i.workspace_id = $1 AND i.from_number = $4 AND ($5 IS NULL OR i.to_number = $5)
       AND i.created_at >= COALESCE($8, '-infinity') AND i.created_at < COALESCE($9, 'infinity')
       AND (i.created_at, i.id) < (COALESCE($10, 'infinity'), COALESCE($11, ''))
     ORDER BY i.created_at DESC, i.id DESC LIMIT $12)
    UNION ALL
    (SELECT * FROM inbound_messages i
     WHERE $4 IS NULL AND $5 IS NOT NULL AND i.workspace_id = $1 AND i.to_number = $5
       AND i.created_at >= COALESCE($8, '-infinity') AND i.created_at < COALESCE($9, 'infinity')
       AND (i.created_at, i.id) < (COALESCE($10, 'infinity'), COALESCE($11, ''))
     ORDER BY i.created_at DESC, i.id DESC LIMIT $12)
    UNION ALL
    (SELECT * FROM inbound_messages i
     WHERE $4 IS NULL AND $5 IS NULL AND i.workspace_id = $1
       AND i.created_at >= COALESCE($8, '-infinity') AND i.created_at < COALESCE($9, 'infinity')
       AND (i.created_at, i.id) < (COALESCE($10, 'infinity'), COALESCE($11, ''))
     ORDER BY i.created_at DESC, i.id DESC LIMIT $12)
  ) i
  WHERE $2 IS DISTINCT FROM 'outbound' AND ($3 IS NULL OR $3 = 'received') AND $6 IS NULL AND $7 IS NULL
  ORDER BY i.created_at DESC, i.id DESC LIMIT $12)
) AS both_directions
ORDER BY created_at DESC, id DESC LIMIT $12;
