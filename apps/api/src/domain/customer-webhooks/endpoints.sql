-- Webhook endpoints' statements (endpoints.ts), each in the caller's transaction.
--
-- Tokens handed to someone else (delegated tokens, OAuth clients' tokens) take what they created
-- with them when revoked; the account's own root-level tokens do not:
-- `t.origin IN ('delegated', 'oauth') OR t.parent_token_id IS NOT NULL`, in both statements below.

-- name: lockLiveToken
-- The calling token's row, read under a share lock that its revocation's UPDATE waits for, and
-- whether its revocation disables the endpoints it creates.
-- params: tokenId, workspaceId
-- not null: disabled_when_revoked
SELECT t.id, t.name, t.origin, t.oauth_client_id, t.revoked_at,
       (t.origin IN ('delegated', 'oauth') OR t.parent_token_id IS NOT NULL) AS disabled_when_revoked
FROM access_tokens t WHERE t.id = $1 AND t.workspace_id = $2
FOR SHARE;

-- name: disableEndpointsOfRevokedTokens
-- Disables the enabled endpoints these revoked tokens created, when revocation takes such endpoints
-- with it, saying which revocation did it.
-- params: at, atText, tokenIds
UPDATE webhook_endpoints e SET enabled = false, updated_at = $1,
  disabled_reason = format(
    'Disabled automatically on %s: %s that created it was revoked. Enable it again if its events should still come here.',
    $2::text,
    CASE WHEN t.oauth_client_id IS NOT NULL THEN format('the access of the OAuth client "%s"', t.name)
         WHEN t.name IS NULL THEN format('the token %s', t.id)
         ELSE format('the token "%s" (%s)', t.name, t.id) END)
FROM access_tokens t
WHERE e.created_by_token_id = ANY($3::text[]) AND t.id = e.created_by_token_id AND e.enabled
  AND (t.origin IN ('delegated', 'oauth') OR t.parent_token_id IS NOT NULL);
