-- The registration module's statements (use-cases.ts, decisions.ts), run in the caller's transaction.

-- name: lockUseCase
-- A use case of the workspace, its row locked until the transaction ends: assigning a number reads
-- the status the number's registration follows, and the decision that changes it waits (or is seen).
-- params: id, workspaceId
-- not null: status, rejection_reasons
SELECT status, rejection_reasons FROM use_cases WHERE id = $1 AND workspace_id = $2 FOR UPDATE;
