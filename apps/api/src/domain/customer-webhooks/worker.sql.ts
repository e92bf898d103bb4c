// Generated from worker.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Claims the automatic attempt `attempt` of the delivery and reads it.
 */
export const claimDeliveryAttempt = statement<
  [attempt: number | null, deliveryId: string | null],
  {
    id: string;
    status: string;
    next_retry_at: Date | null;
    message_id: string | null;
    sequence: number | null;
    endpoint_id: string;
    workspace_id: string;
    url: string;
    enabled: boolean;
    secret: string;
    previous_secret: string | null;
    previous_secret_expires_at: Date | null;
    failing_since: Date | null;
    max_per_second: number | null;
    ordering: string;
    event_id: string;
    event_type: string;
    event_created_at: Date;
    event_data: unknown;
  }
>(`WITH d AS (
  UPDATE webhook_deliveries SET scheduled_attempts = $1
  WHERE id = $2 AND next_retry_at IS NOT NULL AND scheduled_attempts = $1 - 1
  RETURNING id, status, next_retry_at, message_id, sequence, endpoint_id, event_id)
SELECT d.id, d.status, d.next_retry_at, d.message_id, d.sequence, e.id AS endpoint_id, e.workspace_id, e.url, e.enabled,
       e.secret, e.previous_secret, e.previous_secret_expires_at, e.failing_since, e.max_per_second, e.ordering,
       ev.id AS event_id, ev.type AS event_type, ev.created_at AS event_created_at, ev.data AS event_data
FROM d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id`);

/**
 * claimDeliveryAttempt for many deliveries (each named once), by id and attempt.
 */
export const claimDeliveryAttempts = statement<
  [deliveryIds: readonly (string | null)[] | null, attempts: readonly (number | null)[] | null],
  {
    id: string;
    status: string;
    next_retry_at: Date | null;
    message_id: string | null;
    sequence: number | null;
    endpoint_id: string;
    workspace_id: string;
    url: string;
    enabled: boolean;
    secret: string;
    previous_secret: string | null;
    previous_secret_expires_at: Date | null;
    failing_since: Date | null;
    max_per_second: number | null;
    ordering: string;
    event_id: string;
    event_type: string;
    event_created_at: Date;
    event_data: unknown;
  }
>(`WITH claim AS (
  SELECT * FROM unnest($1::text[], $2::int[]) AS c (id, attempt)
), d AS (
  UPDATE webhook_deliveries w SET scheduled_attempts = claim.attempt FROM claim
  WHERE w.id = claim.id AND w.next_retry_at IS NOT NULL AND w.scheduled_attempts = claim.attempt - 1
  RETURNING w.id, w.status, w.next_retry_at, w.message_id, w.sequence, w.endpoint_id, w.event_id)
SELECT d.id, d.status, d.next_retry_at, d.message_id, d.sequence, e.id AS endpoint_id, e.workspace_id, e.url, e.enabled,
       e.secret, e.previous_secret, e.previous_secret_expires_at, e.failing_since, e.max_per_second, e.ordering,
       ev.id AS event_id, ev.type AS event_type, ev.created_at AS event_created_at, ev.data AS event_data
FROM d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id`);

/**
 * Reads a delivery for an attempt that claims nothing (a replay or a test event).
 */
export const deliveryWithEndpoint = statement<
  [deliveryId: string | null],
  {
    id: string;
    status: string;
    next_retry_at: Date | null;
    message_id: string | null;
    sequence: number | null;
    endpoint_id: string;
    workspace_id: string;
    url: string;
    enabled: boolean;
    secret: string;
    previous_secret: string | null;
    previous_secret_expires_at: Date | null;
    failing_since: Date | null;
    max_per_second: number | null;
    ordering: string;
    event_id: string;
    event_type: string;
    event_created_at: Date;
    event_data: unknown;
  }
>(`SELECT d.id, d.status, d.next_retry_at, d.message_id, d.sequence, e.id AS endpoint_id, e.workspace_id, e.url, e.enabled,
       e.secret, e.previous_secret, e.previous_secret_expires_at, e.failing_since, e.max_per_second, e.ordering,
       ev.id AS event_id, ev.type AS event_type, ev.created_at AS event_created_at, ev.data AS event_data
FROM webhook_deliveries d
JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id
WHERE d.id = $1`);

/**
 * per_message ordering: the first delivery to the endpoint of an earlier event of the same message
 * that is not finished (next_retry_at set: not yet attempted, in flight, or failed with a retry due),
 * which holds the later ones. Found on the (workspace_id, message_id) index.
 */
export const earlierUnfinishedDelivery = statement<
  [workspaceId: string | null, messageId: string | null, endpointId: string | null, sequence: number | null],
  { id: string; next_retry_at: Date | null }
>(`SELECT id, next_retry_at FROM webhook_deliveries
WHERE workspace_id = $1 AND message_id = $2 AND endpoint_id = $3 AND sequence < $4 AND next_retry_at IS NOT NULL
ORDER BY sequence LIMIT 1`);

/**
 * Gives an automatic attempt that cannot be made now its number back, so the job can claim it again later.
 */
export const unclaimDeliveryAttempt = statement<
  [attempt: number | null, deliveryId: string | null],
  never
>(`UPDATE webhook_deliveries SET scheduled_attempts = $1 - 1
WHERE id = $2 AND scheduled_attempts = $1`);

