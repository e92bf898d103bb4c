-- The campaign scheduler's statements (scheduler.ts).
--
-- The three schedule statements give the enrollments they target (one statement per kind of target)
-- their next step and their campaign a `campaign_step` job (queue `queue`) at each distinct due time,
-- and return the ids of the jobs due by `now`. Each schedule counts (schedule_seq) and ends a hold.

-- name: scheduleStepsOf
-- Schedules enrollments `ids` at `runAt`.
-- params: queue, now, runAt, ids
WITH scheduled AS (
  UPDATE campaign_enrollments
  SET schedule_seq = schedule_seq + 1, next_step_at = $3, held_reason = NULL, updated_at = $2
  WHERE id = ANY($4::text[])
  RETURNING campaign_id, next_step_at
), job AS (
  INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
  SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), $1, jsonb_build_object('campaignId', campaign_id),
         next_step_at, $2::timestamptz, $2::timestamptz
  FROM (SELECT DISTINCT campaign_id, next_step_at FROM scheduled) AS due_time
  RETURNING id, run_at
)
SELECT id FROM job WHERE run_at <= $2::timestamptz;

-- name: scheduleWaitingSteps
-- Schedules the active enrollments of campaign `campaignId` that wait for their next step (not held
-- by a suppression) at `runAt` or, when it is null, at their recorded next step time if that is
-- still ahead (else now).
-- params: queue, now, runAt, campaignId
WITH scheduled AS (
  UPDATE campaign_enrollments
  SET schedule_seq = schedule_seq + 1, next_step_at = COALESCE($3, GREATEST($2, COALESCE(next_step_at, $2))),
      held_reason = NULL, updated_at = $2
  WHERE campaign_id = $4 AND status = 'active' AND held_reason IS NULL
  RETURNING campaign_id, next_step_at
), job AS (
  INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
  SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), $1, jsonb_build_object('campaignId', campaign_id),
         next_step_at, $2::timestamptz, $2::timestamptz
  FROM (SELECT DISTINCT campaign_id, next_step_at FROM scheduled) AS due_time
  RETURNING id, run_at
)
SELECT id FROM job WHERE run_at <= $2::timestamptz;

-- name: scheduleHeldSteps
-- Schedules at `runAt` the active enrollment of number `phoneNumber` in campaign `campaignId` that a
-- campaign suppression holds (the suppression is gone).
-- params: queue, now, runAt, campaignId, phoneNumber
WITH scheduled AS (
  UPDATE campaign_enrollments
  SET schedule_seq = schedule_seq + 1, next_step_at = $3, held_reason = NULL, updated_at = $2
  WHERE campaign_id = $4 AND phone_number = $5 AND status = 'active' AND held_reason = 'campaign_suppressed'
  RETURNING campaign_id, next_step_at
), job AS (
  INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
  SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), $1, jsonb_build_object('campaignId', campaign_id),
         next_step_at, $2::timestamptz, $2::timestamptz
  FROM (SELECT DISTINCT campaign_id, next_step_at FROM scheduled) AS due_time
  RETURNING id, run_at
)
SELECT id FROM job WHERE run_at <= $2::timestamptz;

-- name: campaignForShare
-- The campaign a batch runs for, its row shared with concurrent batches: pausing or archiving
-- (FOR UPDATE) waits for the batch, and the next one sees it.
-- params: campaignId
SELECT workspace_id, status, settings FROM campaigns WHERE id = $1 FOR SHARE;

-- name: lockDueSteps
-- Locks up to `limit` of the campaign's due steps after the cursor (`afterAt`, `afterId`; the first
-- batch passes '-infinity'), in (next_step_at, id) order, skipping those a concurrent batch holds,
-- with what a step needs: its contact's fields and any campaign suppression of its number. The
-- cursor also keeps each batch from walking the index entries that earlier batches' updates left
-- dead. The suppression is looked up per step by its unique key: as a join, a plan made from stale
-- statistics (one enrollment expected) read the campaign's every suppression for each step.
-- params: campaignId, now, afterAt, afterId, limit
-- nullable: first_name, last_name, attributes
-- not null: next_step_at
SELECT e.id, e.phone_number, e.last_stage_id, e.anchor_at, e.next_step_at, e.enrolled_by_token_id,
       c.first_name, c.last_name, c.attributes,
       (SELECT s.id FROM campaign_suppressions s WHERE s.campaign_id = e.campaign_id AND s.phone_number = e.phone_number)
         AS suppression_id
FROM campaign_enrollments e
LEFT JOIN contacts c ON c.workspace_id = e.workspace_id AND c.phone_number = e.phone_number
WHERE e.campaign_id = $1 AND e.next_step_at <= $2 AND e.status = 'active' AND e.held_reason IS NULL
  AND (e.next_step_at, e.id) > ($3::timestamptz, $4::text)
ORDER BY e.next_step_at, e.id
LIMIT $5
FOR UPDATE OF e SKIP LOCKED;

-- name: enrollingTokenLimits
-- For each token of `tokenIds`: the smallest daily spend cap among it and the tokens it was created
-- from (capped_token_chain), or null when none of them is capped (a token deleted since has none);
-- and whether it is a revoked delegated or OAuth token (revoking a token revokes its descendants, so
-- the token itself tells). A root-level key revoked to rotate it stops nothing.
-- params: tokenIds
-- not null: token_id, revoked
SELECT token_id,
       (SELECT MIN(t.spend_cap_cents_daily) FROM access_tokens t WHERE t.id IN (SELECT capped_token_chain(token_id))) AS cap_cents,
       EXISTS (
         SELECT 1 FROM access_tokens t
         WHERE t.id = token_id AND t.revoked_at IS NOT NULL AND (t.parent_token_id IS NOT NULL OR t.oauth_client_id IS NOT NULL)
       ) AS revoked
FROM unnest($1::text[]) AS token_id;

-- name: recordDeliveries
-- Records the outcome of each step of a batch (the arrays hold one per step; '' for no message or
-- error code), replacing an earlier outcome of the same stage.
-- params: campaignId, now, ids, enrollmentIds, stageIds, outcomes, messageIds, errorCodes
INSERT INTO campaign_deliveries (id, campaign_id, enrollment_id, stage_id, outcome, message_id, error_code, created_at, updated_at)
SELECT d.id, $1, d.enrollment_id, d.stage_id, d.outcome, NULLIF(d.message_id, ''), NULLIF(d.error_code, ''), $2, $2
FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
  AS d (id, enrollment_id, stage_id, outcome, message_id, error_code)
ON CONFLICT (enrollment_id, stage_id) DO UPDATE
SET outcome = EXCLUDED.outcome, message_id = EXCLUDED.message_id, error_code = EXCLUDED.error_code,
    updated_at = EXCLUDED.updated_at;

-- name: countSuppressionSkips
-- Counts a held step against each suppression of `ids` (each appears once in a batch: one enrollment
-- per number and campaign).
-- params: now, ids
UPDATE campaign_suppressions SET skipped_count = skipped_count + 1, last_skipped_at = $1
WHERE id = ANY($2::text[]);

-- name: recordStepError
-- Records why the steps of enrollments `ids` were not sent (a skip reason).
-- params: lastError, ids
UPDATE campaign_enrollments SET last_error = $1 WHERE id = ANY($2::text[]);
