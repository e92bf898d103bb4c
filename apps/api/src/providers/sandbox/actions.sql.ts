// Generated from actions.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The workspace's connected number a text from `from` goes to: the one `from` was last sent from
 * (the sticky sender), else the oldest connected one.
 */
export const receivingNumber = statement<
  [from: string | null, workspaceId: string | null],
  { number: string }
>(`SELECT p.number FROM phone_numbers p
LEFT JOIN recipient_senders r
  ON r.workspace_id = p.workspace_id AND r.phone_number = $1 AND r.phone_number_id = p.id
WHERE p.workspace_id = $2 AND p.status = 'connected'
ORDER BY (r.phone_number_id IS NULL), p.created_at, p.id
LIMIT 1`);
