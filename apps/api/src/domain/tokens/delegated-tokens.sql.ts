// Generated from delegated-tokens.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Takes the workspace row's lock that token writes take turns on; returns its plan tier.
 */
export const lockWorkspaceTokens = statement<[workspaceId: string | null], { plan_tier: string }>(
  `SELECT plan_tier FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`,
);

/**
 * The limits a new token inherits from the token creating it.
 */
export const creatorToken = statement<
  [tokenId: string | null, workspaceId: string | null],
  {
    revoked_at: Date | null;
    expires_at: Date;
    spend_cap_cents_daily: number | null;
    send_rate_tier: string | null;
    approval_required_for: string | null;
    approval_threshold_cents: number | null;
  }
>(`SELECT revoked_at, expires_at, spend_cap_cents_daily, send_rate_tier, approval_required_for, approval_threshold_cents
FROM access_tokens
WHERE id = $1 AND workspace_id = $2`);

/**
 * Whether the calling token stands for the account (no parent, not OAuth), and whether it is the
 * target token or one of its ancestors.
 */
export const revokerStanding = statement<
  [targetId: string | null, callerId: string | null],
  { stands_for_account: boolean; is_ancestor: boolean }
>(`WITH RECURSIVE ancestors (id, parent_token_id) AS (
  SELECT t.id, t.parent_token_id FROM access_tokens t WHERE t.id = $1
  UNION ALL
  SELECT t.id, t.parent_token_id FROM access_tokens t JOIN ancestors a ON t.id = a.parent_token_id
)
SELECT (c.parent_token_id IS NULL AND c.oauth_client_id IS NULL) AS stands_for_account,
       EXISTS (SELECT 1 FROM ancestors WHERE ancestors.id = c.id) AS is_ancestor
FROM access_tokens c WHERE c.id = $2`);

/**
 * Revokes the token and every token created from it, transitively; returns those it revoked now.
 */
export const revokeTokenTree = statement<
  [tokenId: string | null, at: Date | string | null],
  { id: string; token_hash: string }
>(`WITH RECURSIVE tree (id) AS (
  SELECT $1::text
  UNION ALL
  SELECT t.id FROM access_tokens t JOIN tree ON t.parent_token_id = tree.id
)
UPDATE access_tokens SET revoked_at = $2
WHERE id IN (SELECT tree.id FROM tree) AND revoked_at IS NULL
RETURNING id, token_hash`);
