import { z } from 'zod';
import { customerEventTypes } from './event-types.ts';
import { ZTimestamp } from './schemas.ts';

export const ZCustomerEventType = z.enum(customerEventTypes);

/** SPEC section 2: what every customer webhook request carries as its body. */
export const ZEventEnvelope = z.object({
  id: z.string().describe('Event id; the same on every attempt and replay (use it to deduplicate)'),
  type: ZCustomerEventType,
  created_at: ZTimestamp,
  data: z.record(z.string(), z.unknown()).describe('The domain object, e.g. {message: {...}}'),
});
export type TEventEnvelope = z.infer<typeof ZEventEnvelope>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(ZCustomerEventType).describe('Subscribed event types; empty means all'),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable().describe('Set when the service disabled the endpoint, e.g. after 5 days of failures'),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** SPEC section 2 delivery record (event_id, status, response_code, latency_ms, next_retry) plus context. */
export const ZWebhookDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: ZCustomerEventType,
  endpoint_id: z.string(),
  endpoint_url: z.string(),
  status: z
    .enum(webhookDeliveryStatuses)
    .describe(
      'pending until the first attempt, then the outcome of the latest one: succeeded, or failed (next_retry says whether a retry is scheduled)',
    ),
  response_code: z.number().int().nullable().describe('HTTP status of the latest attempt; null when no response came back'),
  latency_ms: z.number().int().nullable(),
  next_retry: ZTimestamp.nullable().describe('When the next automatic attempt runs; null when none is scheduled'),
  attempts: z.number().int(),
  last_attempt_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookAttempt = z.object({
  id: z.string(),
  trigger: z.enum(['automatic', 'replay', 'test']),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  response_body: z.string().describe('The first 4 KiB of the response body'),
  error: z.string().nullable().describe('Why no response came back (time-out, refused address, connection error)'),
  created_at: ZTimestamp,
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDeliveryDetail = ZWebhookDelivery.extend({
  payload: ZEventEnvelope,
  attempt_log: z.array(ZWebhookAttempt).describe('Every attempt, newest first'),
});
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetail>;
