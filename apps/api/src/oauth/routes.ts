import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { authorizationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { tokenHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/token.js';
import {
  InvalidRequestError,
  MethodNotAllowedError,
  type OAuthError,
  ServerError,
  TooManyRequestsError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { findClient, oauthScopes, revokePresentedToken } from '../domain/oauth.ts';
import { rejectUnstorableBody, requestError } from '../http/request-guards.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { perHour, rateLimitHeaders, retryAfterSeconds } from '../limits/keyed-limiter.ts';
import { baseUrlOf, mcpUrls } from '../mcp/urls.ts';
import type { Services } from '../ports.ts';
import { createOAuthProvider } from './provider.ts';

/**
 * RFC 8414 metadata, built here rather than by the SDK's createOAuthMetadata: that helper assumes root
 * endpoints (ours live under /oauth) and throws for an http issuer other than localhost, which a
 * development server reached by any other name has. Production always has an https PUBLIC_BASE_URL (config.ts).
 */
function authorizationServerMetadata(baseUrl: string): OAuthMetadata {
  const urls = mcpUrls(baseUrl);
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.oauth('authorize'),
    token_endpoint: urls.oauth('token'),
    registration_endpoint: urls.oauth('register'),
    revocation_endpoint: urls.oauth('revoke'),
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    scopes_supported: [...oauthScopes],
  };
}

function protectedResourceMetadata(baseUrl: string): OAuthProtectedResourceMetadata {
  const urls = mcpUrls(baseUrl);
  return {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [...oauthScopes],
    bearer_methods_supported: ['header'],
    resource_name: 'Textline SMS (MCP)',
  };
}

/** Metadata depends on the base URL, which comes from the request unless PUBLIC_BASE_URL is set. */
function serveMetadata(services: Services, build: (baseUrl: string) => object): RequestHandler {
  return (req, res, next) => metadataHandler(build(baseUrlOf(services, req)) as OAuthMetadata)(req, res, next);
}

/**
 * Client secrets are stored as SHA-256 hashes, and the store hands the SDK the hash as the client's
 * secret; hashing the presented secret lets the SDK's client authentication compare like with like.
 */
function hashPresentedClientSecret(req: Request, _res: Response, next: NextFunction): void {
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body.client_secret === 'string') body.client_secret = sha256Hex(body.client_secret);
  next();
}

function oauthError(res: Response, status: number, error: OAuthError): void {
  res.status(status).set('Cache-Control', 'no-store').json(error.toResponseObject());
}

/**
 * OAuth 2.1 for MCP clients: discovery metadata (RFC 9728 and RFC 8414), dynamic registration
 * (RFC 7591), authorization code with PKCE, token issue and refresh, revocation (RFC 7009).
 */
export function oauthRouter(services: Services): Router {
  const oauth = Router();
  const provider = createOAuthProvider(services);
  const registrationLimit = perHour('oauth-register', services.config.oauthRegistrationsPerHour);

  oauth.use('/.well-known/oauth-protected-resource/mcp', serveMetadata(services, protectedResourceMetadata));
  oauth.use(
    ['/.well-known/oauth-authorization-server/mcp', '/.well-known/oauth-authorization-server'],
    serveMetadata(services, authorizationServerMetadata),
  );

  // Form bodies (JSON is parsed and checked app-wide) before our middleware reads them, refused as JSON
  // bodies are when they hold what PostgreSQL cannot store (a NUL from %00).
  oauth.use('/oauth', express.urlencoded({ extended: false, limit: services.config.bodyLimitBytes }), rejectUnstorableBody);

  oauth.use(
    '/oauth/register',
    async (req: Request, res: Response, next: NextFunction) => {
      const decision = await services.rateLimiter.take({ limit: registrationLimit, key: services.hashIp(req.ip ?? '') });
      res.set(rateLimitHeaders(decision.state));
      if (decision.allowed) {
        next();
        return;
      }
      res.set('Retry-After', String(retryAfterSeconds(decision.retryAfterMs)));
      oauthError(res, 429, new TooManyRequestsError('Too many client registrations from this address; retry later.'));
    },
    clientRegistrationHandler({ clientsStore: provider.clientsStore, rateLimit: false, clientSecretExpirySeconds: 0 }),
  );
  oauth.use('/oauth/authorize', authorizationHandler({ provider }));
  oauth.use('/oauth/token', hashPresentedClientSecret, tokenHandler({ provider }));

  // Our own handler rather than the SDK's: /oauth/revoke answers 200 to every revocation request (RFC 7009
  // section 2.2 for unknown tokens), while the SDK refuses requests without client authentication.
  oauth.post('/oauth/revoke', async (req: Request, res: Response) => {
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const token = typeof body.token === 'string' ? body.token : undefined;
      const clientId = typeof body.client_id === 'string' ? body.client_id : undefined;
      const client = clientId === undefined ? undefined : await findClient(services, clientId);
      const secret = typeof body.client_secret === 'string' ? sha256Hex(body.client_secret) : undefined;
      // A named client must be known and, when confidential, authenticated; otherwise nothing is revoked.
      const clientVerified =
        clientId === undefined ||
        (client !== undefined && (client.client_secret === undefined || client.client_secret === secret));
      if (token && clientVerified) await revokePresentedToken(services, token, clientId);
      res.status(200).set('Cache-Control', 'no-store').json({});
    } catch (error) {
      req.log.error({ err: error }, 'token revocation failed');
      oauthError(res, 500, new ServerError('Internal Server Error'));
    }
  });
  oauth.all('/oauth/revoke', (_req: Request, res: Response) => {
    res.set('Allow', 'POST');
    oauthError(res, 405, new MethodNotAllowedError('Use POST.'));
  });
  return oauth;
}

/** Body-parser failures on /oauth/* answered in OAuth's own error format (RFC 6749 section 5.2). */
export function oauthBodyErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const problem = requestError(error);
  if (!problem) {
    next(error);
    return;
  }
  oauthError(res, problem.status === 413 ? 413 : 400, new InvalidRequestError('The request body could not be parsed.'));
}
