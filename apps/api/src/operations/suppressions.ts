import { operations } from '@textline/contract';
import { addSuppression, checkSuppression, listSuppressions, removeSuppression } from '../domain/suppressions/suppressions.ts';
import { bearer } from './handler.ts';

export const suppressionsHandlers = {
  list: bearer(operations['suppressions.list'], ({ ctx, input }) => listSuppressions(ctx.services, ctx.auth.workspaceId, input)),
  check: bearer(operations['suppressions.check'], async ({ ctx, input }) => ({
    suppression: await checkSuppression(ctx.services, ctx.auth.workspaceId, input.phone_number),
  })),
  create: bearer(operations['suppressions.create'], async ({ ctx, input }) => {
    const { suppression, created } = await addSuppression(ctx.services, ctx.auth.workspaceId, input);
    if (!created) ctx.response.status = 200;
    return { suppression };
  }),
  delete: bearer(operations['suppressions.delete'], async ({ ctx, input }) => ({
    suppression: await removeSuppression(ctx.services, ctx.auth.workspaceId, input.phone_number),
  })),
};
