import { operations } from '@textline/contract';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  revealSecret,
  rotateSecret,
  updateEndpoint,
} from '../../domain/customer-webhooks/endpoints.ts';
import { getDelivery, listDeliveries, replayDelivery, sendTestEvent } from '../../domain/customer-webhooks/deliveries.ts';
import { router, sessionOperation } from '../procedures.ts';

export const webhookEndpointsRouter = router({
  list: sessionOperation(operations['webhookEndpoints.list']).query(async ({ ctx }) => ({
    endpoints: await listEndpoints(ctx.services, ctx.session.workspaceId),
  })),
  create: sessionOperation(operations['webhookEndpoints.create']).mutation(async ({ ctx, input }) => ({
    endpoint: await createEndpoint(ctx.services, ctx.session.workspaceId, input),
  })),
  update: sessionOperation(operations['webhookEndpoints.update']).mutation(async ({ ctx, input }) => ({
    endpoint: await updateEndpoint(ctx.services, ctx.session.workspaceId, input),
  })),
  delete: sessionOperation(operations['webhookEndpoints.delete']).mutation(({ ctx, input }) =>
    deleteEndpoint(ctx.services, ctx.session.workspaceId, input.id),
  ),
  secret: sessionOperation(operations['webhookEndpoints.secret']).query(({ ctx, input }) =>
    revealSecret(ctx.services, ctx.session.workspaceId, input.id),
  ),
  rotateSecret: sessionOperation(operations['webhookEndpoints.rotateSecret']).mutation(({ ctx, input }) =>
    rotateSecret(ctx.services, ctx.session.workspaceId, input.id),
  ),
  sendTest: sessionOperation(operations['webhookEndpoints.sendTest']).mutation(async ({ ctx, input }) => ({
    delivery: await sendTestEvent(ctx.services, ctx.session.workspaceId, input),
  })),
});

export const webhookDeliveriesRouter = router({
  list: sessionOperation(operations['webhookDeliveries.list']).query(({ ctx, input }) =>
    listDeliveries(ctx.services, ctx.session.workspaceId, input),
  ),
  get: sessionOperation(operations['webhookDeliveries.get']).query(async ({ ctx, input }) => ({
    delivery: await getDelivery(ctx.services, ctx.session.workspaceId, input.id),
  })),
  replay: sessionOperation(operations['webhookDeliveries.replay']).mutation(async ({ ctx, input }) => ({
    delivery: await replayDelivery(ctx.services, ctx.session.workspaceId, input.id),
  })),
});
