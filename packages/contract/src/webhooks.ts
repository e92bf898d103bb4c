import { z } from 'zod';
import { customerEventTypes, type CustomerEventType, webhookDeliveryStatuses } from './event-types.ts';
import { ZId } from './ids.ts';
import { type TApproval, ZApproval } from './operations/approvals.ts';
import { ZNumber } from './operations/numbers.ts';
import { ZBrand, ZUseCase } from './operations/sender-registration.ts';
import { tokenOrigins } from './operations/tokens.ts';
import { ZE164, ZTimestamp } from './schemas.ts';
import { messageStatuses, suppressionSources } from './statuses.ts';

export const ZCustomerEventType = z.enum(customerEventTypes);

/**
 * What every event about one message carries beside its object: its place among that message's
 * events and when it happened, so a consumer can order them whatever order they arrive in. Optional
 * only for the events recorded before these existed, which replays resend as they were.
 */
const messageEventOrder = {
  sequence: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest"),
  occurred_at: ZTimestamp.optional().describe(
    "When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it",
  ),
};

const ZMessageEventData = z.object({
  ...messageEventOrder,
  message: z.object({
    id: ZId('message').describe('Message id (msg_...)'),
    status: z
      .enum(messageStatuses)
      .extract(['sent', 'delivered', 'failed'])
      .describe('The message status the event reports: sent, delivered or failed'),
    phone_number: ZE164.describe('Recipient, E.164'),
    segments: z.number().int(),
    cost_cents: z.number().int().describe('Debited at acceptance; refunded when the message failed'),
    error_code: z.string().optional().describe('Why it failed (message.failed only)'),
    retry: z.string().optional().describe('Whether and when sending again can work (message.failed only)'),
  }),
});

const ZApprovalEventData = z.object({
  ...messageEventOrder,
  approval: ZApproval.describe(
    'The approval: on message.approval_requested pending, with where a person approves it (approval_url); on ' +
      'message.approval_resolved approved, rejected, expired or canceled (the send canceled), with resolved_by',
  ),
});

const ZMessageReceivedData = z.object({
  ...messageEventOrder,
  message: z.object({
    id: ZId('inboundMessage').describe('Inbound message id (inb_...)'),
    from: ZE164.describe('Sender, E.164'),
    to: ZE164.describe('Your number that received it, E.164'),
    body: z.string().describe('The text; empty for an MMS of media alone'),
    media_urls: z
      .array(z.string())
      .optional()
      .describe(
        'The media of an MMS, each URL as the carrier gave it (empty for an SMS); absent from events recorded before ' +
          'inbound media was kept',
      ),
    conversation_id: ZId('conversation'),
    received_at: ZTimestamp,
  }),
});

const ZLinkClickedData = z.object({
  message_id: ZId('message').describe('The message whose tracked link was clicked'),
  url: z.string().describe('The URL the link redirects to'),
  clicked_at: ZTimestamp.describe('When it was first clicked'),
});

const ZConversationEventData = z.object({
  conversation: z.object({
    id: ZId('conversation').describe('Conversation id (cnv_...)'),
    phone_number: ZE164.describe('The other party, E.164'),
    sender_number: ZE164.describe('Your number in the conversation, E.164'),
    last_message_at: ZTimestamp,
    created_at: ZTimestamp,
  }),
});

const ZOptOutEventData = z.object({
  opt_out: z.object({
    phone_number: ZE164.describe('The number that opted out, E.164; every send to it is refused'),
    source: z
      .enum(suppressionSources)
      .describe('provider_event (the carrier reported it), inbound_keyword (a STOP-family reply), manual or operator'),
    provider: z.string().nullable().describe('The carrier that reported it, if one did'),
    reason: z.string().nullable(),
    created_at: ZTimestamp,
  }),
});

/** The `data` of each customer event type: what the sender builds (domain/customer-webhooks) and openapi.json describes. */
export const customerEventDataSchemas = {
  'message.sent': ZMessageEventData,
  'message.delivered': ZMessageEventData,
  'message.failed': ZMessageEventData,
  'message.received': ZMessageReceivedData,
  'message.approval_requested': ZApprovalEventData,
  'message.approval_resolved': ZApprovalEventData,
  'message.link_clicked': ZLinkClickedData,
  'conversation.created': ZConversationEventData,
  'conversation.updated': ZConversationEventData,
  'opt_out.created': ZOptOutEventData,
  'brand.updated': z.object({ brand: ZBrand }),
  'use_case.updated': z.object({ use_case: ZUseCase }),
  'number.registration_updated': z.object({ number: ZNumber }),
} as const satisfies Record<CustomerEventType, z.ZodObject>;

export type TCustomerEventData<TType extends CustomerEventType = CustomerEventType> = z.infer<
  (typeof customerEventDataSchemas)[TType]
