import { z } from 'zod';
import { ZId } from '../ids.ts';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { httpsUrlPattern, ZTimestamp } from '../schemas.ts';
import {
  webhookDeliveryStatuses,
  ZCustomerEventType,
  ZWebhookAttempt,
  ZWebhookDelivery,
  ZWebhookDeliveryDetail,
  ZWebhookEndpoint,
  ZWebhookEndpointHour,
  webhookEndpointOrderings,
} from '../webhooks.ts';

/** How far back a recovery reaches: failed deliveries older than this are not sent again. */
export const webhookRecoveryWindowDays = 14;

const ZEndpointId = z.string().min(1).max(64).describe('Webhook endpoint id (whe_...)');
const ZDeliveryId = z.string().min(1).max(64).describe('Webhook delivery id (whd_...)');
const ZEndpointUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .meta({ format: 'uri', pattern: httpsUrlPattern })
  .describe(
    'https URL that receives the events; its host must resolve to public addresses only (a development server ' +
      'with ALLOW_PRIVATE_WEBHOOK_URLS=1 also takes http and private addresses)',
  );
const ZDescription = z.string().trim().max(200).describe('Notes for your team, at most 200 characters');
const ZEventTypes = z.array(ZCustomerEventType).max(20).describe('Event types to send; empty means all');
const ZMaxPerSecond = z
  .number()
  .int()
  .min(1)
  .max(1000)
  .describe('At most this many requests a second to the endpoint, across every worker (1-1000); without it, no limit');
const ZOrdering = z
  .enum(webhookEndpointOrderings)
  .describe(
    "per_message: a message's events in sequence order, one still failing holding that message's later ones; none " +
      '(default): each as soon as it can be sent',
  );
const ZInstant = z.iso.datetime({ offset: true }).describe('ISO 8601 timestamp, e.g. 2026-11-21T10:00:00Z');

const endpointOutput = z.object({ endpoint: ZWebhookEndpoint });
const deliveryOutput = z.object({ delivery: ZWebhookDelivery });
const endpointTags = ['webhooks'] as const;
const readScope = { kind: 'bearer', scope: 'webhooks:read' } as const;
const writeScope = { kind: 'bearer', scope: 'webhooks:write' } as const;

export const listWebhookEndpoints = defineOperation({
  name: 'webhookEndpoints.list',
  method: 'GET',
  path: '/api/v1/webhook-endpoints',
  auth: readScope,
  summary: 'List webhook endpoints',
  description:
    'The webhook endpoints of the workspace, newest first, each with its health over the last 24 hours; pass next_cursor back as cursor.',
  tags: endpointTags,
  input: z.strictObject({ ...ZPageQuery }),
  output: z.object({ endpoints: z.array(ZWebhookEndpoint), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_webhook_endpoints',
    title: 'List webhook endpoints',
    description:
      'List the URLs that receive customer webhook events, with their subscribed event types, enabled flag, the reason ' +
      'when the service disabled one, and health (24 h success rate, latency, consecutive failures, last success).',
    readOnly: true,
    destructive: false,
  },
});

export const createWebhookEndpoint = defineOperation({
  name: 'webhookEndpoints.create',
  method: 'POST',
  path: '/api/v1/webhook-endpoints',
  auth: writeScope,
  summary: 'Create a webhook endpoint',
  description:
    'Adds an endpoint with a new whsec_ signing secret (GET .../secret). The URL must be https and its host must ' +
    'resolve to public addresses only; every connection is checked again. Events are signed per Standard Webhooks.',
  tags: endpointTags,
  input: z.strictObject({
    url: ZEndpointUrl,
    description: ZDescription.optional(),
    event_types: ZEventTypes.optional(),
    enabled: z.boolean().optional().describe('Whether events are sent to it (default true)'),
    max_per_second: ZMaxPerSecond.optional(),
    ordering: ZOrdering.optional(),
  }),
  output: endpointOutput,
  successStatus: 201,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'create_webhook_endpoint',
    title: 'Create webhook endpoint',
    description:
      'Register an https URL to receive customer webhook events (message.sent, message.delivered, message.failed, ' +
      'message.received, conversation.created, conversation.updated, opt_out.created), optionally only some types. ' +
      'Then get_webhook_endpoint_secret for the whsec_ secret that verifies signatures, and send_test_webhook.',
    readOnly: false,
    destructive: false,
  },
});

