import { operations } from '@textline/contract';
import { clearedSessionCookie, sessionCookie, type ConsoleSessionContext } from '../../auth/console-session.ts';
import { billingSummary, listApiTokens, resetPassword, revokeApiToken, signIn, signOut } from '../../domain/console.ts';
import type { RequestContext } from '../context.ts';
import { publicOperation, router, sessionOperation } from '../procedures.ts';

function sessionView(session: ConsoleSessionContext) {
  return {
    account: { id: session.accountId, username: session.username },
    workspace_id: session.workspaceId,
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
  };
}

const secure = (ctx: RequestContext) => ctx.consoleSession?.secureTransport ?? false;

export const consoleRouter = router({
  signIn: publicOperation(operations['console.signIn']).mutation(async ({ ctx, input }) => {
    const { token, session } = await signIn(ctx.services, { ...input, ipHash: ctx.services.hashIp(ctx.ip) });
    ctx.response.headers['Set-Cookie'] = sessionCookie(token, session.expiresAt, secure(ctx));
    return sessionView(session);
  }),
  session: sessionOperation(operations['console.session']).query(({ ctx }) => sessionView(ctx.session)),
  signOut: sessionOperation(operations['console.signOut']).mutation(async ({ ctx }) => {
    await signOut(ctx.services, ctx.session);
    ctx.response.headers['Set-Cookie'] = clearedSessionCookie(secure(ctx));
    return { signed_out: true as const };
  }),
  resetPassword: publicOperation(operations['console.resetPassword']).mutation(({ ctx, input }) =>
    resetPassword(ctx.services, { ...input, ipHash: ctx.services.hashIp(ctx.ip) }),
  ),
});

export const apiTokensRouter = router({
  list: sessionOperation(operations['apiTokens.list']).query(async ({ ctx }) => ({
    tokens: await listApiTokens(ctx.services, ctx.session.workspaceId),
  })),
  revoke: sessionOperation(operations['apiTokens.revoke']).mutation(async ({ ctx, input }) => ({
    token: await revokeApiToken(ctx.services, ctx.session.workspaceId, input.id),
  })),
});

export const billingRouter = router({
  summary: sessionOperation(operations['billing.summary']).query(({ ctx }) => billingSummary(ctx.services, ctx.session.workspaceId)),
});