>;

/** One sentence per event type, for openapi.json's `webhooks`. */
export const customerEventDescriptions: Record<CustomerEventType, string> = {
  'message.sent': 'The carrier accepted a message for delivery.',
  'message.delivered': 'The carrier confirmed delivery of a message to the handset.',
  'message.failed': 'A message could not be delivered; its cost was refunded.',
  'message.received': 'A reply arrived at one of your numbers.',
  'message.approval_requested':
    "A send was held by its token's approval rule (status pending_approval): a person approves or rejects it.",
  'message.approval_resolved':
    'A held send was approved (it goes out), or rejected or left to expire (it is canceled and refunded).',
  'message.link_clicked':
    'A tracked link of a message (shorten_links) was clicked for the first time; later clicks only count in link_clicks.',
  'conversation.created': 'The first message between a number and one of yours started a conversation.',
  'conversation.updated': 'A conversation got a new message.',
  'opt_out.created': 'A number opted out (STOP reply or carrier event); sends to it are refused from now on.',
  'brand.updated':
    'The carriers decided on a brand (its status is verified, or rejected with rejection_reasons), or a rejected brand ' +
    'was corrected and is pending again.',
  'use_case.updated':
    'The carriers decided on a use case (approved with its throughput, or rejected with rejection_reasons), or a ' +
    'rejected use case was corrected and is pending again.',
  'number.registration_updated':
    "A number's registration changed (assigned, unassigned, its use case or toll-free verification decided).",
};

const exampleAt = '2026-01-01T12:00:00.000Z';
const exampleMessage = {
  id: 'msg_example0000000000000000',
  status: 'delivered' as const,
  phone_number: '+14155550100',
  segments: 1,
  cost_cents: 2,
};
const exampleConversation = {
  id: 'cnv_example0000000000000000',
  phone_number: '+14155550100',
  sender_number: '+14155550199',
  last_message_at: exampleAt,
  created_at: exampleAt,
};

const exampleBrand = {
  id: 'brd_example0000000000000000',
  legal_name: 'Example Dental LLC',
  country: 'US',
  tax_id: '12-3456789',
  entity_type: 'private_company' as const,
  vertical: 'healthcare' as const,
  website: 'https://example.com',
  support_email: 'support@example.com',
  support_phone: '+14155550123',
  status: 'verified' as const,
  rejection_reasons: [],
  sandbox: false,
  created_at: exampleAt,
  updated_at: exampleAt,
};
const exampleUseCase = {
  id: 'ucs_example0000000000000000',
  brand_id: exampleBrand.id,
  use_case: 'account_notifications' as const,
  description: 'Appointment reminders and changes for patients who booked online.',
  sample_messages: [
    'Example Dental: your cleaning is tomorrow at 9:00. Reply C to confirm. Reply STOP to opt out.',
    'Example Dental: your appointment moved to Friday 10:30. Reply HELP for help, STOP to opt out.',
  ],
  message_flow: 'Patients tick an unchecked box for text reminders on the booking form at https://example.com/book.',
  help_message: 'Example Dental: call +14155550123 or write support@example.com. Reply STOP to opt out.',
  opt_out_message: 'Example Dental: you will get no more texts. Reply START to opt back in.',
  has_links: false,
  has_phone_numbers: true,
  status: 'approved' as const,
  rejection_reasons: [],
  throughput: { messages_per_minute: 4500, daily_cap: null },
  sandbox: false,
  created_at: exampleAt,
  updated_at: exampleAt,
};

const exampleApproval: TApproval = {
  id: 'apr_example0000000000000000',
  status: 'pending',
  expires_at: '2026-01-01T13:00:00.000Z',
  approval_url: 'https://sms.example.com/console/approvals',
  message: { ...exampleMessage, status: 'pending_approval', body: 'Your order shipped' },
  requested_by: { token_id: 'tok_example0000000000000000', name: 'support agent', approval: { required_for: 'all_sends' } },
  created_at: exampleAt,
  resolved_at: null,
  resolved_by: null,
};

const exampleOrder = (sequence: number) => ({ sequence, occurred_at: exampleAt });

