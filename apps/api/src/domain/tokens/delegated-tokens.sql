-- Delegated tokens' statements (delegated-tokens.ts), each in the transaction that creates or revokes tokens.

-- name: lockWorkspaceTokens
-- Takes the workspace row's lock that token writes take turns on; returns its plan tier.
-- params: workspaceId
SELECT plan_tier FROM workspaces WHERE id = $1 FOR NO KEY UPDATE;

-- name: creatorToken
-- The limits a new token inherits from the token creating it.
-- params: tokenId, workspaceId
SELECT revoked_at, expires_at, spend_cap_cents_daily, send_rate_tier, approval_required_for, approval_threshold_cents
FROM access_tokens
WHERE id = $1 AND workspace_id = $2;

-- name: revokerStanding
-- Whether the calling token stands for the account (no parent, not OAuth), and whether it is the
-- target token or one of its ancestors.
-- params: targetId, callerId
-- not null: stands_for_account, is_ancestor
WITH RECURSIVE ancestors (id, parent_token_id) AS (
  SELECT t.id, t.parent_token_id FROM access_tokens t WHERE t.id = $1
  UNION ALL
  SELECT t.id, t.parent_token_id FROM access_tokens t JOIN ancestors a ON t.id = a.parent_token_id
)
SELECT (c.parent_token_id IS NULL AND c.oauth_client_id IS NULL) AS stands_for_account,
       EXISTS (SELECT 1 FROM ancestors WHERE ancestors.id = c.id) AS is_ancestor
FROM access_tokens c WHERE c.id = $2;

-- name: revokeTokenTree
-- Revokes the token and every token created from it, transitively; returns those it revoked now.
-- params: tokenId, at
WITH RECURSIVE tree (id) AS (
  SELECT $1::text
  UNION ALL
  SELECT t.id FROM access_tokens t JOIN tree ON t.parent_token_id = tree.id
)
UPDATE access_tokens SET revoked_at = $2
WHERE id IN (SELECT tree.id FROM tree) AND revoked_at IS NULL
RETURNING id, token_hash;
