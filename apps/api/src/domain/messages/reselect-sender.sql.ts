// Generated from reselect-sender.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The number a send to this recipient goes from now: the one it had before (`sticky`) while still
 * connected, else the workspace's least recently used connected number.
 */
export const senderForRecipient = statement<
  [phoneNumber: string | null, workspaceId: string | null],
  { id: string; number: string; sticky: boolean }
>(`SELECT p.id, p.number, (r.phone_number_id IS NOT NULL) AS sticky
FROM phone_numbers p
LEFT JOIN recipient_senders r
  ON r.workspace_id = p.workspace_id AND r.phone_number = $1 AND r.phone_number_id = p.id
WHERE p.workspace_id = $2 AND p.status = 'connected'
ORDER BY (r.phone_number_id IS NULL), p.last_used_at ASC NULLS FIRST, p.created_at, p.id
LIMIT 1`);
