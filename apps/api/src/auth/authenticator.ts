import type { PrismaClient } from '@textline/db';
import { isScope, type Scope } from '@textline/contract';
import type { Clock } from '../lib/clock.ts';
import { sha256Hex } from '../lib/crypto.ts';
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
};

export type LegacyKeyContext = { legacyKeyId: string; workspaceId: string; scopes: readonly Scope[] };

/** Why a credential was refused; logged, never sent (the wire says only `unauthorized`). */
export type AuthFailure = 'missing' | 'malformed' | 'legacy_key' | 'unknown' | 'expired' | 'revoked' | 'wrong_resource';

/** The protected resource a token is presented to: the developer API, or the MCP endpoint. */
export type TokenResource = 'api' | 'mcp';

export type AuthResult<T> = { ok: true; value: T } | { ok: false; reason: AuthFailure };

export function readBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * Resolves bearer tokens to workspaces. Look-ups are cached for `cacheMs` so the hot path skips the
 * database; a revocation therefore takes effect within that many milliseconds.
 */
export function createAuthenticator(prisma: PrismaClient, clock: Clock, cacheMs: number) {
  type Cached = { context: AuthContext; expiresAt: number; revoked: boolean; cachedUntil: number };
  const cache = new Map<string, Cached>();

  async function load(tokenHash: string): Promise<Cached | undefined> {
    const now = clock.now();
    const hit = cache.get(tokenHash);
    if (hit && hit.cachedUntil > now) return hit;
    const row = await prisma.accessToken.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        scopes: true,
        origin: true,
        oauthClientId: true,
        expiresAt: true,
        revokedAt: true,
        workspace: { select: { id: true, accountId: true, planTier: true } },
      },
    });
    if (!row) {
      cache.delete(tokenHash);
      return undefined;
    }
    const entry: Cached = {
      context: {
        tokenId: row.id,
        workspaceId: row.workspace.id,
        accountId: row.workspace.accountId,
        scopes: row.scopes.filter(isScope),
        planTier: row.workspace.planTier,
        origin: row.origin,
        oauthClientId: row.oauthClientId,
      },
      expiresAt: row.expiresAt.getTime(),
      revoked: row.revokedAt !== null,
      cachedUntil: now + cacheMs,
    };
    if (cacheMs > 0) {
      if (cache.size > 50_000) cache.clear();
      cache.set(tokenHash, entry);
    }
    return entry;
  }

  return {
    /** OAuth access tokens are issued for the MCP resource (RFC 8707) and refused everywhere else. */
    async authenticate(header: string | undefined, resource: TokenResource = 'api'): Promise<AuthResult<AuthContext>> {
      const credential = readBearer(header);
      if (credential === undefined) return { ok: false, reason: 'missing' };
      if (legacyKeyPattern.test(credential)) return { ok: false, reason: 'legacy_key' };
      if (!tokenPattern.test(credential)) return { ok: false, reason: 'malformed' };
      const entry = await load(sha256Hex(credential));
      if (!entry) return { ok: false, reason: 'unknown' };
      if (entry.revoked) return { ok: false, reason: 'revoked' };
      if (entry.expiresAt <= clock.now()) return { ok: false, reason: 'expired' };
      if (entry.context.oauthClientId !== null && resource !== 'mcp') return { ok: false, reason: 'wrong_resource' };
      return { ok: true, value: entry.context };
    },

    async authenticateLegacyKey(header: string | undefined): Promise<AuthResult<LegacyKeyContext>> {
      const credential = readBearer(header);
      if (credential === undefined) return { ok: false, reason: 'missing' };
      if (!legacyKeyPattern.test(credential)) return { ok: false, reason: 'malformed' };
      const row = await prisma.legacyKey.findUnique({ where: { keyHash: sha256Hex(credential) } });
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revokedAt) return { ok: false, reason: 'revoked' };
      return { ok: true, value: { legacyKeyId: row.id, workspaceId: row.workspaceId, scopes: row.scopes.filter(isScope) } };
    },

    /** Drops cached look-ups so a revocation in this process applies at once. */
    forget(tokenHash?: string) {
      if (tokenHash) cache.delete(tokenHash);
      else cache.clear();
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
