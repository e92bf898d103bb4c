// Generated from campaigns.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * A campaign of the workspace, its row locked until the transaction ends (a status change takes turns).
 */
export const campaignForUpdate = statement<
  [campaignId: string | null, workspaceId: string | null],
  { id: string; status: string; activated_at: Date | null }
>(`SELECT id, status, activated_at FROM campaigns WHERE id = $1 AND workspace_id = $2 FOR UPDATE`);

/**
 * Numbers enrolled before launch count their first delay from `now`.
 */
export const anchorWaitingEnrollments = statement<
  [campaignId: string | null, now: Date | string | null],
  never
>(`UPDATE campaign_enrollments SET anchor_at = $2, updated_at = $2
WHERE campaign_id = $1 AND last_stage_id IS NULL`);
