import { serialize } from 'cookie';
import { AppError, developerScopes } from '@textline/contract';
import type { PrismaClient } from '@textline/db';
import type { RequestContext } from '../trpc/context.ts';
import type { AuthContext } from './authenticator.ts';
import type { Clock } from '../lib/clock.ts';
import { constantTimeEqual, hmacHex, newId, randomBase62, sha256Hex } from '../lib/crypto.ts';
import { consoleSessionCookie } from '../trpc/context.ts';

export type ConsoleSessionContext = {
  sessionId: string;
  accountId: string;
  workspaceId: string;
  username: string;
  expiresAt: Date;
  csrfToken: string;
};

/**
 * The CSRF token is derived from the session secret rather than stored: only a holder of the
 * httpOnly cookie value (the server) can compute it, and the console reads it from console.session.
 */
function csrfTokenFor(sessionToken: string): string {
  return hmacHex(sessionToken, 'console-csrf');
}

/**
 * The signed-in console session of a /trpc request. Mutations must also carry the session's CSRF
 * token in X-CSRF-Token (defence in depth beside SameSite=Strict).
 */
export async function requireConsoleSession(
  ctx: RequestContext,
  type: 'query' | 'mutation' | 'subscription',
): Promise<ConsoleSessionContext> {
  const session = await findConsoleSession(ctx.services, ctx.consoleSession?.cookie);
  if (!session)
    throw new AppError('unauthorized', { message: 'Sign in to the console first; the session is missing or expired.' });
  const header = ctx.consoleSession?.csrfHeader;
  if (type !== 'query' && !(header !== undefined && constantTimeEqual(header, session.csrfToken))) {
    throw new AppError('forbidden', { message: 'The X-CSRF-Token header is missing or does not match the session.' });
  }
  return session;
}

/**
 * The workspace's owner as the signed-in console session `sessionId` acts for it: every scope, and no
 * token's expiry to respect (it is no token).
 */
export function accountOwner(workspaceId: string, sessionId = 'console') {
  return {
    workspaceId,
    tokenId: sessionId,
    scopes: developerScopes,
    origin: 'console',
    oauthClientId: null,
    expiresAt: null,
    spendCapCentsDaily: null,
    sendRateTier: null,
    approval: null,
    parentTokenId: null,
    ancestors: [],
  };
}

/** The console acts for the workspace owner, so on /trpc a session may call every bearer operation. */
export async function consoleAuthContext(ctx: RequestContext, type: 'query' | 'mutation' | 'subscription'): Promise<AuthContext> {
  const session = await requireConsoleSession(ctx, type);
  const workspace = await ctx.services.prisma.workspace.findUniqueOrThrow({
    where: { id: session.workspaceId },
    select: { planTier: true },
  });
  return {
    ...accountOwner(session.workspaceId, session.sessionId),
    accountId: session.accountId,
    planTier: workspace.planTier,
  };
}

export async function startConsoleSession(
  deps: { prisma: PrismaClient; clock: Clock },
  options: { accountId: string; workspaceId: string; username: string; ttlHours: number },
): Promise<{ token: string; session: ConsoleSessionContext }> {
  const token = randomBase62(43);
  const id = newId('cs');
  const expiresAt = new Date(deps.clock.now() + options.ttlHours * 3_600_000);
  await deps.prisma.consoleSession.create({
    data: { id, tokenHash: sha256Hex(token), accountId: options.accountId, workspaceId: options.workspaceId, expiresAt },
  });
  const session = {
    sessionId: id,
    accountId: options.accountId,
    workspaceId: options.workspaceId,
    username: options.username,
    expiresAt,
    csrfToken: csrfTokenFor(token),
  };
  return { token, session };
}

async function findConsoleSession(
  deps: { prisma: PrismaClient; clock: Clock },
  token: string | undefined,
): Promise<ConsoleSessionContext | undefined> {
  if (!token || !/^[0-9A-Za-z]{43}$/.test(token)) return undefined;
  const row = await deps.prisma.consoleSession.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!row || row.expiresAt.getTime() <= deps.clock.now()) return undefined;
  const account = await deps.prisma.account.findUnique({ where: { id: row.accountId }, select: { username: true } });
  if (!account) return undefined;
  return {
    sessionId: row.id,
    accountId: row.accountId,
    workspaceId: row.workspaceId,
    username: account.username,
    expiresAt: row.expiresAt,
    csrfToken: csrfTokenFor(token),
  };
}

/** HttpOnly, SameSite=Strict, Path=/; Secure whenever the request came over https. */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  return serialize(consoleSessionCookie, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', expires: expiresAt });
}

export function clearedSessionCookie(secure: boolean): string {
  return serialize(consoleSessionCookie, '', { httpOnly: true, sameSite: 'strict', secure, path: '/', expires: new Date(0) });
}
