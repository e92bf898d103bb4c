import { operations } from '@textline/contract';
import { getMessage } from '../../domain/messages/get.ts';
import { sendMessage } from '../../domain/messages/send.ts';
import { router, scopedOperation } from '../procedures.ts';

export const messagesRouter = router({
  create: scopedOperation(operations['messages.create']).mutation(async ({ ctx, input }) => {
    const result = await sendMessage(
      ctx.services,
      { workspaceId: ctx.auth.workspaceId, tokenId: ctx.auth.tokenId },
      { phoneNumber: input.phone_number, body: input.body, idempotencyKey: input.idempotency_key, metadata: input.metadata },
      { source: ctx.transport === 'mcp' ? 'mcp' : 'api' },
    );
    if (result.replayed) ctx.response.status = 200;
    return { message: result.message };
  }),
  get: scopedOperation(operations['messages.get']).query(async ({ ctx, input }) => ({
    message: await getMessage(ctx.services, ctx.auth.workspaceId, input.id),
  })),
});
