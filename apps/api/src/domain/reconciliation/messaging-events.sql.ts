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

/**
 * A stored provider event still to reconcile: nothing comes back once it is settled.
 */
export const receivedEvent = statement<
  [providerEventId: string | null],
  { provider: string; eventType: string; payload: unknown }
>(`SELECT provider, event_type AS "eventType", payload FROM provider_events WHERE id = $1::uuid AND status = 'received'`);

/**
 * A carrier's `sent` or `delivered` report in one statement, with the effects reconcileProviderEvent's
 * transaction would have: settles the stored event `providerEventId` (linked to its message, with the
 * sequence of the customer event it caused, or marked superseded), moves the message forward from
 * `fromStatuses` (a `delivered` of a message still queued or sending takes the sent step first, as
 * applyMessageOutcome does), and records message.sent and/or message.delivered (`eventIds`: the sent
 * step's, then the report's own), each with a delivery and its job per subscribed endpoint (ids from
 * `deliveryIds` and `jobIds`, queue `queue`). A delivery report ends the run of carrier errors of the
 * message's sender, as messageOfEvent does. The event row is locked first and then the message's, as
 * the transaction takes them, so a concurrent reconciliation of either waits. No row comes back, and
 * nothing changes, when the event is settled already or the report is none of these cases: no
 * message of ours, a carrier id still to store, a message with an error code, or more subscriptions
 * than ids. Settled at its ingestion, the event's reconciliation job (`recoveryJobId`, due later) is
 * deleted with it; a running one (the job reconciling it) is left to its runner.
 */
export const applyReportedStatus = statement<
  [
    providerEventId: string | null,
    ids: readonly (string | null)[] | null,
    providerMessageId: string | null,
    status: string | null,
    fromStatuses: readonly (string | null)[] | null,
    at: Date | string | null,
    occurredAt: string | null,
    eventIds: readonly (string | null)[] | null,
    deliveryIds: readonly (string | null)[] | null,
    jobIds: readonly (string | null)[] | null,
    queue: string | null,
    recoveryJobId: string | null,
  ],
  { messageId: string; workspaceId: string | null; statuses: string[]; jobIds: string[] }
>(`WITH report AS MATERIALIZED (
  SELECT id FROM provider_events WHERE id = $1::uuid AND status = 'received' FOR UPDATE
), found AS MATERIALIZED (
  SELECT id, workspace_id, sender_number_id, provider_message_id, error_code FROM messages
  WHERE id = ANY ($2::text[]) OR provider_message_id = $3::text
  LIMIT 1
), subscribed AS MATERIALIZED (
  SELECT e.id, e.event_types FROM webhook_endpoints e JOIN found ON e.workspace_id = found.workspace_id
  WHERE e.enabled
    AND (cardinality(e.event_types) = 0 OR e.event_types && ARRAY['message.sent', 'message.' || $4::text])
), fits AS MATERIALIZED (
  SELECT found.id FROM found, report
  WHERE (found.provider_message_id IS NOT NULL OR $3::text IS NULL OR $3::text = found.id)
    AND found.error_code IS NULL
    AND (SELECT count(*) FROM subscribed) * 2 <= cardinality($9::text[])
), locked AS MATERIALIZED (
  SELECT m.id, m.status, ($4::text = 'delivered' AND m.status IN ('queued', 'sending')) AS implies_sent
  FROM messages m JOIN fits ON m.id = fits.id
  FOR UPDATE OF m
), moved AS (
  UPDATE messages m SET status = $4::text,
    sent_at = CASE WHEN $4::text = 'sent' OR locked.implies_sent THEN $6::timestamptz ELSE m.sent_at END,
    delivered_at = CASE WHEN $4::text = 'delivered' THEN $6::timestamptz ELSE m.delivered_at END,
    updated_at = $6::timestamptz,
    event_sequence = m.event_sequence + CASE WHEN locked.implies_sent THEN 2 ELSE 1 END
  FROM locked WHERE m.id = locked.id AND m.status = ANY ($5::text[])
  RETURNING m.id, m.workspace_id, m.status, m.phone_number, m.segments, m.cost_cents, m.event_sequence, locked.implies_sent
), steps AS (
  SELECT 1 AS step, 'sent' AS status, event_sequence - 1 AS sequence FROM moved WHERE implies_sent
  UNION ALL
  SELECT 2, status, event_sequence FROM moved
), recorded AS (
  INSERT INTO events (id, workspace_id, type, data, created_at)
  SELECT ($8::text[])[steps.step], moved.workspace_id, 'message.' || steps.status,
         jsonb_build_object('sequence', steps.sequence, 'occurred_at', $7::text, 'message', jsonb_build_object(
           'id', moved.id, 'status', steps.status, 'phone_number', moved.phone_number, 'segments', moved.segments,
           'cost_cents', moved.cost_cents)),
         $6::timestamptz
  FROM steps, moved
  RETURNING id, type, (data ->> 'sequence')::int AS sequence
), pairs AS (
  SELECT recorded.id AS event_id, recorded.type, recorded.sequence, subscribed.id AS endpoint_id,
         row_number() OVER (ORDER BY recorded.type DESC, subscribed.id) AS n
  FROM recorded JOIN subscribed ON cardinality(subscribed.event_types) = 0 OR recorded.type = ANY (subscribed.event_types)
), ids AS (
  SELECT * FROM unnest($9::text[], $10::text[]) WITH ORDINALITY AS ids (delivery_id, job_id, n)
), deliveries AS (
  INSERT INTO webhook_deliveries
    (id, workspace_id, endpoint_id, event_id, event_type, message_id, sequence, next_retry_at, created_at, updated_at)
  SELECT ids.delivery_id, moved.workspace_id, pairs.endpoint_id, pairs.event_id, pairs.type, moved.id, pairs.sequence,
         $6::timestamptz, $6::timestamptz, $6::timestamptz
  FROM moved, pairs JOIN ids ON ids.n = pairs.n
  RETURNING id
), delivery_jobs AS (
  INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
  SELECT ids.job_id, $11::text, jsonb_build_object('delivery_id', deliveries.id, 'trigger', 'automatic', 'attempt', 1),
         $6::timestamptz, $6::timestamptz, $6::timestamptz
  FROM deliveries JOIN ids ON ids.delivery_id = deliveries.id
  RETURNING id
), healthy AS (
  UPDATE phone_numbers p SET carrier_errors = 0, carrier_errors_since = NULL
  FROM found, fits WHERE $4::text = 'delivered' AND p.id = found.sender_number_id AND p.carrier_errors > 0
), settled AS (
  UPDATE provider_events p SET status = 'processed', processed_at = $6::timestamptz, message_id = fits.id,
    sequence = (SELECT event_sequence FROM moved), superseded = NOT EXISTS (SELECT 1 FROM moved)
  FROM fits WHERE p.id = $1::uuid
), recovered AS (
  DELETE FROM jobs j USING fits WHERE j.id = $12::text AND j.status = 'pending'
)
SELECT fits.id AS "messageId", moved.workspace_id AS "workspaceId",
       ARRAY(SELECT status FROM steps ORDER BY step) AS statuses, ARRAY(SELECT id FROM delivery_jobs) AS "jobIds"
FROM fits LEFT JOIN moved ON TRUE`);
