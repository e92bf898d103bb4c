// Generated from suppressions.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Suppresses a recipient for the workspace, or turns an inactive suppression back on with this
 * source and reason; returns nothing when the recipient is suppressed already.
 */
export const suppressManually = statement<
  [
    id: string | null,
    workspaceId: string | null,
    phoneNumber: string | null,
    source: string | null,
    reason: string | null,
    at: Date | string | null,
  ],
  { id: string; phone_number: string; active: boolean; source: string; reason: string | null; created_at: Date; updated_at: Date }
>(`INSERT INTO workspace_suppressions (id, workspace_id, phone_number, active, source, reason, created_at, updated_at)
VALUES ($1, $2, $3, TRUE, $4, $5, $6, $6)
ON CONFLICT (workspace_id, phone_number) DO UPDATE
  SET active = TRUE, source = EXCLUDED.source, reason = EXCLUDED.reason, provider = NULL,
      provider_metadata = NULL, updated_at = EXCLUDED.updated_at
  WHERE NOT workspace_suppressions.active
RETURNING id, phone_number, active, source, reason, created_at, updated_at`);
