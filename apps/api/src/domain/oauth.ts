import { InvalidGrantError, InvalidScopeError, InvalidTargetError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { AppError, developerScopes, isScope, type Scope, type TOAuthClientAuthorization } from '@textline/contract';
import type { Prisma } from '@textline/db';
import { issueAccessToken, tokenPattern } from '../auth/tokens.ts';
import { DAY_MS } from '../lib/clock.ts';
import { newId, randomBase62, sha256Hex } from '../lib/crypto.ts';
import type { Services } from '../ports.ts';
import { disableEndpointsOfRevokedTokens } from './customer-webhooks/endpoints.ts';

/**
 * OAuth 2.1 for MCP clients: registered clients, consents, single-use authorization codes and
 * rotating refresh tokens. Access tokens are ordinary `txt_` rows bound to the MCP resource.
 * Protocol failures are the SDK's OAuth error classes, which its handlers render per RFC 6749.
 */

/**
 * What an OAuth client may ask for: every developer scope. Its tokens are accepted on MCP alone, where
 * each tool still needs its own scope, so the person consenting picks what the client may do.
 */
export const oauthScopes: readonly Scope[] = developerScopes;

const AUTHORIZATION_CODE_TTL_MS = 5 * 60_000;
const REFRESH_TOKEN_PREFIX = 'txr_';
const refreshTokenPattern = /^txr_[0-9A-Za-z]{43}$/;

type OAuthDeps = Pick<Services, 'prisma' | 'clock' | 'config' | 'authenticator'>;
type Tx = Prisma.TransactionClient;

/** The scopes an authorization request asks for; none named means every OAuth scope. */
export function requestedScopes(scopes: readonly string[] | undefined): Scope[] {
  const named = (scopes ?? []).filter((scope) => scope !== '');
  if (named.length === 0) return [...oauthScopes];
  const granted = oauthScopes.filter((scope) => named.includes(scope));
  if (granted.length === 0) throw new InvalidScopeError(`Request one or more of: ${oauthScopes.join(' ')}.`);
  return granted;
}

// --- clients ---

export async function saveClient(deps: Pick<Services, 'prisma'>, client: OAuthClientInformationFull): Promise<void> {
  // The expiry is not kept: secrets of registered clients do not expire.
  const { client_id, client_secret, client_id_issued_at, client_secret_expires_at: _expiresAt, ...metadata } = client;
  await deps.prisma.oAuthClient.create({
    data: {
      id: client_id,
      name: metadata.client_name ?? '',
      metadata,
      // Only a hash is kept; see hashPresentedClientSecret in oauth/routes.ts for how it is compared.
      secretHash: client_secret ? sha256Hex(client_secret) : null,
      createdAt: client_id_issued_at ? new Date(client_id_issued_at * 1000) : undefined,
    },
  });
}

/** A registered client; `client_secret` holds the secret's hash, which presented secrets are hashed to match. */
export async function findClient(
  deps: Pick<Services, 'prisma'>,
  clientId: string,
): Promise<OAuthClientInformationFull | undefined> {
  const row = await deps.prisma.oAuthClient.findUnique({ where: { id: clientId } });
  if (!row) return undefined;
  return {
    ...(row.metadata as unknown as Omit<OAuthClientInformationFull, 'client_id'>),
    client_id: row.id,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    ...(row.secretHash ? { client_secret: row.secretHash, client_secret_expires_at: 0 } : {}),
  };
}

// --- consent and codes ---

/** Records the user's consent and returns a single-use authorization code for it. */
export async function approveAuthorization(
  deps: Pick<Services, 'prisma' | 'clock'>,
  grant: { workspaceId: string; clientId: string; scopes: Scope[]; codeChallenge: string; redirectUri: string; resource: string },
): Promise<string> {
  const now = new Date(deps.clock.now());
  const code = randomBase62(43);
  await deps.prisma.$transaction(async (tx) => {
    await tx.oAuthAuthorization.upsert({
      where: { workspaceId_clientId: { workspaceId: grant.workspaceId, clientId: grant.clientId } },
      create: {
        id: newId('oauthz'),
        workspaceId: grant.workspaceId,
        clientId: grant.clientId,
        scopes: grant.scopes,
        createdAt: now,
        updatedAt: now,
      },
      update: { scopes: grant.scopes, revokedAt: null, updatedAt: now },
    });
    await tx.oAuthAuthorizationCode.create({
      data: {
        codeHash: sha256Hex(code),
        clientId: grant.clientId,
        workspaceId: grant.workspaceId,
        scopes: grant.scopes,
        codeChallenge: grant.codeChallenge,
        redirectUri: grant.redirectUri,
        resource: grant.resource,
        familyId: newId('ofam'),
        expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS),
      },
    });
  });
  return code;
}

export async function codeChallengeFor(deps: Pick<Services, 'prisma'>, clientId: string, code: string): Promise<string> {
  const row = await deps.prisma.oAuthAuthorizationCode.findUnique({ where: { codeHash: sha256Hex(code) } });
  if (!row || row.clientId !== clientId) throw new InvalidGrantError('The authorization code is not valid for this client.');
  return row.codeChallenge;
}

