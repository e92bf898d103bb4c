import { operations } from '@textline/contract';
import { getConversation, listConversations } from '../domain/conversations/conversations.ts';
import { waitForReplies } from '../domain/conversations/replies.ts';
import { bearer } from './handler.ts';

export const conversationsHandlers = {
  list: bearer(operations['conversations.list'], ({ ctx, input }) =>
    listConversations(ctx.services, ctx.auth.workspaceId, input),
  ),
  get: bearer(operations['conversations.get'], ({ ctx, input }) => getConversation(ctx.services, ctx.auth.workspaceId, input)),
  replies: bearer(operations['conversations.replies'], ({ ctx, input }) =>
    waitForReplies(ctx.services, ctx.auth, input, ctx.signal),
  ),
};