/** Example `data` of each event type, of its schema's shape: what test events carry and the event catalogue shows. */
export const customerEventExamples: { [TType in CustomerEventType]: TCustomerEventData<TType> } = {
  'message.sent': { ...exampleOrder(2), message: { ...exampleMessage, status: 'sent' } },
  'message.delivered': { ...exampleOrder(3), message: exampleMessage },
  'message.failed': { ...exampleOrder(3), message: { ...exampleMessage, status: 'failed', error_code: 'carrier_rejected' } },
  'message.received': {
    ...exampleOrder(1),
    message: {
      id: 'inb_example0000000000000000',
      from: '+14155550100',
      to: '+14155550199',
      body: 'Here is the photo',
      media_urls: ['https://media.example.com/photo.jpg'],
      conversation_id: exampleConversation.id,
      received_at: exampleAt,
    },
  },
  'message.approval_requested': { ...exampleOrder(1), approval: exampleApproval },
  'message.approval_resolved': {
    ...exampleOrder(2),
    approval: {
      ...exampleApproval,
      status: 'approved',
      message: { ...exampleApproval.message, status: 'queued' },
      resolved_at: exampleAt,
      resolved_by: { kind: 'console', token_id: null, name: 'Console' },
    },
  },
  'message.link_clicked': { message_id: exampleMessage.id, url: 'https://example.com/menu', clicked_at: exampleAt },
  'conversation.created': { conversation: exampleConversation },
  'conversation.updated': { conversation: exampleConversation },
  'opt_out.created': {
    opt_out: {
      phone_number: '+14155550100',
      source: 'inbound_keyword',
      provider: 'sandbox',
      reason: 'keyword STOP',
      created_at: exampleAt,
    },
  },
  'brand.updated': { brand: exampleBrand },
  'use_case.updated': { use_case: exampleUseCase },
  'number.registration_updated': {
    number: {
      id: 'pn_example0000000000000000',
      number: '+14155550199',
      friendly_name: '+14155550199',
      status: 'connected',
      compliance_status: 'approved',
      type: 'local',
      registration: { status: 'approved', use_case_id: exampleUseCase.id, reasons: [] },
      dedicated: false,
      throughput_per_second: 75,
      health: { status: 'healthy', recent_errors: 0, first_error_at: null, failing_until: null },
      created_at: exampleAt,
    },
  },
};

/** The request body of one event type: the envelope with that type and its `data`. */
export function customerEventEnvelope<TType extends CustomerEventType>(type: TType) {
  return ZEventEnvelope.extend({ type: z.literal(type), data: customerEventDataSchemas[type] });
}

/** The JSON Schema (2020-12, without $schema) of the request body of one event type, as openapi.json's `webhooks` has it. */
export function customerEventJsonSchema(type: CustomerEventType): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(customerEventEnvelope(type), { io: 'output' });
  return schema;
}

export type TCustomerEventCatalogueEntry = {
  type: CustomerEventType;
  description: string;
  schema: Record<string, unknown>;
  example: TEventEnvelope;
};

/** Every event type with its description, body schema and an example body: the console's event catalogue. */
export function customerEventCatalogue(): TCustomerEventCatalogueEntry[] {
  return customerEventTypes.map((type) => ({
    type,
    description: customerEventDescriptions[type],
    schema: customerEventJsonSchema(type),
    example: customerEventExample(type),
  }));
}

/** An example request body of one event type. */
export function customerEventExample(type: CustomerEventType): TEventEnvelope {
  return { id: 'evt_example0000000000000000', type, created_at: exampleAt, data: customerEventExamples[type] };
}

/** What every customer webhook request carries as its body. */
export const ZEventEnvelope = z.object({
  id: ZId('event').describe('Event id; the same on every attempt and replay (use it to deduplicate)'),
  type: ZCustomerEventType,
  created_at: ZTimestamp,
  data: z.record(z.string(), z.unknown()).describe('The domain object, e.g. {message: {...}}'),
});
export type TEventEnvelope = z.infer<typeof ZEventEnvelope>;

export { webhookDeliveryStatuses };

export const ZWebhookEndpointHealth = z.object({
  attempts_24h: z.number().int().describe('Attempts made in the last 24 hours (automatic, replays and tests)'),
  success_rate_24h: z
    .number()
    .nullable()
    .describe('Share of those attempts answered with a 2xx, 0 to 1; null when there was none'),
  latency_p50_ms_24h: z.number().int().nullable().describe('Median attempt latency over the last 24 hours'),
  latency_p99_ms_24h: z.number().int().nullable().describe('99th percentile attempt latency over the last 24 hours'),
  consecutive_failures: z.number().int().describe('Failed attempts since the last success'),
  failing_since: ZTimestamp.nullable().describe(
    'Start of the current run of failures; an endpoint failing every attempt for 5 days is disabled',
  ),
  last_success_at: ZTimestamp.nullable().describe('When an attempt last got a 2xx'),
});
export type TWebhookEndpointHealth = z.infer<typeof ZWebhookEndpointHealth>;

export const ZWebhookEndpointHour = z.object({
  start: ZTimestamp.describe('Start of the UTC hour'),
  attempts: z.number().int().describe('Attempts made in this hour (automatic, replays and tests)'),
  succeeded: z.number().int().describe('Of those, the ones answered with a 2xx'),
});
export type TWebhookEndpointHour = z.infer<typeof ZWebhookEndpointHour>;

export const webhookEndpointCreatorKinds = ['console', 'token', 'oauth_client'] as const;

