// Generated from deliveries.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The first automatic attempt's job of each delivery, due at once.
 */
export const insertDeliveryJobs = statement<
  [
    queue: string | null,
    now: Date | string | null,
    jobIds: readonly (string | null)[] | null,
    deliveryIds: readonly (string | null)[] | null,
  ],
  never
>(`INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
SELECT d.job_id, $1, jsonb_build_object('delivery_id', d.delivery_id, 'trigger', 'automatic', 'attempt', 1), $2, $2, $2
FROM unnest($3::text[], $4::text[]) AS d (job_id, delivery_id)`);

/**
 * Whether the delivery's replay job is still to run.
 */
export const replayWaits = statement<[jobId: string | null], { waits: boolean }>(
  `SELECT EXISTS (SELECT 1 FROM jobs j WHERE j.id = $1 AND j.status IN ('pending', 'running')) AS waits`,
);

/**
 * Records the replay's job on the delivery, unless another replay did since `seenJobId` was read.
 */
export const claimReplay = statement<
  [jobId: string | null, deliveryId: string | null, seenJobId: string | null],
  never
>(`UPDATE webhook_deliveries SET replay_job_id = $1
WHERE id = $2 AND replay_job_id IS NOT DISTINCT FROM $3`);

/**
 * Takes the endpoint's row, which its recoveries take turns on, and reads the latest recovery.
 */
export const lockEndpointRecovery = statement<
  [endpointId: string | null],
  { started_at: Date | null; since: Date | null; queued: number | null }
>(`SELECT recovery_started_at AS started_at, recovery_since AS since, recovery_queued AS queued
FROM webhook_endpoints WHERE id = $1 FOR UPDATE`);

/**
 * How many replays of the endpoint queued since `startedAt` are still to run.
 */
export const waitingReplays = statement<
  [endpointId: string | null, startedAt: Date | string | null],
  { waiting: number }
>(`SELECT count(*)::int AS waiting FROM webhook_deliveries d JOIN jobs j ON j.id = d.replay_job_id
WHERE d.endpoint_id = $1 AND d.replay_job_id IS NOT NULL
  AND j.status IN ('pending', 'running') AND j.created_at >= $2`);

/**
 * Claims a replay of each failed delivery of the endpoint created since `since` whose replay does
 * not wait already, and writes their jobs, due at once; returns the jobs.
 */
export const queueRecoveryReplays = statement<
  [endpointId: string | null, since: Date | string | null, queue: string | null, at: Date | string | null],
  { id: string }
>(`WITH due AS (
  SELECT d.id, d.replay_job_id AS seen_job_id, 'job_' || replace(gen_random_uuid()::text, '-', '') AS job_id
  FROM webhook_deliveries d
  WHERE d.endpoint_id = $1 AND d.status = 'failed' AND d.created_at >= $2
    AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = d.replay_job_id AND j.status IN ('pending', 'running'))
), claimed AS (
  UPDATE webhook_deliveries d SET replay_job_id = due.job_id FROM due
  WHERE d.id = due.id AND d.replay_job_id IS NOT DISTINCT FROM due.seen_job_id
  RETURNING d.id, due.job_id
)
INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
SELECT job_id, $3, jsonb_build_object('delivery_id', id, 'trigger', 'replay'), $4, $4, $4
FROM claimed
RETURNING id`);
