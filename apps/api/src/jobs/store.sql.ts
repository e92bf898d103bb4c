// Generated from store.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Claims up to `limit` due jobs of these queues, the longest due first.
 */
export const claimDueJobs = statement<
  [
    queues: readonly (string | null)[] | null,
    now: Date | string | null,
    leaseUntil: Date | string | null,
    limit: number | bigint | null,
  ],
  { id: string; queue: string; payload: unknown; attempts: number }
>(`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $3, updated_at = $2
WHERE id IN (
  SELECT id FROM jobs
  WHERE queue = ANY($1::text[]) AND run_at <= $2 AND (status = 'pending' OR (status = 'running' AND locked_until <= $2))
  ORDER BY run_at
  LIMIT $4
  FOR UPDATE SKIP LOCKED)
RETURNING id, queue, payload, attempts`);

/**
 * Claims one job by id (a BullMQ delivery), or nothing when it is not claimable any more.
 */
export const claimJobById = statement<
  [id: string | null, now: Date | string | null, leaseUntil: Date | string | null],
  { id: string; queue: string; payload: unknown; attempts: number }
>(`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $3, updated_at = $2
WHERE id IN (
  SELECT id FROM jobs
  WHERE id = $1 AND run_at <= $2 AND (status = 'pending' OR (status = 'running' AND locked_until <= $2))
  FOR UPDATE SKIP LOCKED)
RETURNING id, queue, payload, attempts`);

/**
 * Claims jobs by id (BullMQ deliveries arriving together): the ones still claimable come back.
 */
export const claimJobsByIds = statement<
  [ids: readonly (string | null)[] | null, now: Date | string | null, leaseUntil: Date | string | null],
  { id: string; queue: string; payload: unknown; attempts: number }
>(`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $3, updated_at = $2
WHERE id IN (
  SELECT id FROM jobs
  WHERE id = ANY($1::text[]) AND run_at <= $2 AND (status = 'pending' OR (status = 'running' AND locked_until <= $2))
  FOR UPDATE SKIP LOCKED)
RETURNING id, queue, payload, attempts`);

/**
 * Up to `limit` pending jobs of these queues that come due after `now` and by `horizon`, the soonest
 * first, for the scaled mode's timers to start each in this process when it comes due (due-timers.ts).
 */
export const dueSoon = statement<
  [
    queues: readonly (string | null)[] | null,
    now: Date | string | null,
    horizon: Date | string | null,
    limit: number | bigint | null,
  ],
  { id: string; queue: string; runAt: Date }
>(`SELECT id, queue, run_at AS "runAt" FROM jobs
WHERE queue = ANY($1::text[]) AND status = 'pending' AND run_at > $2 AND run_at <= $3
ORDER BY run_at
LIMIT $4`);

/**
 * Up to `limit` claimable jobs of these queues, the longest due first, for the scaled mode's sweeper
 * to (re-)enqueue on BullMQ, with when each came due.
 */
export const dueJobs = statement<
  [queues: readonly (string | null)[] | null, now: Date | string | null, limit: number | bigint | null],
  { id: string; queue: string; attempts: number; runAt: Date }
>(`SELECT id, queue, attempts, run_at AS "runAt" FROM jobs
WHERE queue = ANY($1::text[]) AND run_at <= $2 AND (status = 'pending' OR (status = 'running' AND locked_until <= $2))
ORDER BY run_at
LIMIT $3`);

export const completeJob = statement<
  [id: string | null, attempts: number | null, now: Date | string | null],
  never
>(`UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = $3
WHERE id = $1 AND status = 'running' AND attempts = $2`);

/**
 * completeJob for many jobs in one statement (`ids` and `attempts` pair up by position).
 */
export const completeJobs = statement<
  [ids: readonly (string | null)[] | null, attempts: readonly (number | null)[] | null, now: Date | string | null],
  never
>(`UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = $3
FROM unnest($1::text[], $2::int[]) AS done (id, attempts)
WHERE jobs.id = done.id AND jobs.status = 'running' AND jobs.attempts = done.attempts`);

/**
 * Puts a job back, due at `runAt`, as if this attempt had not been made.
 */
export const deferJob = statement<
  [id: string | null, attempts: number | null, now: Date | string | null, runAt: Date | string | null],
  never
>(`UPDATE jobs SET status = 'pending', run_at = $4, attempts = attempts - 1, locked_until = NULL, updated_at = $3
WHERE id = $1 AND status = 'running' AND attempts = $2`);

export const retryJob = statement<
  [id: string | null, attempts: number | null, now: Date | string | null, runAt: Date | string | null, error: string | null],
  never
>(`UPDATE jobs SET status = 'pending', run_at = $4, locked_until = NULL, last_error = $5, updated_at = $3
WHERE id = $1 AND status = 'running' AND attempts = $2`);

export const buryJob = statement<
  [id: string | null, attempts: number | null, now: Date | string | null, error: string | null],
  never
>(`UPDATE jobs SET status = 'dead', locked_until = NULL, last_error = $4, updated_at = $3
WHERE id = $1 AND status = 'running' AND attempts = $2`);

/**
 * Makes every running job claimable now.
 */
export const releaseOrphanedJobs = statement<[now: Date | string | null], never>(
  `UPDATE jobs SET locked_until = $1, updated_at = $1 WHERE status = 'running'`,
);
