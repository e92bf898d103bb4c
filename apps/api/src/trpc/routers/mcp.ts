import { operations } from '@textline/contract';
import { listAuthorizedClients, revokeClientAuthorization } from '../../domain/oauth.ts';
import { router, scopedOperation } from '../procedures.ts';

export const mcpRouter = router({
  listOAuthClients: scopedOperation(operations['mcp.listOAuthClients']).query(async ({ ctx }) => ({
    oauth_clients: await listAuthorizedClients(ctx.services, ctx.auth.workspaceId),
  })),
  revokeOAuthClient: scopedOperation(operations['mcp.revokeOAuthClient']).mutation(({ ctx, input }) =>
    revokeClientAuthorization(ctx.services, ctx.auth.workspaceId, input.client_id),
  ),
});
