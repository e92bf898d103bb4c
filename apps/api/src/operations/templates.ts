import { operations } from '@textline/contract';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from '../domain/templates.ts';
import { bearer } from './handler.ts';

export const templatesHandlers = {
  list: bearer(operations['templates.list'], ({ ctx, input }) => listTemplates(ctx.services, ctx.auth.workspaceId, input)),
  create: bearer(operations['templates.create'], async ({ ctx, input }) => ({
    template: await createTemplate(ctx.services, ctx.auth.workspaceId, input),
  })),
  get: bearer(operations['templates.get'], async ({ ctx, input }) => ({
    template: await getTemplate(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  update: bearer(operations['templates.update'], async ({ ctx, input }) => ({
    template: await updateTemplate(ctx.services, ctx.auth.workspaceId, input),
  })),
  delete: bearer(operations['templates.delete'], async ({ ctx, input }) => ({
    template: await deleteTemplate(ctx.services, ctx.auth.workspaceId, input.id),
  })),
};