/**
 * Redeems a code (PKCE was verified by the caller). A code presented twice is treated as stolen: the
 * tokens issued from it are revoked (OAuth 2.1 section 4.1.3).
 */
export async function exchangeAuthorizationCode(
  deps: OAuthDeps,
  request: { clientId: string; code: string; redirectUri: string | undefined; resource: string | undefined },
): Promise<OAuthTokens> {
  const codeHash = sha256Hex(request.code);
  const now = new Date(deps.clock.now());
  const row = await deps.prisma.oAuthAuthorizationCode.findUnique({ where: { codeHash } });
  if (!row || row.clientId !== request.clientId)
    throw new InvalidGrantError('The authorization code is not valid for this client.');
  if (row.expiresAt <= now) throw new InvalidGrantError('The authorization code has expired; start the authorization again.');
  if (request.redirectUri !== undefined && request.redirectUri !== row.redirectUri) {
    throw new InvalidGrantError('redirect_uri differs from the one in the authorization request.');
  }
  if (request.resource !== undefined && request.resource !== row.resource)
    throw new InvalidTargetError(`The code was issued for ${row.resource}.`);
  const claimed = await deps.prisma.oAuthAuthorizationCode.updateMany({
    where: { codeHash, usedAt: null },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) {
    await revokeFamily(deps, row.familyId);
    throw new InvalidGrantError('The authorization code was already used; the tokens issued from it are revoked.');
  }
  const scopes = row.scopes.filter(isScope);
  return deps.prisma.$transaction((tx) =>
    issueTokenPair(
      tx,
      deps,
      { clientId: row.clientId, workspaceId: row.workspaceId, scopes, resource: row.resource, familyId: row.familyId },
      scopes,
    ),
  );
}

// --- tokens ---

async function issueTokenPair(
  tx: Tx,
  deps: Pick<Services, 'clock' | 'config'>,
  grant: { clientId: string; workspaceId: string; scopes: Scope[]; resource: string; familyId: string },
  accessScopes: Scope[],
): Promise<OAuthTokens> {
  const now = deps.clock.now();
  const ttlSeconds = deps.config.oauthAccessTokenTtlSeconds;
  const client = await tx.oAuthClient.findUnique({ where: { id: grant.clientId }, select: { name: true } });
  const access = await issueAccessToken(tx, {
    workspaceId: grant.workspaceId,
    scopes: accessScopes,
    origin: 'oauth',
    oauthClientId: grant.clientId,
    name: client?.name || grant.clientId,
    expiresAt: new Date(now + ttlSeconds * 1000),
  });
  const refreshToken = `${REFRESH_TOKEN_PREFIX}${randomBase62(43)}`;
  await tx.oAuthRefreshToken.create({
    data: {
      id: newId('ort'),
      tokenHash: sha256Hex(refreshToken),
      familyId: grant.familyId,
      clientId: grant.clientId,
      workspaceId: grant.workspaceId,
      scopes: grant.scopes,
      resource: grant.resource,
      accessTokenId: access.id,
      expiresAt: new Date(now + deps.config.oauthRefreshTokenTtlDays * DAY_MS),
    },
  });
  return {
    access_token: access.access_token,
    token_type: 'Bearer',
    expires_in: ttlSeconds,
    scope: accessScopes.join(' '),
    refresh_token: refreshToken,
  };
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair issued in the same family. A spent
 * token presented again means it leaked, so the whole family and its access tokens are revoked.
 */
export async function rotateRefreshToken(
  deps: OAuthDeps,
  request: { clientId: string; refreshToken: string; scopes: string[] | undefined; resource: string | undefined },
): Promise<OAuthTokens> {
  const now = new Date(deps.clock.now());
  const row = await deps.prisma.oAuthRefreshToken.findUnique({ where: { tokenHash: sha256Hex(request.refreshToken) } });
  if (!row || row.clientId !== request.clientId || row.revokedAt) throw new InvalidGrantError('The refresh token is not valid.');
  if (row.expiresAt <= now) throw new InvalidGrantError('The refresh token has expired; authorize again.');
  if (request.resource !== undefined && request.resource !== row.resource)
    throw new InvalidTargetError(`The token was issued for ${row.resource}.`);
  const granted = row.scopes.filter(isScope);
  const narrowed = request.scopes?.filter((scope) => scope !== '');
  if (narrowed?.some((scope) => !(granted as string[]).includes(scope)))
    throw new InvalidScopeError('A refresh cannot add scopes to the grant.');
  const claimed = await deps.prisma.oAuthRefreshToken.updateMany({
    where: { id: row.id, usedAt: null, revokedAt: null },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) {
    await revokeFamily(deps, row.familyId);
    throw new InvalidGrantError('The refresh token was already used; every token of this grant is now revoked.');
  }
  const accessScopes = narrowed?.length ? granted.filter((scope) => narrowed.includes(scope)) : granted;
  return deps.prisma.$transaction((tx) =>
    issueTokenPair(
      tx,
      deps,
      { clientId: row.clientId, workspaceId: row.workspaceId, scopes: granted, resource: row.resource, familyId: row.familyId },
      accessScopes,
    ),
  );
}

/**
 * Revokes live access tokens matching `where` and drops them from this process's auth cache. The
 * webhook endpoints that any token matching `where` created, expired ones included (a grant's access
 * tokens expire within the hour and are replaced), are disabled in the same transaction.
 */
async function revokeAccessTokens(deps: OAuthDeps, where: Prisma.AccessTokenWhereInput): Promise<number> {
  const now = new Date(deps.clock.now());
  const live = await deps.prisma.$transaction(async (tx) => {
    const matching = await tx.accessToken.findMany({
      where,
      select: { id: true, tokenHash: true, revokedAt: true, expiresAt: true },
    });
    const live = matching.filter((token) => token.revokedAt === null && token.expiresAt > now);
    if (live.length > 0)
      await tx.accessToken.updateMany({ where: { id: { in: live.map((token) => token.id) } }, data: { revokedAt: now } });
    await disableEndpointsOfRevokedTokens(tx, matching, now);
    return live;
  });
  for (const token of live) deps.authenticator.forget(token.tokenHash);
  return live.length;
}

async function revokeFamily(deps: OAuthDeps, familyId: string): Promise<void> {
  const now = new Date(deps.clock.now());
  const members = await deps.prisma.oAuthRefreshToken.findMany({ where: { familyId }, select: { accessTokenId: true } });
  await deps.prisma.oAuthRefreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  await revokeAccessTokens(deps, { id: { in: members.map((member) => member.accessTokenId) } });
}

/**
 * RFC 7009: revokes an access token, or a refresh token with its whole grant. Whoever holds a token
 * may revoke it; when a client is named, only its own tokens are touched. Unknown tokens are ignored.
 */
export async function revokePresentedToken(deps: OAuthDeps, token: string, clientId: string | undefined): Promise<void> {
  if (refreshTokenPattern.test(token)) {
    const row = await deps.prisma.oAuthRefreshToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (row && (clientId === undefined || row.clientId === clientId)) await revokeFamily(deps, row.familyId);
  } else if (tokenPattern.test(token)) {
    await revokeAccessTokens(deps, {
      tokenHash: sha256Hex(token),
      ...(clientId === undefined ? {} : { oauthClientId: clientId }),
    });
  }
}

// --- the user's view: GET and DELETE /api/v1/mcp/oauth-clients ---

export async function listAuthorizedClients(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
): Promise<TOAuthClientAuthorization[]> {
  const authorizations = await deps.prisma.oAuthAuthorization.findMany({
    where: { workspaceId, revokedAt: null },
    orderBy: { createdAt: 'asc' },
  });
  const clients = await deps.prisma.oAuthClient.findMany({ where: { id: { in: authorizations.map((row) => row.clientId) } } });
  const clientsById = new Map(clients.map((client) => [client.id, client]));
  return authorizations.map((row) => {
    const client = clientsById.get(row.clientId);
    const metadata = (client?.metadata ?? {}) as { redirect_uris?: string[] };
    return {
      client_id: row.clientId,
      client_name: client?.name ?? '',
      redirect_uris: metadata.redirect_uris ?? [],
      scopes: row.scopes.filter(isScope),
      authorized_at: row.updatedAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
    };
  });
}

/** Withdraws the consent and revokes every live token and pending code of the client for this user. */
export async function revokeClientAuthorization(
  deps: OAuthDeps,
  workspaceId: string,
  clientId: string,
): Promise<{ client_id: string; revoked: true; revoked_tokens: number }> {
  const now = new Date(deps.clock.now());
  const withdrawn = await deps.prisma.oAuthAuthorization.updateMany({
    where: { workspaceId, clientId },
    data: { revokedAt: now },
  });
  if (withdrawn.count === 0)
    throw new AppError('not_found', { message: 'You never authorized an OAuth client with this client_id.' });
  await deps.prisma.oAuthAuthorizationCode.updateMany({ where: { workspaceId, clientId, usedAt: null }, data: { usedAt: now } });
  const refresh = await deps.prisma.oAuthRefreshToken.updateMany({
    where: { workspaceId, clientId, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { revokedAt: now },
  });
  const access = await revokeAccessTokens(deps, { workspaceId, oauthClientId: clientId });
  return { client_id: clientId, revoked: true, revoked_tokens: refresh.count + access };
}

/** Notes that the client used its access now (shown as last_used_at). */
export async function recordClientUse(
  deps: Pick<Services, 'prisma' | 'clock'>,
  workspaceId: string,
  clientId: string,
): Promise<void> {
  await deps.prisma.oAuthAuthorization.updateMany({
    where: { workspaceId, clientId, revokedAt: null },
    data: { lastUsedAt: new Date(deps.clock.now()) },
  });
}
