-- The job rows' statements (store.ts), on the driver: every job runs a claim and an outcome write, and
-- through Prisma each cost several times the statement's own work.
--
-- A job is claimable when it is due and pending, or when it is `running` under an expired lease (its
-- worker crashed or hung): `run_at <= now AND (status = 'pending' OR (status = 'running' AND
-- locked_until <= now))`. SKIP LOCKED lets many workers claim concurrently without waiting on each
-- other or taking the same row.
--
-- The outcome writes only touch the row while this attempt still owns it (its `attempts`): if the
-- lease expired and another worker re-claimed the job, that worker's attempt decides.

-- name: claimDueJobs
-- Claims up to `limit` due jobs of these queues, the longest due first.
-- params: queues, now, leaseUntil, limit
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $3, updated_at = $2
WHERE id IN (
  SELECT id FROM jobs
  WHERE queue = ANY($1::text[]) AND run_at <= $2 AND (status = 'pending' OR (status = 'running' AND locked_until <= $2))
  ORDER BY run_at
  LIMIT $4
  FOR UPDATE SKIP LOCKED)
RETURNING id, queue, payload, attempts;

-- name: claimJobById
-- Claims one job by id (a BullMQ delivery), or nothing when it is not claimable any more.
-- params: id, now, leaseUntil
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $3, updated_at = $2
WHERE id IN (
  SELECT id FROM jobs
  WHERE id = $1 AND run_at <= $2 AND (status = 'pending' OR (status = 'running' AND locked_until <= $2))
  FOR UPDATE SKIP LOCKED)
RETURNING id, queue, payload, attempts;

-- name: claimJobsByIds
-- Claims jobs by id (BullMQ deliveries arriving together): the ones still claimable come back.
-- params: ids, now, leaseUntil
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $3, updated_at = $2
WHERE id IN (
  SELECT id FROM jobs
  WHERE id = ANY($1::text[]) AND run_at <= $2 AND (status = 'pending' OR (status = 'running' AND locked_until <= $2))
  FOR UPDATE SKIP LOCKED)
RETURNING id, queue, payload, attempts;

-- name: dueSoon
-- Up to `limit` pending jobs of these queues that come due after `now` and by `horizon`, the soonest
-- first, for the scaled mode's timers to start each in this process when it comes due (due-timers.ts).
-- params: queues, now, horizon, limit
SELECT id, queue, run_at AS "runAt" FROM jobs
WHERE queue = ANY($1::text[]) AND status = 'pending' AND run_at > $2 AND run_at <= $3
ORDER BY run_at
LIMIT $4;

-- name: dueJobs
-- Up to `limit` claimable jobs of these queues, the longest due first, for the scaled mode's sweeper
-- to (re-)enqueue on BullMQ, with when each came due.
-- params: queues, now, limit
SELECT id, queue, attempts, run_at AS "runAt" FROM jobs
WHERE queue = ANY($1::text[]) AND run_at <= $2 AND (status = 'pending' OR (status = 'running' AND locked_until <= $2))
ORDER BY run_at
LIMIT $3;

-- name: completeJob
-- params: id, attempts, now
UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = $3
WHERE id = $1 AND status = 'running' AND attempts = $2;

-- name: completeJobs
-- completeJob for many jobs in one statement (`ids` and `attempts` pair up by position).
-- params: ids, attempts, now
UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = $3
FROM unnest($1::text[], $2::int[]) AS done (id, attempts)
WHERE jobs.id = done.id AND jobs.status = 'running' AND jobs.attempts = done.attempts;

-- name: deferJob
-- Puts a job back, due at `runAt`, as if this attempt had not been made.
-- params: id, attempts, now, runAt
UPDATE jobs SET status = 'pending', run_at = $4, attempts = attempts - 1, locked_until = NULL, updated_at = $3
WHERE id = $1 AND status = 'running' AND attempts = $2;

-- name: retryJob
-- params: id, attempts, now, runAt, error
UPDATE jobs SET status = 'pending', run_at = $4, locked_until = NULL, last_error = $5, updated_at = $3
WHERE id = $1 AND status = 'running' AND attempts = $2;

-- name: buryJob
-- params: id, attempts, now, error
UPDATE jobs SET status = 'dead', locked_until = NULL, last_error = $4, updated_at = $3
WHERE id = $1 AND status = 'running' AND attempts = $2;

-- name: releaseOrphanedJobs
-- Makes every running job claimable now.
-- params: now
UPDATE jobs SET locked_until = $1, updated_at = $1 WHERE status = 'running';
