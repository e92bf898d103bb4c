import { operations } from '@textline/contract';
import { createDelegatedToken, listTokens, revokeTokenTree } from '../domain/tokens/delegated-tokens.ts';
import { bearer } from './handler.ts';

export const tokensHandlers = {
  create: bearer(operations['tokens.create'], async ({ ctx, input }) => ({
    token: await createDelegatedToken(ctx.services, ctx.auth, input),
  })),
  list: bearer(operations['tokens.list'], ({ ctx, input }) => listTokens(ctx.services, ctx.auth.workspaceId, input)),
  revoke: bearer(operations['tokens.revoke'], ({ ctx, input }) => revokeTokenTree(ctx.services, ctx.auth, input.id)),
};
