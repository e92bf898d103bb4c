import { grantsScope, idempotentReplayHeader, operations } from '@textline/contract';
import { insufficientScope } from '../auth/challenges.ts';
import { sendMessageBatch } from '../domain/messages/batch.ts';
import { cancelMessage } from '../domain/messages/cancel.ts';
import { getMessage } from '../domain/messages/get.ts';
import { listMessageItems } from '../domain/messages/history.ts';
import { previewMessage } from '../domain/messages/preview.ts';
import { type MessageSource, sendMessage, sendRequestOf, tokenSender } from '../domain/messages/send.ts';
import { messageTimeline } from '../domain/messages/timeline.ts';
import { reportRateLimit } from '../limits/keyed-limiter.ts';
import { refundSend } from '../limits/send-rate-limiter.ts';
import type { RequestContext } from '../trpc/context.ts';
import { bearer, type BearerCaller, open } from './handler.ts';

/** Where a send came from, as its timeline tells it: a console session's one-off send, MCP or the API. */
const sourceOf = (ctx: RequestContext & BearerCaller): MessageSource =>
  ctx.auth.origin === 'console' ? 'console' : ctx.transport === 'mcp' ? 'mcp' : 'api';
const senderOf = (ctx: BearerCaller) => tokenSender(ctx.auth);

export const linksHandlers = {
  follow: open(operations['links.follow'], async ({ ctx, input }) => {
    const link = await ctx.services.linkClicks.follow({ code: input.code, ip: ctx.ip, userAgent: ctx.userAgent });
    ctx.response.headers.Location = link.url;
    ctx.response.headers['Cache-Control'] = 'no-store';
    return link;
  }),
};

export const messagesHandlers = {
  create: bearer(operations['messages.create'], async ({ ctx, input }) => {
    const result = await sendMessage(ctx.services, senderOf(ctx), sendRequestOf(input), { source: sourceOf(ctx) });
    if (result.replayed) {
      ctx.response.status = 200;
      ctx.response.headers[idempotentReplayHeader] = 'true';
      // A replay created nothing: the send it took from the token's buckets, if any, goes back.
      if (ctx.sendTokenTaken) await refundSend(ctx.services.rateLimiter, ctx.auth);
    }
    return { message: result.message };
  }),
  batch: bearer(operations['messages.batch'], ({ ctx, input }) =>
    sendMessageBatch(ctx.services, ctx.auth, input, { source: sourceOf(ctx), report: reportRateLimit(ctx) }),
  ),
  get: bearer(operations['messages.get'], async ({ ctx, input }) => ({
    message: await getMessage(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  list: bearer(operations['messages.list'], ({ ctx, input }) => listMessageItems(ctx.services, ctx.auth.workspaceId, input)),
  timeline: bearer(operations['messages.timeline'], ({ ctx, input }) =>
    messageTimeline(ctx.services, ctx.auth.workspaceId, input.id),
  ),
  cancel: bearer(operations['messages.cancel'], async ({ ctx, input }) => ({
    message: await cancelMessage(ctx.services, ctx.auth, input.id),
  })),
  preview: bearer(operations['messages.preview'], async ({ ctx, input }) => {
    // Whether a number gave its consent is compliance data: a campaign's preview reveals it.
    if (input.campaign_id !== undefined && !grantsScope(ctx.auth.scopes, 'compliance:read')) {
      throw insufficientScope('compliance:read', {
        fix: 'Preview with campaign_id using a token that holds compliance:read (or leave campaign_id out).',
      });
    }
    return {
      preview: await previewMessage(ctx.services, senderOf(ctx), sendRequestOf(input), {
        source: sourceOf(ctx),
        campaignId: input.campaign_id,
      }),
    };
  }),
};
