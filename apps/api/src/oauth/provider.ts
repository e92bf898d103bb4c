import type { Request, Response } from 'express';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import {
  CustomOAuthError,
  InvalidClientMetadataError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { AppError } from '@textline/contract';
import { checkCredentials } from '../domain/console.ts';
import {
  approveAuthorization,
  codeChallengeFor,
  exchangeAuthorizationCode,
  findClient,
  requestedScopes,
  rotateRefreshToken,
  saveClient,
} from '../domain/oauth.ts';
import { constantTimeEqual, randomBase62 } from '../lib/crypto.ts';
import type { Services } from '../ports.ts';
import { baseUrlOf, mcpUrls } from '../mcp/urls.ts';
import { renderConsentPage } from './consent-page.ts';

const CSRF_COOKIE = 'textline_oauth_csrf';
const MAX_REDIRECT_URIS = 10;
const MAX_CLIENT_NAME_LENGTH = 100;
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);
const forbiddenRedirectSchemes = new Set([
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
  'ftp:',
  'ws:',
  'wss:',
]);

/**
 * OAuth 2.1 redirect URI rules: https; http only to a loopback address (native apps, RFC 8252 section
 * 7.3); a private-use scheme such as com.example.app: (RFC 8252 section 7.1); never a fragment.
 */
function redirectUriProblem(uri: string): string | undefined {
  if (!URL.canParse(uri)) return 'is not an absolute URL';
  const url = new URL(uri);
  if (url.hash) return 'must not contain a fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:')
    return loopbackHosts.has(url.hostname) ? undefined : 'must use https (http is allowed only for loopback addresses)';
  return forbiddenRedirectSchemes.has(url.protocol) ? `must not use the ${url.protocol} scheme` : undefined;
}

/**
 * Checks a registration and fixes what RFC 7591 lets the server choose. The SDK has already issued a
 * secret unless the client asked for "none"; such clients send it as client_secret_post.
 */
