// Generated from keywords.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The recipient's opt-out in force, by the version of its row: xmin, the transaction that last wrote
 * it, new on every change (a STOP sent again, a START, a manual edit). No row when not opted out.
 */
export const optOutInForce = statement<[workspaceId: string | null, phoneNumber: string | null], { version: string }>(
  `SELECT xmin::text AS version FROM workspace_suppressions WHERE workspace_id = $1 AND phone_number = $2 AND active`,
);
