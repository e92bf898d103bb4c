import { operations } from '@textline/contract';
import { getWorkspaceSettings, updateWorkspaceSettings } from '../domain/retention.ts';
import { bearer } from './handler.ts';

export const workspaceHandlers = {
  getSettings: bearer(operations['workspace.getSettings'], async ({ ctx }) => ({
    settings: await getWorkspaceSettings(ctx.services, ctx.auth.workspaceId),
  })),
  updateSettings: bearer(operations['workspace.updateSettings'], async ({ ctx, input }) => ({
    settings: await updateWorkspaceSettings(ctx.services, ctx.auth.workspaceId, input),
  })),
};