function acceptRegistration(client: OAuthClientInformationFull): OAuthClientInformationFull {
  if (client.redirect_uris.length === 0 || client.redirect_uris.length > MAX_REDIRECT_URIS) {
    throw new CustomOAuthError('invalid_redirect_uri', `Register between 1 and ${MAX_REDIRECT_URIS} redirect_uris.`);
  }
  for (const uri of client.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new CustomOAuthError('invalid_redirect_uri', `${uri} ${problem}.`);
  }
  if (client.grant_types?.some((grant) => grant !== 'authorization_code' && grant !== 'refresh_token')) {
    throw new InvalidClientMetadataError('grant_types may only contain authorization_code and refresh_token.');
  }
  if (client.response_types?.some((type) => type !== 'code'))
    throw new InvalidClientMetadataError('response_types may only contain code.');
  if ((client.client_name?.length ?? 0) > MAX_CLIENT_NAME_LENGTH) {
    throw new InvalidClientMetadataError(`client_name must be at most ${MAX_CLIENT_NAME_LENGTH} characters.`);
  }
  return {
    ...client,
    token_endpoint_auth_method: client.token_endpoint_auth_method === 'none' ? 'none' : 'client_secret_post',
    grant_types: client.grant_types ?? ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}

function formString(form: Record<string, unknown>, name: string): string | undefined {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
}

function formList(form: Record<string, unknown>, name: string): string[] {
  const value = form[name];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

function redirectTo(res: Response, redirectUri: string, params: Record<string, string | undefined>): void {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  res.redirect(302, url.href);
}

/** Double-submit CSRF check: the form must carry the value of the SameSite=Strict cookie set with it. */
function csrfMatches(req: Request, submitted: string | undefined): boolean {
  const cookie = parseCookies(req.headers.cookie ?? '')[CSRF_COOKIE];
  return cookie !== undefined && submitted !== undefined && constantTimeEqual(cookie, submitted);
}

/** The page may be submitted to us and then redirect to the client; nothing may frame it. */
function consentPolicy(redirectUri: string): string {
  const target = new URL(redirectUri);
  const redirectSource = target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol;
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${redirectSource}; frame-ancestors 'none'; base-uri 'none'`;
}

/**
 * The authorization endpoint after the SDK validated client, redirect URI and PKCE parameters: GET shows
 * the sign-in and consent page; its POST checks CSRF and credentials, records the consent and redirects
 * with a code. Errors thrown here are redirected to the client by the SDK handler.
 */
async function authorizeWithConsent(
  services: Services,
  client: OAuthClientInformationFull,
  params: AuthorizationParams,
  res: Response,
): Promise<void> {
  const req = res.req;
  const urls = mcpUrls(baseUrlOf(services, req));
  if (params.resource && params.resource.href !== urls.resource)
    throw new InvalidTargetError(`Tokens are issued for ${urls.resource} only.`);
  const scopes = requestedScopes(params.scopes);
  const requestFields: Record<string, string> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: params.redirectUri,
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
    ...(params.scopes?.length ? { scope: params.scopes.join(' ') } : {}),
    ...(params.state === undefined ? {} : { state: params.state }),
    ...(params.resource ? { resource: params.resource.href } : {}),
  };

  const showPage = (status: number, details: { error?: string; username?: string | undefined } = {}) => {
    const csrfToken = randomBase62(32);
    res
      .status(status)
      .set('Content-Security-Policy', consentPolicy(params.redirectUri))
      .append(
        'Set-Cookie',
        serializeCookie(CSRF_COOKIE, csrfToken, {
          httpOnly: true,
          sameSite: 'strict',
          secure: req.secure,
          path: '/oauth/authorize',
        }),
      )
      .type('html')
      .send(
        renderConsentPage({
          clientName: client.client_name ?? '',
          clientId: client.client_id,
          redirectHost: new URL(params.redirectUri).host || params.redirectUri,
          scopes,
          requestFields,
          csrfToken,
          ...details,
        }),
      );
  };

  if (req.method !== 'POST') {
    showPage(200);
    return;
  }
  const form = (req.body ?? {}) as Record<string, unknown>;
  if (!csrfMatches(req, formString(form, 'csrf_token'))) {
    showPage(403, { error: 'This form expired. Sign in again.' });
    return;
  }
  if (formString(form, 'decision') === 'deny') {
    redirectTo(res, params.redirectUri, {
      error: 'access_denied',
      error_description: 'The user denied access.',
      state: params.state,
    });
    return;
  }
  const username = formString(form, 'username') ?? '';
  const attempt = { username, password: formString(form, 'password') ?? '', ipHash: services.hashIp(req.ip ?? '') };
  const match = await checkCredentials(services, attempt).catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === 'sign_in_rate_limited')) throw error;
    return error;
  });
  if (match instanceof AppError) {
    const minutes = Math.ceil(Number(match.extra?.retry_after_seconds) / 60);
    res.set(match.headers);
    showPage(429, {
      error: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      username,
    });
    return;
  }
  if (!match) {
    showPage(400, { error: 'The username or password is incorrect.', username });
    return;
  }
  const approved = scopes.filter((scope) => formList(form, 'approved_scope').includes(scope));
  if (approved.length === 0) {
    showPage(400, { error: 'Select at least one permission, or choose Deny.', username });
    return;
  }
  const code = await approveAuthorization(services, {
    workspaceId: match.workspaceId,
    clientId: client.client_id,
    scopes: approved,
    codeChallenge: params.codeChallenge,
    redirectUri: params.redirectUri,
    resource: urls.resource,
  });
  req.log.info({ clientId: client.client_id, scopes: approved }, 'oauth client authorized');
  redirectTo(res, params.redirectUri, { code, state: params.state });
}

/** Our authorization server behind the SDK's OAuth handlers. */
export function createOAuthProvider(services: Services): OAuthServerProvider {
  return {
    clientsStore: {
      getClient: (clientId) => findClient(services, clientId),
      registerClient: async (client) => {
        const accepted = acceptRegistration(client as OAuthClientInformationFull);
        await saveClient(services, accepted);
        return accepted;
      },
    },
    authorize: (client, params, res) => authorizeWithConsent(services, client, params, res),
    challengeForAuthorizationCode: (client, code) => codeChallengeFor(services, client.client_id, code),
    exchangeAuthorizationCode: (client, code, _codeVerifier, redirectUri, resource) =>
      exchangeAuthorizationCode(services, { clientId: client.client_id, code, redirectUri, resource: resource?.href }),
    exchangeRefreshToken: (client, refreshToken, scopes, resource) =>
      rotateRefreshToken(services, { clientId: client.client_id, refreshToken, scopes, resource: resource?.href }),
    // Required by the interface; /mcp itself authenticates through services.authenticator.
    async verifyAccessToken(token) {
      const result = await services.authenticator.authenticate(`Bearer ${token}`, 'mcp');
      if (!result.ok) throw new InvalidTokenError('The access token is not valid.');
      return { token, clientId: result.value.oauthClientId ?? '', scopes: [...result.value.scopes] };
    },
  };
}
