// Generated from workspace-lock.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Locks the workspace row until the transaction ends, as a send does for its own statement: concurrent
 * changes to one workspace's settings (its messaging settings, its default sender pool) run one after
 * another, the first of them too, which has no row of its own to lock yet. FOR NO KEY UPDATE leaves
 * rows that reference the workspace free to be written meanwhile.
 */
export const lockWorkspaceSettings = statement<[workspaceId: string | null], { locked: number | null }>(
  `SELECT 1 AS locked FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`,
);
