// Generated from registration.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * A use case of the workspace, its row locked until the transaction ends: assigning a number reads
 * the status the number's registration follows, and the decision that changes it waits (or is seen).
 */
export const lockUseCase = statement<
  [id: string | null, workspaceId: string | null],
  { status: string; rejection_reasons: unknown }
>(`SELECT status, rejection_reasons FROM use_cases WHERE id = $1 AND workspace_id = $2 FOR UPDATE`);
