import type { Request } from 'express';
import type { Scope } from '@textline/contract';
import type { AuthContext } from '../auth/authenticator.ts';
import { insufficientScope, unauthorized } from '../auth/challenges.ts';
import { recordClientUse } from '../domain/oauth.ts';
import type { Services } from '../ports.ts';
import { baseUrlOf, mcpUrls } from './urls.ts';

// last_used_at is informational: one write per client per minute per process is plenty.
const USE_RECORD_INTERVAL_MS = 60_000;

/**
 * Authenticates /mcp and /mcp/tools requests. Refusals name the protected resource metadata (RFC 9728)
 * and tell an agent holding nothing but the base URL how to get a token.
 */
export function createMcpAuthenticator(services: Services) {
  const lastRecordedUse = new Map<string, number>();

  async function recordUse(auth: AuthContext): Promise<void> {
    if (auth.oauthClientId === null) return;
    const key = `${auth.workspaceId}:${auth.oauthClientId}`;
    const now = services.clock.now();
    if (now - (lastRecordedUse.get(key) ?? 0) < USE_RECORD_INTERVAL_MS) return;
    if (lastRecordedUse.size > 10_000) lastRecordedUse.clear();
    lastRecordedUse.set(key, now);
    await recordClientUse(services, auth.workspaceId, auth.oauthClientId);
  }

  return async function authenticateMcp(req: Request, requiredScopes: readonly Scope[]): Promise<AuthContext> {
    const result = await services.authenticator.authenticate(req.headers.authorization, 'mcp');
    // Only a refusal names URLs: an accepted call does not build them.
    const urls = () => mcpUrls(baseUrlOf(services, req));
    if (!result.ok) {
      const { accounts, protectedResourceMetadata } = urls();
      throw unauthorized(result.reason, req.log, {
        resourceMetadataUrl: protectedResourceMetadata,
        message:
          'A valid bearer token is required (Authorization: Bearer txt_...). No token yet? Create an account with ' +
          `POST ${accounts} {"username": "...", "password": "..."}; the response carries a token. ` +
          `OAuth clients: see ${protectedResourceMetadata}.`,
      });
    }
    const missing = requiredScopes.find((scope) => !result.value.scopes.includes(scope));
    if (missing) throw insufficientScope(missing, { resourceMetadataUrl: urls().protectedResourceMetadata });
    await recordUse(result.value);
    return result.value;
  };
}
