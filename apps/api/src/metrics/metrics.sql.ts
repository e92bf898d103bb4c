// Generated from metrics.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Pending jobs that are due now, by queue: how many, and since when the oldest has waited.
 */
export const jobBacklog = statement<
  [],
  { queue: string; due: number; oldest_due_at: Date | null }
>(`SELECT queue, count(*)::int AS due, min(run_at) AS oldest_due_at FROM jobs
WHERE status = 'pending' AND run_at <= now() GROUP BY queue`);

/**
 * The messages accepted and not yet handed to the carrier, through their pending dispatch jobs (the
 * jobs index, then each message by its id: no scan of the messages table): how many, how many
 * workspaces they belong to, the largest one workspace's share, and the furthest estimate.
 */
export const sendQueue = statement<
  [],
  { queued: number; workspaces: number; largest: number; last_estimated_send_at: Date | null }
>(`WITH queued AS (
  SELECT m.workspace_id, m.estimated_send_at
  FROM jobs j JOIN messages m ON m.id = j.payload->>'messageId'
  WHERE j.status IN ('pending', 'running') AND j.queue = 'dispatch' AND m.status = 'queued'
), per_workspace AS (
  SELECT count(*) AS queued, max(estimated_send_at) AS last_estimated_send_at FROM queued GROUP BY workspace_id
)
SELECT COALESCE(sum(queued), 0)::int AS queued, count(*)::int AS workspaces, COALESCE(max(queued), 0)::int AS largest,
       max(last_estimated_send_at) AS last_estimated_send_at
FROM per_workspace`);
