// Generated from messaging-events.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The message a carrier event is about, by our ids (`ids`) or the carrier's (`providerMessageId`),
 * each through its index (hot-statement-plans), and the stored event `providerEventId` linked to it.
 * A delivery (`delivered`) ends the run of carrier errors of the message's sender (sender-health.ts),
 * in the same statement: the number's row is written only when it had errors.
 */
export const messageOfEvent = statement<
  [
    ids: readonly (string | null)[] | null,
    providerMessageId: string | null,
    providerEventId: string | null,
    delivered: boolean | null,
  ],
  {
    id: string;
    status: string;
    workspaceId: string;
    phoneNumber: string;
    senderNumber: string | null;
    senderNumberId: string | null;
    providerMessageId: string | null;
  }
>(`WITH found AS (
  SELECT id, status, workspace_id, phone_number, sender_number, sender_number_id, provider_message_id FROM messages
  WHERE id = ANY ($1::text[]) OR provider_message_id = $2::text
  LIMIT 1
), linked AS (
  UPDATE provider_events SET message_id = found.id FROM found WHERE provider_events.id = $3::uuid
), healthy AS (
  UPDATE phone_numbers p SET carrier_errors = 0, carrier_errors_since = NULL
  FROM found WHERE $4::boolean AND p.id = found.sender_number_id AND p.carrier_errors > 0
)
SELECT id, status, workspace_id AS "workspaceId", phone_number AS "phoneNumber", sender_number AS "senderNumber",
       sender_number_id AS "senderNumberId", provider_message_id AS "providerMessageId"
FROM found`);
