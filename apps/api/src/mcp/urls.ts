import type { Request } from 'express';
import type { Services } from '../ports.ts';

/**
 * PUBLIC_BASE_URL when set, else the address the request came to, http included. Production requires
 * an https PUBLIC_BASE_URL (config.ts): there, no Host header ever reaches metadata or challenges.
 */
export function baseUrlOf(services: Pick<Services, 'config'>, req: Request): string {
  return (services.config.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/+$/, '');
}

/** The addresses an agent needs to find its way from the base URL alone. */
export function mcpUrls(baseUrl: string) {
  return {
    /** The protected resource (RFC 8707 `resource`) and the JSON-RPC endpoint. */
    resource: `${baseUrl}/mcp`,
    accounts: `${baseUrl}/mcp/accounts`,
    protectedResourceMetadata: `${baseUrl}/.well-known/oauth-protected-resource/mcp`,
    /** The authorization server's issuer; its RFC 8414 metadata lives at the path-inserted well-known URL. */
    issuer: `${baseUrl}/mcp`,
    authorizationServerMetadata: `${baseUrl}/.well-known/oauth-authorization-server/mcp`,
    oauth: (endpoint: 'authorize' | 'token' | 'register' | 'revoke') => `${baseUrl}/oauth/${endpoint}`,
  };
}
