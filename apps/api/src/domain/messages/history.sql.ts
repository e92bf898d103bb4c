// Generated from history.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * A page of the workspace's messages, newest first: at most `limit` rows before the keyset
 * (afterCreatedAt, afterId), both null for the first page. A null filter does not filter.
 */
export const messagePage = statement<
  [
    workspaceId: string | null,
    direction: string | null,
    status: string | null,
    phoneNumber: string | null,
    senderNumber: string | null,
    campaignId: string | null,
    idempotencyKey: string | null,
    createdFrom: Date | string | null,
    createdBefore: Date | string | null,
    afterCreatedAt: Date | string | null,
    afterId: string | null,
    limit: number | null,
  ],
  {
    id: string;
    direction: string;
    status: string;
    phone_number: string;
    sender_number: string | null;
    body: string;
    segments: number | null;
    cost_cents: number;
    error_code: string | null;
    campaign_id: string | null;
    origin: string | null;
    idempotency_key: string | null;
    metadata: unknown;
    created_at: Date;
    updated_at: Date;
    send_at: Date | null;
    sent_at: Date | null;
    delivered_at: Date | null;
    failed_at: Date | null;
    expires_at: Date | null;
    estimated_send_at: Date | null;
    sender_pool_id: string | null;
    approval: unknown;
    kind: string;
    media_urls: unknown;
    link_clicks: number;
  }
>(`SELECT * FROM (
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
ORDER BY created_at DESC, id DESC LIMIT $12`);
