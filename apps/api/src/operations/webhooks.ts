import { operations } from '@textline/contract';
import {
  createEndpoint,
  deleteEndpoint,
  endpointStats,
  getEndpoint,
  listEndpoints,
  revealSecret,
  rotateSecret,
  updateEndpoint,
} from '../domain/customer-webhooks/endpoints.ts';
import {
  getDelivery,
  listDeliveries,
  recoverDeliveries,
  replayDelivery,
  sendTestEvent,
} from '../domain/customer-webhooks/deliveries.ts';
import { reportRateLimit } from '../limits/keyed-limiter.ts';
import { bearer } from './handler.ts';

// Bearer operations: the console calls them too, over /trpc with its session cookie (authorizeBearer).
export const webhookEndpointsHandlers = {
  list: bearer(operations['webhookEndpoints.list'], ({ ctx, input }) => listEndpoints(ctx.services, ctx.auth.workspaceId, input)),
  create: bearer(operations['webhookEndpoints.create'], async ({ ctx, input }) => ({
    endpoint: await createEndpoint(ctx.services, ctx.auth, input),
  })),
  get: bearer(operations['webhookEndpoints.get'], async ({ ctx, input }) => ({
    endpoint: await getEndpoint(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  update: bearer(operations['webhookEndpoints.update'], async ({ ctx, input }) => ({
    endpoint: await updateEndpoint(ctx.services, ctx.auth, input),
  })),
  delete: bearer(operations['webhookEndpoints.delete'], ({ ctx, input }) =>
    deleteEndpoint(ctx.services, ctx.auth.workspaceId, input.id),
  ),
  secret: bearer(operations['webhookEndpoints.secret'], ({ ctx, input }) =>
    revealSecret(ctx.services, ctx.auth.workspaceId, input.id),
  ),
  rotateSecret: bearer(operations['webhookEndpoints.rotateSecret'], ({ ctx, input }) =>
    rotateSecret(ctx.services, ctx.auth.workspaceId, input.id),
  ),
  sendTest: bearer(operations['webhookEndpoints.sendTest'], async ({ ctx, input }) => ({
    delivery: await sendTestEvent(ctx.services, ctx.auth.workspaceId, input, reportRateLimit(ctx)),
  })),
  recover: bearer(operations['webhookEndpoints.recover'], ({ ctx, input }) =>
    recoverDeliveries(ctx.services, ctx.auth.workspaceId, input),
  ),
  stats: bearer(operations['webhookEndpoints.stats'], ({ ctx, input }) =>
    endpointStats(ctx.services, ctx.auth.workspaceId, input.id),
  ),
};

export const webhookDeliveriesHandlers = {
  list: bearer(operations['webhookDeliveries.list'], ({ ctx, input }) =>
    listDeliveries(ctx.services, ctx.auth.workspaceId, input),
  ),
  get: bearer(operations['webhookDeliveries.get'], ({ ctx, input }) => getDelivery(ctx.services, ctx.auth.workspaceId, input.id)),
  replay: bearer(operations['webhookDeliveries.replay'], async ({ ctx, input }) => ({
    delivery: await replayDelivery(ctx.services, ctx.auth.workspaceId, input.id),
  })),
};
