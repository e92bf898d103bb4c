import { AppError, operations, ZAccountCredentials } from '@textline/contract';
import { createAccount, migrateLegacyKey } from '../domain/accounts.ts';
import { fieldIssues, validationError } from '../http/errors.ts';
import { reportRateLimit } from '../limits/keyed-limiter.ts';
import type { RequestContext } from '../trpc/context.ts';
import { legacyKey, open } from './handler.ts';

function create(ctx: RequestContext, credentials: { username: string; password: string }) {
  return createAccount(ctx.services, { ...credentials, ipHash: ctx.services.hashIp(ctx.ip) }, reportRateLimit(ctx));
}

export const accountsHandlers = {
  create: open(operations['accounts.create'], ({ ctx, input }) => create(ctx, input)),
  createForMcp: open(operations['accounts.createForMcp'], ({ ctx, input }) => {
    const { account, ...topLevel } = input;
    if (account && (topLevel.username !== undefined || topLevel.password !== undefined)) {
      throw new AppError('validation_failed', {
        message: 'Send the credentials either at the top level or under "account", not both.',
        extra: { issues: [{ path: 'account', message: 'cannot be combined with top-level username/password' }] },
      });
    }
    const parsed = ZAccountCredentials.safeParse(account ?? topLevel);
    if (!parsed.success) throw validationError(fieldIssues(parsed.error.issues));
    return create(ctx, parsed.data);
  }),
};

export const authHandlers = {
  migrateLegacyKey: legacyKey(operations['auth.migrateLegacyKey'], async ({ ctx, input }) => ({
    token: await migrateLegacyKey(ctx.services, ctx.legacyKey, input.name),
  })),
};
