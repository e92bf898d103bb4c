import type { IncomingMessage } from 'node:http';
import type { AuthContext } from '../auth/authenticator.ts';
import { constantTimeEqual } from '../lib/crypto.ts';
import type { Services } from '../ports.ts';

/*
 * /mcp keeps no session state, yet a client declares what it supports (URL-mode elicitation) only in
 * its initialize request. So initialize answers an Mcp-Session-Id that carries that declaration,
 * signed and bound to the token: any API process reads it back from a later request with no
 * storage. A session id that is forged, altered or another token's is ignored, as if the client had
 * sent none. It grants nothing: it only says the client can show a URL to its person.
 */

type SessionServices = Pick<Services, 'signMcpSession'>;
type Caller = Pick<AuthContext, 'tokenId'>;

const version = 'v1';

/** Whether an initialize request's client declared URL-mode elicitation (capabilities.elicitation.url). */
export function declaresUrlElicitation(body: unknown): boolean {
  const message = body as { method?: unknown; params?: { capabilities?: { elicitation?: { url?: unknown } } } } | null;
  if (message?.method !== 'initialize') return false;
  const url = message.params?.capabilities?.elicitation?.url;
  return typeof url === 'object' && url !== null;
}

/** The session id initialize answers to a client that declared URL-mode elicitation. */
export function urlElicitationSessionId(services: SessionServices, caller: Caller): string {
  const claims = Buffer.from(JSON.stringify({ token: caller.tokenId, elicitation: ['url'] })).toString('base64url');
  return `${version}.${claims}.${services.signMcpSession(`${version}.${claims}`)}`;
}

/** Whether the request's Mcp-Session-Id is one urlElicitationSessionId issued to this caller's token. */
export function hasUrlElicitation(services: SessionServices, req: IncomingMessage, caller: Caller): boolean {
  const sessionId = req.headers['mcp-session-id'];
  if (typeof sessionId !== 'string') return false;
  const [prefix, claims, signature, ...rest] = sessionId.split('.');
  if (prefix !== version || !claims || !signature || rest.length > 0) return false;
  if (!constantTimeEqual(signature, services.signMcpSession(`${version}.${claims}`))) return false;
  try {
    const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { token?: unknown; elicitation?: unknown };
    return decoded.token === caller.tokenId && Array.isArray(decoded.elicitation) && decoded.elicitation.includes('url');
  } catch {
    return false;
  }
}
