import { z } from 'zod';
import { defineConsoleOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZTimestamp } from '../schemas.ts';
import {
  webhookDeliveryStatuses,
  ZCustomerEventType,
  ZWebhookDelivery,
  ZWebhookDeliveryDetail,
  ZWebhookEndpoint,
} from '../webhooks.ts';

const ZEndpointId = z.string().min(1).max(64);
const ZEndpointUrl = z.string().trim().min(1).max(2048).describe('https URL that receives the events');
const ZDescription = z.string().trim().max(200);
const ZEventTypes = z.array(ZCustomerEventType).max(20).describe('Event types to send; empty means all');

export const listWebhookEndpoints = defineConsoleOperation({
  name: 'webhookEndpoints.list',
  method: 'GET',
  summary: 'List webhook endpoints',
  description: 'Every webhook endpoint of the workspace, newest first.',
  input: z.object({}),
  output: z.object({ endpoints: z.array(ZWebhookEndpoint) }),
});

export const createWebhookEndpoint = defineConsoleOperation({
  name: 'webhookEndpoints.create',
  method: 'POST',
  summary: 'Create a webhook endpoint',
  description:
    'Adds an endpoint with a new whsec_ signing secret. The URL must be https and must not point at a private address.',
  input: z.strictObject({ url: ZEndpointUrl, description: ZDescription.optional(), event_types: ZEventTypes.optional() }),
  output: z.object({ endpoint: ZWebhookEndpoint }),
  errors: ['validation_failed'],
});

export const updateWebhookEndpoint = defineConsoleOperation({
  name: 'webhookEndpoints.update',
  method: 'PATCH',
  summary: 'Update a webhook endpoint',
  description: 'Changes the URL, description, event types or enabled flag. Enabling clears a disabled reason.',
  input: z.strictObject({
    id: ZEndpointId,
    url: ZEndpointUrl.optional(),
    description: ZDescription.optional(),
    event_types: ZEventTypes.optional(),
    enabled: z.boolean().optional(),
  }),
  output: z.object({ endpoint: ZWebhookEndpoint }),
  errors: ['validation_failed', 'not_found'],
});

export const deleteWebhookEndpoint = defineConsoleOperation({
  name: 'webhookEndpoints.delete',
  method: 'DELETE',
  summary: 'Delete a webhook endpoint',
  description: 'Deletes the endpoint and its delivery records; scheduled retries are dropped.',
  input: z.strictObject({ id: ZEndpointId }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ['not_found'],
});

export const revealWebhookSecret = defineConsoleOperation({
  name: 'webhookEndpoints.secret',
  method: 'GET',
  summary: 'Reveal the signing secret',
  description: 'The whsec_ secret to verify signatures with (Standard Webhooks).',
  input: z.object({ id: ZEndpointId }),
  output: z.object({ secret: z.string() }),
  errors: ['not_found'],
});

export const rotateWebhookSecret = defineConsoleOperation({
  name: 'webhookEndpoints.rotateSecret',
  method: 'POST',
  summary: 'Rotate the signing secret',
  description:
    'Issues a new secret. For 24 hours requests carry a second signature made with the old secret, so consumers can switch without dropping events.',
  input: z.strictObject({ id: ZEndpointId }),
  output: z.object({ secret: z.string(), previous_secret_expires_at: ZTimestamp }),
  errors: ['not_found'],
});

export const sendTestWebhook = defineConsoleOperation({
  name: 'webhookEndpoints.sendTest',
  method: 'POST',
  summary: 'Send a test event',
  description: 'Sends an example event of the given type to this endpoint only; it appears among the deliveries.',
  input: z.strictObject({ id: ZEndpointId, event_type: ZCustomerEventType.optional() }),
  output: z.object({ delivery: ZWebhookDelivery }),
  errors: ['not_found'],
});

export const listWebhookDeliveries = defineConsoleOperation({
  name: 'webhookDeliveries.list',
  method: 'GET',
  summary: 'List webhook deliveries',
  description:
    'Deliveries newest first, filtered by status, event type and endpoint; pass next_cursor back as cursor for the next page.',
  input: z.object({
    status: z.enum(webhookDeliveryStatuses).optional(),
    event_type: ZCustomerEventType.optional(),
    endpoint_id: ZEndpointId.optional(),
    ...ZPageQuery,
  }),
  output: z.object({ deliveries: z.array(ZWebhookDelivery), next_cursor: ZNextCursor }),
  errors: ['validation_failed'],
});

export const getWebhookDelivery = defineConsoleOperation({
  name: 'webhookDeliveries.get',
  method: 'GET',
  summary: 'Show a webhook delivery',
  description: 'The delivery with its payload and every attempt (code, latency, response body).',
  input: z.object({ id: z.string().min(1).max(64) }),
  output: z.object({ delivery: ZWebhookDeliveryDetail }),
  errors: ['not_found'],
});

export const replayWebhookDelivery = defineConsoleOperation({
  name: 'webhookDeliveries.replay',
  method: 'POST',
  summary: 'Replay a webhook delivery',
  description: 'Sends the original payload (same event id) again and records a new attempt.',
  input: z.strictObject({ id: z.string().min(1).max(64) }),
  output: z.object({ delivery: ZWebhookDelivery }),
  errors: ['not_found'],
});
