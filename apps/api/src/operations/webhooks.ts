import { operations } from '@textline/contract';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  revealSecret,
  rotateSecret,
  updateEndpoint,
} from '../domain/customer-webhooks/endpoints.ts';
import { getDelivery, listDeliveries, replayDelivery, sendTestEvent } from '../domain/customer-webhooks/deliveries.ts';
import { session } from './handler.ts';

export const webhookEndpointsHandlers = {
  list: session(operations['webhookEndpoints.list'], async ({ ctx }) => ({
    endpoints: await listEndpoints(ctx.services, ctx.session.workspaceId),
  })),
  create: session(operations['webhookEndpoints.create'], async ({ ctx, input }) => ({
    endpoint: await createEndpoint(ctx.services, ctx.session.workspaceId, input),
  })),
  update: session(operations['webhookEndpoints.update'], async ({ ctx, input }) => ({
    endpoint: await updateEndpoint(ctx.services, ctx.session.workspaceId, input),
  })),
  delete: session(operations['webhookEndpoints.delete'], ({ ctx, input }) =>
    deleteEndpoint(ctx.services, ctx.session.workspaceId, input.id),
  ),
  secret: session(operations['webhookEndpoints.secret'], ({ ctx, input }) =>
    revealSecret(ctx.services, ctx.session.workspaceId, input.id),
  ),
  rotateSecret: session(operations['webhookEndpoints.rotateSecret'], ({ ctx, input }) =>
    rotateSecret(ctx.services, ctx.session.workspaceId, input.id),
  ),
  sendTest: session(operations['webhookEndpoints.sendTest'], async ({ ctx, input }) => ({
    delivery: await sendTestEvent(ctx.services, ctx.session.workspaceId, input),
  })),
};

export const webhookDeliveriesHandlers = {
  list: session(operations['webhookDeliveries.list'], ({ ctx, input }) =>
    listDeliveries(ctx.services, ctx.session.workspaceId, input),
  ),
  get: session(operations['webhookDeliveries.get'], async ({ ctx, input }) => ({
    delivery: await getDelivery(ctx.services, ctx.session.workspaceId, input.id),
  })),
  replay: session(operations['webhookDeliveries.replay'], async ({ ctx, input }) => ({
    delivery: await replayDelivery(ctx.services, ctx.session.workspaceId, input.id),
  })),
};
