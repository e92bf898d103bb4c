// Generated from replies.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * A conversation of the workspace: its two numbers.
 */
export const conversationReplyTarget = statement<
  [id: string | null, workspaceId: string | null],
  { id: string; phone_number: string; sender_number: string }
>(`SELECT c.id, c.phone_number, c.sender_number FROM conversations c WHERE c.id = $1 AND c.workspace_id = $2`);

/**
 * A message the workspace sent: its recipient, its sender (null until one was chosen), when it was
 * accepted, and the conversation of the two numbers if the recipient ever replied.
 */
export const messageReplyTarget = statement<
  [id: string | null, workspaceId: string | null],
  { phone_number: string; sender_number: string | null; created_at: Date; conversation_id: string | null }
>(`SELECT m.phone_number, m.sender_number, m.created_at, c.id AS conversation_id
FROM messages m
LEFT JOIN conversations c
  ON c.workspace_id = m.workspace_id AND c.phone_number = m.phone_number AND c.sender_number = m.sender_number
WHERE m.id = $1 AND m.workspace_id = $2`);

/**
 * When a message of the workspace, sent or received, was created.
 */
export const messageCreatedAt = statement<
  [id: string | null, workspaceId: string | null],
  { created_at: Date }
>(`SELECT m.created_at FROM messages m WHERE m.id = $1 AND m.workspace_id = $2
UNION ALL
SELECT i.created_at FROM inbound_messages i WHERE i.id = $1 AND i.workspace_id = $2`);
