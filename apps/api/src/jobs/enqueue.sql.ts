// Generated from enqueue.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Writes one job row, due at `runAt`.
 */
export const insertJob = statement<
  [id: string | null, queue: string | null, payload: unknown, runAt: Date | string | null, enqueuedAt: Date | string | null],
  never
>(`INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
VALUES ($1, $2, $3::jsonb, $4, $5, $5)`);

/**
 * insertJob, writing nothing when a row with its id exists (a recurring job's period, which its id names).
 */
export const insertJobUnlessPresent = statement<
  [id: string | null, queue: string | null, payload: unknown, runAt: Date | string | null, enqueuedAt: Date | string | null],
  never
>(`INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
VALUES ($1, $2, $3::jsonb, $4, $5, $5)
ON CONFLICT (id) DO NOTHING`);
