-- Enrollment transitions (enrollmentTransitions in state-machine.ts), one statement per kind of
-- target. `to`, `bumpsScheduleSeq`, `stopReason`, `heldReason` and `from` are the transition's rule;
-- a null `stopReason` or `heldReason` leaves that column as it is. `stageDone` (null: none) records a
-- processed stage: delays of the next one count from `now` and the last send error is cleared.

-- name: transitionEnrollmentsOf
-- Applies a transition to enrollments `ids` that are in one of its `from` statuses.
-- params: to, bumpsScheduleSeq, stopReason, heldReason, stageDone, now, from, ids
UPDATE campaign_enrollments
SET status = $1, next_step_at = NULL, schedule_seq = schedule_seq + CASE WHEN $2::boolean THEN 1 ELSE 0 END,
    updated_at = $6, stop_reason = COALESCE($3, stop_reason), held_reason = COALESCE($4, held_reason),
    last_stage_id = COALESCE($5, last_stage_id),
    anchor_at = CASE WHEN $5::text IS NULL THEN anchor_at ELSE $6 END,
    last_error = CASE WHEN $5::text IS NULL THEN last_error END
WHERE id = ANY($8::text[]) AND status = ANY($7::text[]);

-- name: transitionCampaignEnrollments
-- Applies a transition to every enrollment of campaign `campaignId` that is in one of its `from` statuses.
-- params: to, bumpsScheduleSeq, stopReason, heldReason, stageDone, now, from, campaignId
UPDATE campaign_enrollments
SET status = $1, next_step_at = NULL, schedule_seq = schedule_seq + CASE WHEN $2::boolean THEN 1 ELSE 0 END,
    updated_at = $6, stop_reason = COALESCE($3, stop_reason), held_reason = COALESCE($4, held_reason),
    last_stage_id = COALESCE($5, last_stage_id),
    anchor_at = CASE WHEN $5::text IS NULL THEN anchor_at ELSE $6 END,
    last_error = CASE WHEN $5::text IS NULL THEN last_error END
WHERE campaign_id = $8 AND status = ANY($7::text[]);
