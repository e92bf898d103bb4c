-- One message by id (get.ts), in the message list's shape: the id's prefix says which table holds
-- it. The message list (history.ts) selects the same columns, read from these statements (items.ts).
-- A campaign's sends carry their campaign in metadata (domain/campaigns/scheduler.ts); any other
-- send's metadata is the caller's own, so a campaign_id key there names no campaign. A send held for
-- approval has one approval (unique on message_id), which its item carries.

-- name: outboundById
-- A message the workspace sent.
-- params: id, workspaceId
-- not null: direction
SELECT m.id, 'outbound' AS direction, m.status, m.phone_number, m.sender_number, m.body,
  m.segments, m.cost_cents, m.error_code,
  CASE WHEN m.source = 'campaign' THEN m.metadata->>'campaign_id' END AS campaign_id, m.source AS origin,
  m.idempotency_key, m.metadata, m.created_at, m.updated_at, m.send_at, m.sent_at, m.delivered_at, m.failed_at,
  m.expires_at, m.estimated_send_at, m.sender_pool_id,
  (SELECT json_build_object('id', a.id, 'status', a.status, 'expires_at', a.expires_at)
   FROM approvals a WHERE a.message_id = m.id) AS approval,
  m.kind, m.media_urls, m.link_clicks
FROM messages m WHERE m.id = $1 AND m.workspace_id = $2;

-- name: inboundById
-- A message the workspace received: from the other party to one of the workspace's numbers.
-- params: id, workspaceId
-- not null: direction, status, cost_cents, kind, link_clicks
SELECT i.id, 'inbound' AS direction, 'received' AS status, i.from_number AS phone_number,
  i.to_number AS sender_number, i.body, NULL::integer AS segments, 0 AS cost_cents, NULL::text AS error_code,
  NULL::text AS campaign_id, NULL::text AS origin, NULL::text AS idempotency_key, NULL::jsonb AS metadata, i.created_at,
  i.created_at AS updated_at, NULL::timestamptz AS send_at, NULL::timestamptz AS sent_at,
  NULL::timestamptz AS delivered_at, NULL::timestamptz AS failed_at,
  NULL::timestamptz AS expires_at, NULL::timestamptz AS estimated_send_at, NULL::text AS sender_pool_id,
  NULL::json AS approval, CASE WHEN i.media_urls IS NULL THEN 'sms' ELSE 'mms' END AS kind, i.media_urls,
  0 AS link_clicks
FROM inbound_messages i WHERE i.id = $1 AND i.workspace_id = $2;