export const ZWebhookEndpointCreator = z
  .object({
    kind: z
      .enum(webhookEndpointCreatorKinds)
      .describe("console: the signed-in console; token: a txt_ token; oauth_client: an OAuth client's access token"),
    name: z.string().nullable().describe("The token's name (null when it has none), the OAuth client's name, or Console"),
    token_id: ZId('token').nullable().describe('The token that created it; null for the console'),
    token_origin: z.enum(tokenOrigins).nullable().describe("The token's origin; null for the console"),
    oauth_client_id: z.string().nullable().describe('The OAuth client, for kind oauth_client'),
    disabled_when_revoked: z
      .boolean()
      .describe(
        'Whether revoking that token disables the endpoint: true for delegated and OAuth tokens, false for the ' +
          "console and the account's own root-level tokens",
      ),
  })
  .describe('Who created the endpoint; null for endpoints created before creators were recorded');
export type TWebhookEndpointCreator = z.infer<typeof ZWebhookEndpointCreator>;

/** How an endpoint orders the events it receives (ZWebhookEndpoint's ordering). */
export const webhookEndpointOrderings = ['none', 'per_message'] as const;
export type WebhookEndpointOrdering = (typeof webhookEndpointOrderings)[number];

export const ZWebhookEndpoint = z.object({
  id: ZId('webhookEndpoint'),
  url: z.string(),
  description: z.string(),
  event_types: z.array(ZCustomerEventType).describe('Subscribed event types; empty means all'),
  enabled: z.boolean(),
  disabled_reason: z
    .string()
    .nullable()
    .describe(
      'Why the service disabled the endpoint: every attempt failed for 5 days, or the delegated or OAuth token that ' +
        'created it was revoked; cleared when it is enabled again',
    ),
  max_per_second: z
    .number()
    .int()
    .nullable()
    .describe('At most this many requests a second to the endpoint, across every worker; null: no limit'),
  ordering: z
    .enum(webhookEndpointOrderings)
    .describe(
      "per_message: each message's events are sent in their sequence order, an earlier one still failing holds the " +
        "later ones of that message (other messages' events keep flowing); none: each event as soon as it can be sent",
    ),
  created_by: ZWebhookEndpointCreator.nullable(),
  health: ZWebhookEndpointHealth,
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** A delivery: event_id, status, response_code, latency_ms, next_retry, plus context. */
export const ZWebhookDelivery = z.object({
  id: ZId('webhookDelivery'),
  event_id: ZId('event'),
  event_type: ZCustomerEventType,
  endpoint_id: ZId('webhookEndpoint'),
  endpoint_url: z.string(),
  message_id: ZId('message', 'inboundMessage')
    .nullable()
    .describe('The message the event reports (msg_ or inb_ id); null for other events'),
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
  replay_queued: z
    .boolean()
    .describe('Whether a replay (or recovery) of it waits to be attempted; replaying it meanwhile queues nothing more'),
  created_at: ZTimestamp,
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookAttempt = z.object({
  id: ZId('webhookAttempt'),
  at: ZTimestamp.describe('When the attempt finished'),
  trigger: z.enum(['automatic', 'replay', 'test']),
  response_code: z.number().int().nullable().describe('HTTP status; null when no response came back'),
  latency_ms: z.number().int(),
  response_body: z.string().describe('The first 4 KiB of the response body'),
  request_headers: z
    .record(z.string(), z.string())
    .describe('Headers the request carried, webhook-id, webhook-timestamp and webhook-signature included'),
  error: z.string().nullable().describe('Why no response came back (time-out, refused address, connection error)'),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** The request body of any customer event: `type` says which, and `data` has that type's fields. */
export const ZCustomerEvent = z.discriminatedUnion('type', [
  customerEventEnvelope('message.sent'),
  customerEventEnvelope('message.delivered'),
  customerEventEnvelope('message.failed'),
  customerEventEnvelope('message.received'),
  customerEventEnvelope('message.approval_requested'),
  customerEventEnvelope('message.approval_resolved'),
  customerEventEnvelope('message.link_clicked'),
  customerEventEnvelope('conversation.created'),
  customerEventEnvelope('conversation.updated'),
  customerEventEnvelope('opt_out.created'),
  customerEventEnvelope('brand.updated'),
  customerEventEnvelope('use_case.updated'),
  customerEventEnvelope('number.registration_updated'),
]);
export type TCustomerEvent = z.infer<typeof ZCustomerEvent>;

// Every event type is a payload a delivery can hold: a type missing from the union is a compile error.
true satisfies CustomerEventType extends TCustomerEvent['type'] ? true : false;

export const ZWebhookDeliveryDetail = ZWebhookDelivery.extend({
  payload: ZCustomerEvent.describe('The request body every attempt and replay sends'),
});
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetail>;
