import { operations } from '@textline/contract';
import { listAuthorizedClients, revokeClientAuthorization } from '../domain/oauth.ts';
import { bearer } from './handler.ts';

export const mcpHandlers = {
  listOAuthClients: bearer(operations['mcp.listOAuthClients'], async ({ ctx }) => ({
    oauth_clients: await listAuthorizedClients(ctx.services, ctx.auth.workspaceId),
  })),
  revokeOAuthClient: bearer(operations['mcp.revokeOAuthClient'], ({ ctx, input }) =>
    revokeClientAuthorization(ctx.services, ctx.auth.workspaceId, input.client_id),
  ),
};
