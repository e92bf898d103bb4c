// Generated from state-machine.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Applies a transition to enrollments `ids` that are in one of its `from` statuses.
 */
export const transitionEnrollmentsOf = statement<
  [
    to: string | null,
    bumpsScheduleSeq: boolean | null,
    stopReason: string | null,
    heldReason: string | null,
    stageDone: string | null,
    now: Date | string | null,
    from: readonly (string | null)[] | null,
    ids: readonly (string | null)[] | null,
  ],
  never
>(`UPDATE campaign_enrollments
SET status = $1, next_step_at = NULL, schedule_seq = schedule_seq + CASE WHEN $2::boolean THEN 1 ELSE 0 END,
    updated_at = $6, stop_reason = COALESCE($3, stop_reason), held_reason = COALESCE($4, held_reason),
    last_stage_id = COALESCE($5, last_stage_id),
    anchor_at = CASE WHEN $5::text IS NULL THEN anchor_at ELSE $6 END,
    last_error = CASE WHEN $5::text IS NULL THEN last_error END
WHERE id = ANY($8::text[]) AND status = ANY($7::text[])`);

/**
 * Applies a transition to every enrollment of campaign `campaignId` that is in one of its `from` statuses.
 */
export const transitionCampaignEnrollments = statement<
  [
    to: string | null,
    bumpsScheduleSeq: boolean | null,
    stopReason: string | null,
    heldReason: string | null,
    stageDone: string | null,
    now: Date | string | null,
    from: readonly (string | null)[] | null,
    campaignId: string | null,
  ],
  never
>(`UPDATE campaign_enrollments
SET status = $1, next_step_at = NULL, schedule_seq = schedule_seq + CASE WHEN $2::boolean THEN 1 ELSE 0 END,
    updated_at = $6, stop_reason = COALESCE($3, stop_reason), held_reason = COALESCE($4, held_reason),
    last_stage_id = COALESCE($5, last_stage_id),
    anchor_at = CASE WHEN $5::text IS NULL THEN anchor_at ELSE $6 END,
    last_error = CASE WHEN $5::text IS NULL THEN last_error END
WHERE campaign_id = $8 AND status = ANY($7::text[])`);
