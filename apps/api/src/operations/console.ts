import { operations } from '@textline/contract';
import { clearedSessionCookie, sessionCookie, type ConsoleSessionContext } from '../auth/console-session.ts';
import { billingSummary, listApiTokens, resetPassword, revokeApiToken, signIn, signOut } from '../domain/console.ts';
import { reportRateLimit } from '../limits/keyed-limiter.ts';
import type { RequestContext } from '../trpc/context.ts';
import { open, session } from './handler.ts';

function sessionView(session: ConsoleSessionContext) {
  return {
    account: { id: session.accountId, username: session.username },
    workspace_id: session.workspaceId,
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
  };
}

const secure = (ctx: RequestContext) => ctx.consoleSession?.secureTransport ?? false;

export const consoleHandlers = {
  signIn: open(operations['console.signIn'], async ({ ctx, input }) => {
    const { token, session } = await signIn(
      ctx.services,
      { ...input, ipHash: ctx.services.hashIp(ctx.ip) },
      reportRateLimit(ctx),
    );
    ctx.response.headers['Set-Cookie'] = sessionCookie(token, session.expiresAt, secure(ctx));
    return sessionView(session);
  }),
  session: session(operations['console.session'], ({ ctx }) => sessionView(ctx.session)),
  signOut: session(operations['console.signOut'], async ({ ctx }) => {
    await signOut(ctx.services, ctx.session);
    ctx.response.headers['Set-Cookie'] = clearedSessionCookie(secure(ctx));
    return { signed_out: true as const };
  }),
  resetPassword: open(operations['console.resetPassword'], ({ ctx, input }) =>
    resetPassword(ctx.services, { ...input, ipHash: ctx.services.hashIp(ctx.ip) }, reportRateLimit(ctx)),
  ),
};

export const apiTokensHandlers = {
  list: session(operations['apiTokens.list'], async ({ ctx }) => ({
    tokens: await listApiTokens(ctx.services, ctx.session.workspaceId),
  })),
  revoke: session(operations['apiTokens.revoke'], async ({ ctx, input }) => ({
    token: await revokeApiToken(ctx.services, ctx.session, input.id),
  })),
};

export const billingHandlers = {
  summary: session(operations['billing.summary'], ({ ctx }) => billingSummary(ctx.services, ctx.session.workspaceId)),
};