export const getWebhookEndpoint = defineOperation({
  name: 'webhookEndpoints.get',
  method: 'GET',
  path: '/api/v1/webhook-endpoints/{id}',
  auth: readScope,
  summary: 'Get a webhook endpoint',
  description: 'The endpoint with its health: 24 h success rate and latency, consecutive failures, last success.',
  tags: endpointTags,
  input: z.strictObject({ id: ZEndpointId }),
  output: endpointOutput,
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_webhook_endpoint',
    title: 'Get webhook endpoint',
    description:
      'Get one webhook endpoint with its health (24 h success rate, p50/p99 latency, consecutive failures, last ' +
      'success) and, if the service disabled it, why.',
    readOnly: true,
    destructive: false,
  },
});

export const updateWebhookEndpoint = defineOperation({
  name: 'webhookEndpoints.update',
  method: 'PATCH',
  path: '/api/v1/webhook-endpoints/{id}',
  auth: writeScope,
  summary: 'Update a webhook endpoint',
  description:
    'Changes the URL, description, event types, enabled flag, max_per_second or ordering; only the fields given change. Enabling an endpoint ' +
    'the service disabled clears disabled_reason and starts a fresh failure window.',
  tags: endpointTags,
  input: z.strictObject({
    id: ZEndpointId,
    url: ZEndpointUrl.optional(),
    description: ZDescription.optional(),
    event_types: ZEventTypes.optional(),
    enabled: z.boolean().optional().describe('false stops sending; true resumes it'),
    max_per_second: ZMaxPerSecond.nullable().optional().describe('1-1000 requests a second; null removes the limit'),
    ordering: ZOrdering.optional(),
  }),
  output: endpointOutput,
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'update_webhook_endpoint',
    title: 'Update webhook endpoint',
    description:
      'Change a webhook endpoint: url, description, event_types, max_per_second, ordering, or enabled (true re-enables an endpoint the service ' +
      'disabled after 5 days of failures; then recover_webhook_endpoint resends what failed). Only fields given change.',
    readOnly: false,
    destructive: false,
  },
});

export const deleteWebhookEndpoint = defineOperation({
  name: 'webhookEndpoints.delete',
  method: 'DELETE',
  path: '/api/v1/webhook-endpoints/{id}',
  auth: writeScope,
  summary: 'Delete a webhook endpoint',
  description: 'Deletes the endpoint and its delivery records; scheduled retries are dropped.',
  tags: endpointTags,
  input: z.strictObject({ id: ZEndpointId }),
  output: z.object({ id: ZId('webhookEndpoint'), deleted: z.literal(true) }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'delete_webhook_endpoint',
    title: 'Delete webhook endpoint',
    description: 'Delete a webhook endpoint with its delivery history. To pause it instead, update enabled to false.',
    readOnly: false,
    destructive: true,
  },
});

export const revealWebhookSecret = defineOperation({
  name: 'webhookEndpoints.secret',
  operationId: 'getWebhookEndpointSecret',
  method: 'GET',
  path: '/api/v1/webhook-endpoints/{id}/secret',
  auth: writeScope,
  summary: 'Reveal the signing secret',
  description:
    'The whsec_ secret to verify signatures with (Standard Webhooks). It forges events for this endpoint, so it ' +
    'takes webhooks:write.',
  tags: endpointTags,
  input: z.strictObject({ id: ZEndpointId }),
  output: z.object({ secret: z.string().describe('whsec_ followed by the base64 key') }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_webhook_endpoint_secret',
    title: 'Get webhook signing secret',
    description:
      'Get the whsec_ secret of a webhook endpoint, to verify the webhook-signature header with any Standard Webhooks ' +
      'library. Keep it private.',
    readOnly: true,
    destructive: false,
  },
});

