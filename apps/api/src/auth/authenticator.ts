import { type PrismaClient, queryRows, type SqlClient } from '@textline/db';
import { isScope, type Scope, type TApprovalRule } from '@textline/contract';
import type { Clock } from '../lib/clock.ts';
import { sha256Hex } from '../lib/crypto.ts';
import type { Logger } from '../lib/logger.ts';
import { createReadThroughCache } from '../lib/read-through-cache.ts';
import { tokenByHash } from './authenticator.sql.ts';
import { createTokenUseRecorder } from './token-use.ts';
import { legacyKeyPattern, tokenPattern } from './tokens.ts';

export type AuthContext = {
  tokenId: string;
  workspaceId: string;
  accountId: string;
  scopes: readonly Scope[];
  planTier: string;
  origin: string;
  /** Set for tokens issued to an OAuth client; such tokens are bound to the MCP resource. */
  oauthClientId: string | null;
  /**
   * When the credential stops working (epoch ms): nothing it mints may outlive it. Null for the
   * signed-in console, which acts as the account owner rather than as a token.
   */
  expiresAt: number | null;
  /**
   * The token's own daily spend cap (a delegated token's, POST /api/v1/tokens), or null: a send by
   * a capped token is also checked against it in accept_message_batch; an uncapped one costs nothing.
   */
  spendCapCentsDaily: number | null;
  /** The send rate tier a delegated token is held to when lower than the plan's; null: the plan's. */
  sendRateTier: string | null;
  /**
   * Which of the token's sends wait for a person's approval (accept_message_batch, rule 10), or null.
   * Tokens it creates carry it too; a token with one approves nothing.
   */
  approval: TApprovalRule | null;
  /**
   * The token that minted this one, or null for a root-level credential (the account-creation token,
   * the console, keys they minted, OAuth tokens). A delegated token mints only its own children.
   */
  parentTokenId: string | null;
  /**
   * The tokens this one was minted from, its parent first (none for a root-level credential), with
   * their send rate tiers: a delegated token's send also takes from each ancestor's send bucket, so
   * minting children never multiplies a tier.
   */
  ancestors: readonly TokenAncestor[];
};

export type TokenAncestor = { tokenId: string; sendRateTier: string | null };

export type LegacyKeyContext = { legacyKeyId: string; workspaceId: string; scopes: readonly Scope[] };

/** Why a credential was refused; logged, never sent (the wire says only `unauthorized`). */
export type AuthFailure = 'missing' | 'malformed' | 'legacy_key' | 'unknown' | 'expired' | 'revoked' | 'wrong_resource';

/** The protected resource a token is presented to: the developer API, or the MCP endpoint. */
type TokenResource = 'api' | 'mcp';

type AuthResult<T> = { ok: true; value: T } | { ok: false; reason: AuthFailure };

function readBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/** A token row's approval rule, from its two columns (the values the contract's rule allows). */
export function approvalRuleOf(row: {
  approval_required_for: string | null;
  approval_threshold_cents: number | null;
}): TApprovalRule | null {
  switch (row.approval_required_for) {
    case 'new_recipients':
    case 'all_sends':
      return { required_for: row.approval_required_for };
    case 'over_cents':
      return { required_for: 'over_cents', threshold_cents: row.approval_threshold_cents ?? 0 };
    default:
      return null;
  }
}

/** tokenByHash's `ancestors`: parent first. */
type Ancestors = { id: string; send_rate_tier: string | null }[] | null;

/**
 * Resolves bearer tokens to workspaces. Look-ups are cached for `cacheMs` so the hot path skips the
 * database; a revocation therefore takes effect within that many milliseconds. Concurrent requests
 * with a token that is not cached share one look-up.
 */
export function createAuthenticator(deps: { prisma: PrismaClient; sql: SqlClient; log: Logger }, clock: Clock, cacheMs: number) {
  type Cached = { context: AuthContext & { expiresAt: number }; revoked: boolean };
  // Off the request path: a use is noted in memory and written later (last_used_at).
  const uses = createTokenUseRecorder(deps, clock);

  async function lookUp(tokenHash: string): Promise<Cached | undefined> {
    const [row] = await queryRows(deps.sql, tokenByHash, [tokenHash]);
    if (!row) return undefined;
    return {
      context: {
        tokenId: row.id,
        workspaceId: row.workspace_id,
        accountId: row.account_id,
        scopes: row.scopes.filter(isScope),
        planTier: row.plan_tier,
        origin: row.origin,
        oauthClientId: row.oauth_client_id,
        expiresAt: row.expires_at.getTime(),
        spendCapCentsDaily: row.spend_cap_cents_daily,
        sendRateTier: row.send_rate_tier,
        approval: approvalRuleOf(row),
        parentTokenId: row.parent_token_id,
        ancestors: ((row.ancestors as Ancestors) ?? []).map((ancestor) => ({
          tokenId: ancestor.id,
          sendRateTier: ancestor.send_rate_tier,
        })),
      },
      revoked: row.revoked_at !== null,
    };
  }

  const lookUps = createReadThroughCache<Cached | undefined>({ ttlMs: cacheMs, maxEntries: 50_000, clock, load: lookUp });

  return {
    /** OAuth access tokens are issued for the MCP resource (RFC 8707) and refused everywhere else. */
    async authenticate(header: string | undefined, resource: TokenResource = 'api'): Promise<AuthResult<AuthContext>> {
      const credential = readBearer(header);
      if (credential === undefined) return { ok: false, reason: 'missing' };
      if (legacyKeyPattern.test(credential)) return { ok: false, reason: 'legacy_key' };
      if (!tokenPattern.test(credential)) return { ok: false, reason: 'malformed' };
      const entry = await lookUps.get(sha256Hex(credential));
      if (!entry) return { ok: false, reason: 'unknown' };
      if (entry.revoked) return { ok: false, reason: 'revoked' };
      if (entry.context.expiresAt <= clock.now()) return { ok: false, reason: 'expired' };
      if (entry.context.oauthClientId !== null && resource !== 'mcp') return { ok: false, reason: 'wrong_resource' };
      uses.note(entry.context.tokenId);
      return { ok: true, value: entry.context };
    },

    async authenticateLegacyKey(header: string | undefined): Promise<AuthResult<LegacyKeyContext>> {
      const credential = readBearer(header);
      if (credential === undefined) return { ok: false, reason: 'missing' };
      if (!legacyKeyPattern.test(credential)) return { ok: false, reason: 'malformed' };
      const row = await deps.prisma.legacyKey.findUnique({ where: { keyHash: sha256Hex(credential) } });
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revokedAt) return { ok: false, reason: 'revoked' };
      return { ok: true, value: { legacyKeyId: row.id, workspaceId: row.workspaceId, scopes: row.scopes.filter(isScope) } };
    },

    /** Writes the token uses not recorded yet; at shutdown, before the database closes. */
    close(): Promise<void> {
      return uses.flush();
    },

    /** Drops cached and pending look-ups so a revocation in this process applies at once. */
    forget(tokenHash?: string) {
      lookUps.forget(tokenHash);
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
