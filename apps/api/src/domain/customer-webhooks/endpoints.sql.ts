// Generated from endpoints.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The calling token's row, read under a share lock that its revocation's UPDATE waits for, and
 * whether its revocation disables the endpoints it creates.
 */
export const lockLiveToken = statement<
  [tokenId: string | null, workspaceId: string | null],
  {
    id: string;
    name: string | null;
    origin: string;
    oauth_client_id: string | null;
    revoked_at: Date | null;
    disabled_when_revoked: boolean;
  }
>(`SELECT t.id, t.name, t.origin, t.oauth_client_id, t.revoked_at,
       (t.origin IN ('delegated', 'oauth') OR t.parent_token_id IS NOT NULL) AS disabled_when_revoked
FROM access_tokens t WHERE t.id = $1 AND t.workspace_id = $2
FOR SHARE`);

/**
 * Disables the enabled endpoints these revoked tokens created, when revocation takes such endpoints
 * with it, saying which revocation did it.
 */
export const disableEndpointsOfRevokedTokens = statement<
  [at: Date | string | null, atText: string | null, tokenIds: readonly (string | null)[] | null],
  never
>(`UPDATE webhook_endpoints e SET enabled = false, updated_at = $1,
  disabled_reason = format(
    'Disabled automatically on %s: %s that created it was revoked. Enable it again if its events should still come here.',
    $2::text,
    CASE WHEN t.oauth_client_id IS NOT NULL THEN format('the access of the OAuth client "%s"', t.name)
         WHEN t.name IS NULL THEN format('the token %s', t.id)
         ELSE format('the token "%s" (%s)', t.name, t.id) END)
FROM access_tokens t
WHERE e.created_by_token_id = ANY($3::text[]) AND t.id = e.created_by_token_id AND e.enabled
  AND (t.origin IN ('delegated', 'oauth') OR t.parent_token_id IS NOT NULL)`);