/**
 * Updates the delivery after an attempt and records the attempt, numbered by the row update. With
 * `keepsRetry` the delivery's next_retry_at stays as it is. A replay's attempt ends its wait
 * (replay_job_id), so the next replay queues again.
 */
export const recordAttempt = statement<
  [
    status: string | null,
    keepsRetry: boolean | null,
    nextRetryAt: Date | string | null,
    responseCode: number | null,
    latencyMs: number | null,
    finishedAt: Date | string | null,
    trigger: string | null,
    deliveryId: string | null,
    attemptId: string | null,
    responseBody: string | null,
    error: string | null,
    requestHeaders: unknown,
  ],
  never
>(`WITH updated AS (
  UPDATE webhook_deliveries SET
    status = $1,
    next_retry_at = CASE WHEN $2::boolean THEN next_retry_at ELSE $3::timestamptz END,
    attempt_count = attempt_count + 1,
    last_response_code = $4::integer,
    last_latency_ms = $5,
    last_attempt_at = $6,
    replay_job_id = CASE WHEN $7::text = 'replay' THEN NULL ELSE replay_job_id END,
    updated_at = $6
  WHERE id = $8
  RETURNING attempt_count)
INSERT INTO webhook_attempts
  (id, delivery_id, number, trigger, response_code, latency_ms, response_body, error, request_headers, created_at)
SELECT $9, $8, attempt_count, $7, $4::integer, $5, $10, $11::text, $12::jsonb, $6
FROM updated`);

/**
 * recordAttempt for many attempts (each of another delivery), one array element per attempt.
 */
export const recordAttempts = statement<
  [
    attemptIds: readonly (string | null)[] | null,
    deliveryIds: readonly (string | null)[] | null,
    triggers: readonly (string | null)[] | null,
    statuses: readonly (string | null)[] | null,
    keepsRetry: readonly (boolean | null)[] | null,
    nextRetryAts: readonly (Date | string | null)[] | null,
    responseCodes: readonly (number | null)[] | null,
    latenciesMs: readonly (number | null)[] | null,
    responseBodies: readonly (string | null)[] | null,
    errors: readonly (string | null)[] | null,
    requestHeaders: readonly (string | null)[] | null,
    finishedAts: readonly (Date | string | null)[] | null,
  ],
  never
>(`WITH attempt AS (
  SELECT * FROM unnest(
    $1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::timestamptz[], $7::integer[], $8::integer[],
    $9::text[], $10::text[], $11::text[], $12::timestamptz[])
    AS a (id, delivery_id, trigger, status, keeps_retry, next_retry_at, response_code, latency_ms, response_body, error,
          request_headers, finished_at)
), updated AS (
  UPDATE webhook_deliveries d SET
    status = attempt.status,
    next_retry_at = CASE WHEN attempt.keeps_retry THEN d.next_retry_at ELSE attempt.next_retry_at END,
    attempt_count = d.attempt_count + 1,
    last_response_code = attempt.response_code,
    last_latency_ms = attempt.latency_ms,
    last_attempt_at = attempt.finished_at,
    replay_job_id = CASE WHEN attempt.trigger = 'replay' THEN NULL ELSE d.replay_job_id END,
    updated_at = attempt.finished_at
  FROM attempt WHERE d.id = attempt.delivery_id
  RETURNING d.id, d.attempt_count)
INSERT INTO webhook_attempts
  (id, delivery_id, number, trigger, response_code, latency_ms, response_body, error, request_headers, created_at)
SELECT attempt.id, attempt.delivery_id, updated.attempt_count, attempt.trigger, attempt.response_code, attempt.latency_ms,
       attempt.response_body, attempt.error, attempt.request_headers::jsonb, attempt.finished_at
FROM updated JOIN attempt ON attempt.delivery_id = updated.id`);

/**
 * Moves the endpoint's run of failures: null ends it, a time starts it or keeps its earlier start.
 */
export const recordFailureRun = statement<
  [failingSince: Date | string | null, endpointId: string | null],
  { failing_since: Date | null }
>(`UPDATE webhook_endpoints
SET failing_since = CASE WHEN $1::timestamptz IS NULL THEN NULL
                         ELSE LEAST(COALESCE(failing_since, $1::timestamptz), $1::timestamptz) END
WHERE id = $2 RETURNING failing_since`);

/**
 * An attempt that found its endpoint disabled: with `dropsRetry` the delivery fails with no retry
 * due, with `endsReplay` its replay's wait ends.
 */
export const settleForDisabledEndpoint = statement<
  [dropsRetry: boolean | null, endsReplay: boolean | null, now: Date | string | null, deliveryId: string | null],
  never
>(`UPDATE webhook_deliveries SET
  status = CASE WHEN $1::boolean THEN 'failed' ELSE status END,
  next_retry_at = CASE WHEN $1::boolean THEN NULL ELSE next_retry_at END,
  replay_job_id = CASE WHEN $2::boolean THEN NULL ELSE replay_job_id END,
  updated_at = $3
WHERE id = $4`);

/**
 * Disables an endpoint whose run of failures lasted long enough, with the reason.
 */
export const disableEndpoint = statement<[reason: string | null, endpointId: string | null], never>(
  `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $1 WHERE id = $2`,
);
