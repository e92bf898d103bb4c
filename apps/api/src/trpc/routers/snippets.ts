import { operations } from '@textline/contract';
import { createSnippet, listSnippets, updateSnippet } from '../../domain/snippets.ts';
import { router, scopedOperation } from '../procedures.ts';

export const snippetsRouter = router({
  list: scopedOperation(operations['snippets.list']).query(({ ctx, input }) => listSnippets(ctx.services, ctx.auth.workspaceId, input)),
  create: scopedOperation(operations['snippets.create']).mutation(async ({ ctx, input }) => ({
    snippet: await createSnippet(ctx.services, ctx.auth.workspaceId, input),
  })),
  update: scopedOperation(operations['snippets.update']).mutation(async ({ ctx, input }) => ({
    snippet: await updateSnippet(ctx.services, ctx.auth.workspaceId, input),
  })),
});
