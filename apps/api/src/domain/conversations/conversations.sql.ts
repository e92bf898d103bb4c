// Generated from conversations.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The conversation `id`, or else a page of the workspace's conversations (those with `phoneNumber`
 * when given), latest reply first: at most `limit` before the keyset (afterLastMessageAt, afterId),
 * both null for the first page.
 */
export const conversationPage = statement<
  [
    workspaceId: string | null,
    id: string | null,
    phoneNumber: string | null,
    afterLastMessageAt: Date | string | null,
    afterId: string | null,
    limit: number | null,
  ],
  {
    id: string;
    phone_number: string;
    sender_number: string;
    last_reply_at: Date;
    created_at: Date;
    last_inbound_at: Date | null;
    last_inbound_body: string | null;
    last_outbound_at: Date | null;
    last_outbound_body: string | null;
    message_count: number;
    suppressed: boolean;
  }
>(`SELECT c.id, c.phone_number, c.sender_number, c.last_message_at AS last_reply_at, c.created_at,
  li.created_at AS last_inbound_at, li.body AS last_inbound_body,
  lo.created_at AS last_outbound_at, lo.body AS last_outbound_body,
  (SELECT count(*) FROM inbound_messages i
   WHERE i.workspace_id = c.workspace_id AND i.from_number = c.phone_number AND i.to_number = c.sender_number)::int
    + (SELECT count(*) FROM messages m
       WHERE m.workspace_id = c.workspace_id AND m.phone_number = c.phone_number AND m.sender_number = c.sender_number)::int
    AS message_count,
  s.active IS TRUE AS suppressed
FROM (
  SELECT * FROM (
    (SELECT * FROM conversations c WHERE $2::text IS NOT NULL AND c.id = $2 AND c.workspace_id = $1::text)
    UNION ALL
    (SELECT * FROM conversations c
     WHERE $2 IS NULL AND $3::text IS NOT NULL AND c.workspace_id = $1 AND c.phone_number = $3
       AND (c.last_message_at, c.id) < (COALESCE($4::timestamptz, 'infinity'), COALESCE($5::text, ''))
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT $6::int)
    UNION ALL
    (SELECT * FROM conversations c
     WHERE $2 IS NULL AND $3 IS NULL AND c.workspace_id = $1
       AND (c.last_message_at, c.id) < (COALESCE($4, 'infinity'), COALESCE($5, ''))
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT $6)
  ) c
  ORDER BY c.last_message_at DESC, c.id DESC LIMIT $6
) c
LEFT JOIN LATERAL (
  SELECT i.created_at, i.body FROM inbound_messages i
  WHERE i.workspace_id = c.workspace_id AND i.from_number = c.phone_number AND i.to_number = c.sender_number
  ORDER BY i.created_at DESC, i.id DESC LIMIT 1
) li ON TRUE
LEFT JOIN LATERAL (
  SELECT m.created_at, m.body FROM messages m
  WHERE m.workspace_id = c.workspace_id AND m.phone_number = c.phone_number AND m.sender_number = c.sender_number
  ORDER BY m.created_at DESC, m.id DESC LIMIT 1
) lo ON TRUE
LEFT JOIN LATERAL (
  SELECT s.active FROM workspace_suppressions s
  WHERE s.workspace_id = c.workspace_id AND s.phone_number = c.phone_number LIMIT 1
) s ON TRUE
ORDER BY c.last_message_at DESC, c.id DESC`);