export const rotateWebhookSecret = defineOperation({
  name: 'webhookEndpoints.rotateSecret',
  method: 'POST',
  path: '/api/v1/webhook-endpoints/{id}/rotate-secret',
  auth: writeScope,
  summary: 'Rotate the signing secret',
  description:
    'Issues a new secret. For 24 hours requests carry a second signature made with the old secret, so consumers can switch without dropping events.',
  tags: endpointTags,
  input: z.strictObject({ id: ZEndpointId }),
  output: z.object({ secret: z.string(), previous_secret_expires_at: ZTimestamp }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'rotate_webhook_endpoint_secret',
    title: 'Rotate webhook signing secret',
    description:
      'Issue a new whsec_ secret for a webhook endpoint. For 24 hours every request is signed with both the new and ' +
      'the old secret, so the receiver can switch without dropping events.',
    readOnly: false,
    destructive: false,
  },
});

export const sendTestWebhook = defineOperation({
  name: 'webhookEndpoints.sendTest',
  operationId: 'sendTestWebhook',
  method: 'POST',
  path: '/api/v1/webhook-endpoints/{id}/test',
  auth: writeScope,
  summary: 'Send a test event',
  description:
    'Sends an example event of the given type (default: the first subscribed type, else message.sent) to this ' +
    'endpoint only; it appears among the deliveries. The endpoint must be enabled. Test events to one endpoint are ' +
    'limited (by default 5 a minute); past that, 429 webhook_test_rate_limited with Retry-After.',
  tags: endpointTags,
  input: z.strictObject({
    id: ZEndpointId,
    event_type: ZCustomerEventType.optional().describe(
      'The event type of the example event to send; when omitted, the first type the endpoint subscribes to, else message.sent',
    ),
  }),
  output: deliveryOutput,
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'webhook_test_rate_limited'],
  bodyRequired: false,
  mcp: {
    name: 'send_test_webhook',
    title: 'Send test webhook',
    description:
      'Send an example event of event_type to one webhook endpoint; returns the delivery, whose outcome ' +
      'get_webhook_delivery shows once attempted (response code, latency, response body). A few a minute per endpoint.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const recoverWebhookEndpoint = defineOperation({
  name: 'webhookEndpoints.recover',
  method: 'POST',
  path: '/api/v1/webhook-endpoints/{id}/recover',
  auth: writeScope,
  summary: 'Recover failed deliveries',
  description:
    'Replays every failed delivery of the endpoint created since `since` (at most ' +
    `${webhookRecoveryWindowDays} days ago), each with its original payload and event id, and answers the recovery: ` +
    'how many were queued and how many wait. While a recovery of the endpoint runs, another call answers that one ' +
    '(already_running: true) and queues nothing; a delivery whose replay already waits is not queued twice. The ' +
    'endpoint must be enabled.',
  tags: endpointTags,
  input: z.strictObject({ id: ZEndpointId, since: ZInstant.describe('Replay failed deliveries created at or after this time') }),
  output: z.object({
    queued: z.number().int().describe('Failed deliveries the recovery queued for a new attempt'),
    remaining: z.number().int().describe('Replays of the endpoint queued since the recovery started that wait to be attempted'),
    since: ZTimestamp.describe('The recovery replays failed deliveries created at or after this time'),
    started_at: ZTimestamp,
    already_running: z
      .boolean()
      .describe('true when a recovery of this endpoint was running: this answer is that recovery, and nothing more was queued'),
  }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'recover_webhook_endpoint',
    title: 'Recover failed webhook deliveries',
    description:
      'Resend every failed delivery of a webhook endpoint created since a time (ISO 8601, at most ' +
      `${webhookRecoveryWindowDays} days ago), e.g. after fixing the receiver. Returns how many were queued and how ` +
      'many wait; calling it again while a recovery runs returns that recovery and queues nothing.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const getWebhookEndpointStats = defineOperation({
  name: 'webhookEndpoints.stats',
  operationId: 'getWebhookEndpointStats',
  method: 'GET',
  path: '/api/v1/webhook-endpoints/{id}/stats',
  auth: readScope,
  summary: 'Hourly attempt counts of an endpoint',
  description:
    'Attempts made to the endpoint in each of the last 24 hours (UTC hours, oldest first, the current hour last), ' +
    'with how many got a 2xx: the figures behind the 24 h success rate in its health.',
  tags: endpointTags,
  input: z.strictObject({ id: ZEndpointId }),
  output: z.object({
    endpoint_id: ZId('webhookEndpoint'),
    hours: z.array(ZWebhookEndpointHour).length(24).describe('24 hours, oldest first; the last one is the current hour so far'),
  }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_webhook_endpoint_stats',
    title: 'Get webhook endpoint hourly stats',
    description:
      'Get, for each of the last 24 hours, how many delivery attempts a webhook endpoint received and how many ' +
      'succeeded (2xx): when it started failing, or whether it recovered. Overall figures: get_webhook_endpoint.',
    readOnly: true,
    destructive: false,
  },
});

export const listWebhookDeliveries = defineOperation({
  name: 'webhookDeliveries.list',
  method: 'GET',
  path: '/api/v1/webhook-deliveries',
  auth: readScope,
  summary: 'List webhook deliveries',
  description:
    'Deliveries newest first, filtered by status, event type, endpoint, event, message and creation time; pass next_cursor back as cursor for the next page.',
  tags: endpointTags,
  input: z.strictObject({
    status: z.enum(webhookDeliveryStatuses).optional().describe('Only deliveries whose latest attempt had this outcome'),
    event_type: ZCustomerEventType.optional().describe('Only deliveries of this event type'),
    endpoint_id: ZEndpointId.optional(),
    event_id: z.string().min(1).max(64).optional().describe('Deliveries of this event (the webhook-id header)'),
    message_id: z.string().min(1).max(64).optional().describe('Deliveries of events about this message (msg_ or inb_ id)'),
    created_after: ZInstant.optional().describe('Only deliveries created at or after this time'),
    created_before: ZInstant.optional().describe('Only deliveries created before this time'),
    ...ZPageQuery,
  }),
  output: z.object({ deliveries: z.array(ZWebhookDelivery), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_webhook_deliveries',
    title: 'List webhook deliveries',
    description:
      'List webhook deliveries (newest first) with status, response code, latency and next retry. Filter by status ' +
      '(pending, succeeded, failed), event_type, endpoint_id, event_id, message_id, created_after, created_before; ' +
      'page with cursor = next_cursor.',
    readOnly: true,
    destructive: false,
  },
});

export const getWebhookDelivery = defineOperation({
  name: 'webhookDeliveries.get',
  method: 'GET',
  path: '/api/v1/webhook-deliveries/{id}',
  auth: readScope,
  summary: 'Show a webhook delivery',
  description: 'The delivery with its payload, and every attempt (newest first) with its request headers and response.',
  tags: endpointTags,
  input: z.strictObject({ id: ZDeliveryId }),
  output: z.object({
    delivery: ZWebhookDeliveryDetail,
    attempts: z.array(ZWebhookAttempt).describe('Every attempt, newest first'),
  }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_webhook_delivery',
    title: 'Get webhook delivery',
    description:
      'Get one webhook delivery with its payload and every attempt: when, why (automatic, replay, test), response ' +
      'code, latency, response body and the request headers sent.',
    readOnly: true,
    destructive: false,
  },
});

export const replayWebhookDelivery = defineOperation({
  name: 'webhookDeliveries.replay',
  method: 'POST',
  path: '/api/v1/webhook-deliveries/{id}/replay',
  auth: writeScope,
  summary: 'Replay a webhook delivery',
  description:
    'Sends the original payload (same event id) again and records a new attempt. While a replay of the delivery waits ' +
    'to be attempted (replay_queued), replaying it again answers that one and queues nothing. The endpoint must be enabled.',
  tags: endpointTags,
  input: z.strictObject({ id: ZDeliveryId }),
  output: deliveryOutput,
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: false,
  mcp: {
    name: 'replay_webhook_delivery',
    title: 'Replay webhook delivery',
    description:
      'Send a webhook delivery again with its original payload and event id; a new attempt is recorded (see ' +
      'get_webhook_delivery). For every failed delivery of an endpoint at once use recover_webhook_endpoint.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});
