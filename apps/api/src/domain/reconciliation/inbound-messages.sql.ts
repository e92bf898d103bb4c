// Generated from inbound-messages.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The conversation of the two numbers: created by the first message between them (`created`), else
 * moved to `at`. Two first messages at once both land on it: the second waits for the first's insert
 * and then moves it, where a read then a create would fail the second on the unique key.
 * `xmax = 0` holds for a row this statement inserted, not for one it updated.
 */
export const openConversation = statement<
  [
    id: string | null,
    workspaceId: string | null,
    phoneNumber: string | null,
    senderNumber: string | null,
    at: Date | string | null,
  ],
  { id: string; phoneNumber: string; senderNumber: string; lastMessageAt: Date; createdAt: Date; created: boolean }
>(`INSERT INTO conversations AS c (id, workspace_id, phone_number, sender_number, last_message_at, created_at)
VALUES ($1, $2, $3, $4, $5, $5)
ON CONFLICT (workspace_id, phone_number, sender_number) DO UPDATE SET last_message_at = EXCLUDED.last_message_at
RETURNING c.id, c.phone_number AS "phoneNumber", c.sender_number AS "senderNumber",
          c.last_message_at AS "lastMessageAt", c.created_at AS "createdAt", (c.xmax = 0) AS created`);
