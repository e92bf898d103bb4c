import { operations } from '@textline/contract';
import { createSnippet, listSnippets, updateSnippet } from '../domain/snippets.ts';
import { bearer } from './handler.ts';

export const snippetsHandlers = {
  list: bearer(operations['snippets.list'], ({ ctx, input }) => listSnippets(ctx.services, ctx.auth.workspaceId, input)),
  create: bearer(operations['snippets.create'], async ({ ctx, input }) => ({
    snippet: await createSnippet(ctx.services, ctx.auth.workspaceId, input),
  })),
  update: bearer(operations['snippets.update'], async ({ ctx, input }) => ({
    snippet: await updateSnippet(ctx.services, ctx.auth.workspaceId, input),
  })),
};
