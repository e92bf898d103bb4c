-- The writes of single job rows (enqueue.ts). Statements that make a job per row of a query write
-- their INSERT INTO jobs themselves, in their own files, with the queue bound like here.

-- name: insertJob
-- Writes one job row, due at `runAt`.
-- params: id, queue, payload, runAt, enqueuedAt
INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
VALUES ($1, $2, $3::jsonb, $4, $5, $5);

-- name: insertJobUnlessPresent
-- insertJob, writing nothing when a row with its id exists (a recurring job's period, which its id names).
-- params: id, queue, payload, runAt, enqueuedAt
INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
VALUES ($1, $2, $3::jsonb, $4, $5, $5)
ON CONFLICT (id) DO NOTHING;
