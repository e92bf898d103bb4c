import { idempotentReplayHeader, operations } from '@textline/contract';
import { getMessage } from '../domain/messages/get.ts';
import { sendMessage } from '../domain/messages/send.ts';
import { refundSend } from '../limits/send-rate-limiter.ts';
import { bearer } from './handler.ts';

export const messagesHandlers = {
  create: bearer(operations['messages.create'], async ({ ctx, input }) => {
    const result = await sendMessage(
      ctx.services,
      { workspaceId: ctx.auth.workspaceId, tokenId: ctx.auth.tokenId },
      { phoneNumber: input.phone_number, body: input.body, idempotencyKey: input.idempotency_key, metadata: input.metadata },
      { source: ctx.transport === 'mcp' ? 'mcp' : 'api' },
    );
    if (result.replayed) {
      ctx.response.status = 200;
      ctx.response.headers[idempotentReplayHeader] = 'true';
      // A replay created nothing: the send it took from the token's bucket, if any, goes back.
      if (ctx.sendTokenTaken) await refundSend(ctx.services.rateLimiter, ctx.auth);
    }
    return { message: result.message };
  }),
  get: bearer(operations['messages.get'], async ({ ctx, input }) => ({
    message: await getMessage(ctx.services, ctx.auth.workspaceId, input.id),
  })),
};
