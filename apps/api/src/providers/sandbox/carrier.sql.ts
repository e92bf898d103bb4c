// Generated from carrier.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Records a message the carrier accepted, as provider message `providerMessageId`, and on its first
 * request only writes its reports' jobs (queue `queue`; the arrays hold one per job, run_at as
 * ISO 8601 strings); a repeated request is counted. Returns the first request's provider message id.
 */
export const acceptSandboxMessage = statement<
  [
    messageId: string | null,
    providerMessageId: string | null,
    fromNumber: string | null,
    toNumber: string | null,
    now: Date | string | null,
    queue: string | null,
    jobIds: readonly (string | null)[] | null,
    payloads: readonly (string | null)[] | null,
    runAts: readonly (Date | string | null)[] | null,
  ],
  { provider_message_id: string; first_request: boolean }
>(`WITH accepted AS (
  INSERT INTO sandbox_messages (message_id, provider_message_id, from_number, to_number, created_at)
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (message_id) DO UPDATE SET send_requests = sandbox_messages.send_requests + 1
  RETURNING provider_message_id, (xmax = 0) AS first_request
), report_jobs AS (
  INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
  SELECT report.id, $6, report.payload::jsonb, report.run_at, $5::timestamptz, $5::timestamptz
  FROM accepted, unnest($7::text[], $8::text[], $9::timestamptz[]) AS report (id, payload, run_at)
  WHERE accepted.first_request
)
SELECT provider_message_id, first_request FROM accepted`);
