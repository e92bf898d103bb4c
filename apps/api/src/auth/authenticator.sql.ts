// Generated from authenticator.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * A token by the SHA-256 of its text, with its workspace and its ancestors' send rate tiers
 * (`ancestors`: parent first, each {id, send_rate_tier}; null without a parent, json_agg of no rows).
 */
export const tokenByHash = statement<
  [tokenHash: string | null],
  {
    id: string;
    scopes: string[];
    origin: string;
    oauth_client_id: string | null;
    expires_at: Date;
    revoked_at: Date | null;
    spend_cap_cents_daily: number | null;
    send_rate_tier: string | null;
    parent_token_id: string | null;
    approval_required_for: string | null;
    approval_threshold_cents: number | null;
    ancestors: unknown;
    workspace_id: string;
    account_id: string;
    plan_tier: string;
  }
>(`SELECT t.id, t.scopes, t.origin, t.oauth_client_id, t.expires_at, t.revoked_at, t.spend_cap_cents_daily, t.send_rate_tier,
  t.parent_token_id, t.approval_required_for, t.approval_threshold_cents,
  (WITH RECURSIVE ancestry AS (
      SELECT a.id, a.send_rate_tier, a.parent_token_id, 1 AS depth FROM access_tokens a WHERE a.id = t.parent_token_id
      UNION ALL
      SELECT a.id, a.send_rate_tier, a.parent_token_id, ancestry.depth + 1
        FROM ancestry JOIN access_tokens a ON a.id = ancestry.parent_token_id)
    SELECT json_agg(json_build_object('id', id, 'send_rate_tier', send_rate_tier) ORDER BY depth) FROM ancestry) AS ancestors,
  w.id AS workspace_id, w.account_id, w.plan_tier
FROM access_tokens t JOIN workspaces w ON w.id = t.workspace_id
WHERE t.token_hash = $1`);
