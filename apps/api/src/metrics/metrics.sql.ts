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
