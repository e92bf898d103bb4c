import { operations } from '@textline/contract';
import { getQueue } from '../domain/messages/queue.ts';
import { bearer } from './handler.ts';

export const queueHandlers = {
  get: bearer(operations['queue.get'], async ({ ctx }) => ({ queue: await getQueue(ctx.services, ctx.auth.workspaceId) })),
};
