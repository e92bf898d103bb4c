-- name: jobBacklog
-- Pending jobs that are due now, by queue: how many, and since when the oldest has waited.
-- not null: due
SELECT queue, count(*)::int AS due, min(run_at) AS oldest_due_at FROM jobs
WHERE status = 'pending' AND run_at <= now() GROUP BY queue;
