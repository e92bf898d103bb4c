-- The workspace row's lock for changes to a workspace's settings, run through Prisma in the caller's transaction.

-- name: lockWorkspaceSettings
-- Locks the workspace row until the transaction ends, as a send does for its own statement: concurrent
-- changes to one workspace's settings (its messaging settings, its default sender pool) run one after
-- another, the first of them too, which has no row of its own to lock yet. FOR NO KEY UPDATE leaves
-- rows that reference the workspace free to be written meanwhile.
-- params: workspaceId
SELECT 1 AS locked FROM workspaces WHERE id = $1 FOR NO KEY UPDATE;
