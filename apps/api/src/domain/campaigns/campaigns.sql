-- name: campaignForUpdate
-- A campaign of the workspace, its row locked until the transaction ends (a status change takes turns).
-- params: campaignId, workspaceId
SELECT id, status, activated_at FROM campaigns WHERE id = $1 AND workspace_id = $2 FOR UPDATE;

-- name: anchorWaitingEnrollments
-- Numbers enrolled before launch count their first delay from `now`.
-- params: campaignId, now
UPDATE campaign_enrollments SET anchor_at = $2, updated_at = $2
WHERE campaign_id = $1 AND last_stage_id IS NULL;
