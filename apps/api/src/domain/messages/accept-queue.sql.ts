// Generated from accept-queue.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Decides and records a batch of one workspace's sends; `item` is each send's index in the array.
 */
export const acceptBatch = statement<
  [sends: unknown],
  { item: number; outcome: string; message_id: string | null; message_status: string | null; estimated_send_at: Date | null }
>(`SELECT item, outcome, message_id, message_status, message_estimated_send_at AS estimated_send_at
FROM accept_message_batch($1::jsonb)`);

/**
 * Decides sends marked dry_run as acceptBatch would now, writing and locking nothing; `preview`
 * holds what the decision read (DryRunState).
 */
export const dryRun = statement<
  [sends: unknown],
  { outcome: string; message_id: string | null; message_status: string | null; preview: unknown }
>(`SELECT outcome, message_id, message_status, preview FROM accept_message_batch($1::jsonb)`);
