-- name: suppressManually
-- Suppresses a recipient for the workspace, or turns an inactive suppression back on with this
-- source and reason; returns nothing when the recipient is suppressed already.
-- params: id, workspaceId, phoneNumber, source, reason, at
INSERT INTO workspace_suppressions (id, workspace_id, phone_number, active, source, reason, created_at, updated_at)
VALUES ($1, $2, $3, TRUE, $4, $5, $6, $6)
ON CONFLICT (workspace_id, phone_number) DO UPDATE
  SET active = TRUE, source = EXCLUDED.source, reason = EXCLUDED.reason, provider = NULL,
      provider_metadata = NULL, updated_at = EXCLUDED.updated_at
  WHERE NOT workspace_suppressions.active
RETURNING id, phone_number, active, source, reason, created_at, updated_at;
