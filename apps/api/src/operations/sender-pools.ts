import { operations } from '@textline/contract';
import { createSenderPool, deleteSenderPool, getSenderPool, listSenderPools, updateSenderPool } from '../domain/sender-pools.ts';
import { bearer } from './handler.ts';

export const senderPoolsHandlers = {
  list: bearer(operations['senderPools.list'], ({ ctx, input }) => listSenderPools(ctx.services, ctx.auth.workspaceId, input)),
  create: bearer(operations['senderPools.create'], async ({ ctx, input }) => ({
    sender_pool: await createSenderPool(ctx.services, ctx.auth.workspaceId, input),
  })),
  get: bearer(operations['senderPools.get'], async ({ ctx, input }) => ({
    sender_pool: await getSenderPool(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  update: bearer(operations['senderPools.update'], async ({ ctx, input: { id, ...changes } }) => ({
    sender_pool: await updateSenderPool(ctx.services, ctx.auth.workspaceId, id, changes),
  })),
  delete: bearer(operations['senderPools.delete'], ({ ctx, input }) =>
    deleteSenderPool(ctx.services, ctx.auth.workspaceId, input.id),
  ),
};
