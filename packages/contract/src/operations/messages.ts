import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { webhookDeliveryStatuses } from '../event-types.ts';
import { ZE164, ZPhoneNumber, ZTimestamp } from '../schemas.ts';
import { sendRefusalCodes } from '../send-outcomes.ts';
import { approvalStatuses, messageStatuses } from '../statuses.ts';
import { ZTemplateVariables } from './templates.ts';

export const messageBodyMaxLength = 1_600;
export const maxMediaUrls = 10;
/** The most an MMS's media may weigh in all, as fetched at acceptance. */
export const mediaTotalMaxBytes = 5 * 1024 * 1024;
const mediaTotalText = '5 MB';
export const metadataMaxBytes = 4_096;
const metadataMaxKeys = 50;

// PostgreSQL text and jsonb cannot hold U+0000; refusing it here keeps it from becoming a 500.
const withoutNul = (text: string) => !text.includes('\u0000');
const nulMessage = 'must not contain the NUL character (U+0000)';
/** withoutNul as a JSON Schema pattern. */
const withoutNulPattern = '^[^\\u0000]*$';
/** withoutNul and not blank (white space alone) as a JSON Schema pattern; the look-ahead keeps it linear. */
const messageBodyPattern = '^(?![\\s\\S]*\\u0000)[\\s\\S]*\\S';

function jsonWithoutNul(value: unknown): boolean {
  let clean = true;
  JSON.stringify(value, (key, item: unknown) => {
    if (!withoutNul(key) || (typeof item === 'string' && !withoutNul(item))) clean = false;
    return item;
  });
  return clean;
}

export const ZMessageBody = z
  .string()
  .min(1)
  .max(messageBodyMaxLength)
  .refine((body) => body.trim().length > 0, 'must not be blank')
  .refine(withoutNul, nulMessage)
  .meta({ pattern: messageBodyPattern })
  .describe(
    `Text to send, 1-${messageBodyMaxLength} characters, not white space alone; longer texts are sent in several segments`,
  );

export const ZMessageMetadata = z
  .record(z.string().min(1).max(64), z.unknown())
  .refine((metadata) => Object.keys(metadata).length <= metadataMaxKeys, `must have at most ${metadataMaxKeys} keys`)
  .refine(
    (metadata) => new TextEncoder().encode(JSON.stringify(metadata)).length <= metadataMaxBytes,
    `must serialise to at most ${metadataMaxBytes} bytes of JSON`,
  )
  .refine(jsonWithoutNul, nulMessage)
  .meta({ maxProperties: metadataMaxKeys })
  .describe(`Your own key-value data, stored with the message (at most ${metadataMaxKeys} keys, ${metadataMaxBytes} bytes)`);

/** How far ahead a send may be scheduled (send_at): the window, as both ends of it are checked and described. */
export const sendAtWindow = { minMs: 60_000, maxMs: 35 * 86_400_000, text: 'between 1 minute and 35 days from now' } as const;

export const ZSendAt = z.iso
  .datetime({ offset: true })
  .describe(
    `Schedules the send instead of sending now: an ISO 8601 time with its UTC offset (e.g. 2026-12-01T09:30:00-05:00 or ` +
      `2026-12-01T14:30:00Z), ${sendAtWindow.text}. Every check runs and the cost is debited at once; the message is ` +
      'scheduled until then, can be canceled until it goes out, and is failed and refunded (workspace_suppressed) if ' +
      'the recipient opted out meanwhile.',
  );

/** The range of a send's validity_seconds; the maximum, Twilio's, is the default. */
export const messageValidity = { minSeconds: 60, maxSeconds: 36_000 } as const;

/**
 * The refusals of the steps that shape a send before its rules (docs/architecture.md, "The send
 * path"): a destination country the workspace does not allow, a landline it refuses.
 */
export const sendShapingRefusalCodes = ['destination_not_allowed', 'landline_destination'] as const;

/** Marks the answer to an idempotent replay over REST (as Stripe's API does). */
export const idempotentReplayHeader = 'Idempotent-Replayed';

const ZTemplateReference = z
  .string()
  .min(1)
  .max(64)
  .describe(
    'Instead of body: the id of a message template (tpl_...); the body is the template rendered with variables at ' +
      'acceptance. An unknown template or a variable it needs that variables lacks is a 422 naming it.',
  );

/** What a send's text is given as: body, or template_id with variables. */
const sendContentFields = {
  body: ZMessageBody.optional().describe(
    `Text to send, 1-${messageBodyMaxLength} characters, not white space alone; longer texts are sent in several ` +
      'segments. Give body or template_id, not both; with media_urls it may be left out.',
  ),
  template_id: ZTemplateReference.optional(),
  variables: ZTemplateVariables.optional(),
  media_urls: z
    .array(z.url({ protocol: /^https?$/ }).max(2_048))
    .min(1)
    .max(maxMediaUrls)
    .optional()
    .describe(
      `Makes the send an MMS (kind mms, priced per message, not per segment): 1-${maxMediaUrls} https URLs of images ` +
        `(jpeg, png, gif), mp4 video, audio, vCard or PDF, ${mediaTotalText} in all. Each is fetched once when the ` +
        'send is accepted, from public addresses only and without following redirects; one that cannot be used is a ' +
        '422 media_refused naming the URL and the reason. The body is optional with media.',
    ),
};

/** One of body and template_id, and variables only with a template: the refinement every send request takes. */
function refineSendContent(
  input: { body?: string | undefined; template_id?: string | undefined; variables?: unknown; media_urls?: unknown },
  context: z.RefinementCtx,
) {
  if (input.body !== undefined && input.template_id !== undefined) {
    context.addIssue({ code: 'custom', path: ['template_id'], message: 'give body or template_id, not both' });
  } else if (input.body === undefined && input.template_id === undefined && input.media_urls === undefined) {
    context.addIssue({ code: 'custom', path: ['body'], message: 'give body, template_id with variables, or media_urls' });
  }
  if (input.variables !== undefined && input.template_id === undefined) {
    context.addIssue({ code: 'custom', path: ['variables'], message: 'variables fill in a template: give template_id too' });
  }
}

/** refineSendContent's rule as far as a JSON Schema can say it: body, template_id or media_urls. */
const sendContentAnyOf = { anyOf: [{ required: ['body'] }, { required: ['template_id'] }, { required: ['media_urls'] }] };

const ZMessageCreateFields = z.strictObject({
  phone_number: ZPhoneNumber,
  ...sendContentFields,
  idempotency_key: z
    .string()
    .min(1)
    .max(255)
    .refine(withoutNul, nulMessage)
    .meta({ pattern: withoutNulPattern })
    .optional()
    .describe(
      'Makes retries safe: a repeat with the same key, recipient and body returns the original message (200, ' +
        `header ${idempotentReplayHeader}: true) and is not counted by the send rate limit; the same key with a ` +
        'different request is a 409 idempotency_conflict. Keys are kept at least 24 hours.',
    ),
  metadata: ZMessageMetadata.optional(),
  send_at: ZSendAt.optional(),
  from: ZPhoneNumber.optional().describe(
    "The sender: one of the workspace's connected numbers (E.164, as GET /api/v1/numbers lists them). Without it " +
      'the number this recipient got before is used, else the least recently used one. A named sender is used for ' +
      'this send only: it does not change which number the recipient gets by default. Part of the request an ' +
      'idempotency_key is tied to.',
  ),
  sender_pool_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'Choose the sender from this pool of your numbers (POST /api/v1/sender-pools): the number this recipient got ' +
        'from the pool before, else one of its area code, else of its state, else the least loaded. Not with from ' +
        '(422). Without from or sender_pool_id the default pool is used, when the workspace has one.',
    ),
  validity_seconds: z
    .number()
    .int()
    .min(messageValidity.minSeconds)
    .max(messageValidity.maxSeconds)
    .optional()
    .describe(
      `How long the message may wait to be handed to the carrier, in seconds (${messageValidity.minSeconds}-` +
        `${messageValidity.maxSeconds}, default ${messageValidity.maxSeconds}), counted from acceptance, or from send_at ` +
        "for a scheduled send. A message still waiting then (behind its sender's pace, say) fails with error_code " +
        'expired and is refunded, with its message.failed webhook: set a short validity for one-time codes, so a stale ' +
        'code is never delivered.',
    ),
  smart_encoding: z
    .boolean()
    .optional()
    .describe(
      'Replace typographic characters that force UCS-2 (curly quotes, dashes, ellipsis, non-breaking spaces and the ' +
        'like) with their GSM-7 equivalents before counting segments, so such a body costs as plain text does. The ' +
        'stored body is the body sent; the preview lists each replacement and the segments and cost with and without.',
    ),
  shorten_links: z
    .boolean()
    .optional()
    .describe(
      'Replace each http(s) URL in the body with a tracked short link, PUBLIC_BASE_URL/l/{code}, that redirects to it ' +
        'and counts its clicks (link_clicks on the message, the message.link_clicked event on the first click of ' +
        'each link). Segments and cost are those of the shortened body, which is the body stored and sent.',
    ),
});
export const ZMessageCreateRequest = ZMessageCreateFields.superRefine(refineSendContent).meta(sendContentAnyOf);
export type TMessageCreateRequest = z.infer<typeof ZMessageCreateRequest>;

const ZMessageStatusValue = z
  .enum(messageStatuses)
  .describe(
    'queued when accepted (scheduled when accepted with send_at, until it is due; pending_approval while it waits ' +
      "for a person to approve it under its token's approval rule), then sending, sent, delivered or failed; canceled " +
      'when a scheduled message was canceled or a pending one rejected or left to expire. A failed or canceled send is refunded.',
  );

/** The approval a send held by its token's approval rule waits for, as the message carries it. */
export const ZMessageApproval = z
  .object({
    id: ZId('approval'),
    status: z
      .enum(approvalStatuses)
      .describe('pending until approved (the message is dispatched), rejected, expired or canceled (refunded)'),
    expires_at: ZTimestamp.describe('When a pending approval expires: the message is then canceled and refunded'),
    approval_url: z
      .string()
      .describe(
        "The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL)",
      ),
  })
  .describe(
    "The approval the send waits for (status pending_approval) or waited for; null when its token's rule did not hold it",
  );
export type TMessageApproval = z.infer<typeof ZMessageApproval>;
const ZEstimatedSendAt = ZTimestamp.nullable().describe(
  'When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced ' +
    "at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it " +
    'failed or was canceled before.',
);

export const ZMessageAccepted = z.object({
  id: ZId('message'),
  status: ZMessageStatusValue,
  approval: ZMessageApproval.optional().describe(
    'Present when status is pending_approval: the send waits for a person to approve it (the agent cannot)',
  ),
  held_until: ZTimestamp.optional().describe(
    "Only when the workspace's allowed hours (quiet_hours.mode hold) held the send: the time it is scheduled for, the " +
      "next allowed minute in the recipient's local time",
  ),
  estimated_send_at: ZEstimatedSendAt,
});
export type TMessageAccepted = z.infer<typeof ZMessageAccepted>;

export const ZMessage = z.object({
  id: ZId('message'),
  status: ZMessageStatusValue,
  phone_number: ZE164.describe('Recipient in E.164 format'),
  segments: z.number().int().describe('Number of SMS segments the body takes'),
  cost_cents: z.number().int().describe('segments x the price per segment, debited when accepted'),
  created_at: ZTimestamp,
  send_at: ZTimestamp.nullable().describe('When a scheduled send goes out (ISO 8601 UTC); null for a send made at once'),
  error_code: z
    .string()
    .nullable()
    .describe(
      'Why the message failed, as the message.failed webhook reports it: an error catalogue code (e.g. ' +
        "workspace_suppressed) or the carrier's own (e.g. unreachable); null unless status is failed",
    ),
  retry: z
    .string()
    .nullable()
    .describe(
      "The error catalogue's retry hint for error_code (e.g. do_not_retry); null when error_code is not a catalogue code",
    ),
});
export type TMessage = z.infer<typeof ZMessage>;

export const messageDirections = ['outbound', 'inbound'] as const;
export type TMessageDirection = (typeof messageDirections)[number];

/**
 * One message as the message list, GET /api/v1/messages/{id} and conversations show it: an
 * outbound send (msg_ id) or an inbound message (inb_ id), in one shape. ZMessage's fields plus the
 * rest of what is stored; an inbound message has no cost, sender timestamps or idempotency key.
 */
export const ZMessageItem = ZMessage.extend({
  id: ZId('message', 'inboundMessage').describe('msg_ for a message you sent, inb_ for one you received'),
  direction: z.enum(messageDirections).describe('outbound for a message you sent, inbound for one you received'),
  status: z
    .enum(messageStatuses)
    .describe(
      `One of ${messageStatuses.join(', ')}. An outbound message is queued when accepted (scheduled with send_at), then ` +
        'sending, sent, delivered or failed, or canceled; pending_approval while a person must approve it; an ' +
        'inbound message is received.',
    ),
  phone_number: ZE164.describe('The other party in E.164 format: the recipient of a send, the sender of an inbound message'),
  sender_number: ZE164.nullable().describe(
    'Your number in E.164 format: the one a send goes from, the one an inbound message was sent to',
  ),
  body: z.string(),
  cost_cents: z.number().int().describe('segments x the price per segment, debited when accepted; 0 for an inbound message'),
  campaign_id: ZId('campaign').nullable().describe('The campaign that sent it; null for a send of the API, MCP or console'),
  origin: z
    .string()
    .nullable()
    .describe(
      'What made a send: api, mcp, console, campaign, onboarding_test, or auto_reply (the answer to a STOP, START, HELP ' +
        'or custom keyword the recipient sent); null for an inbound message',
    ),
  idempotency_key: z.string().nullable().describe('The idempotency_key the send was made with; null when none'),
  metadata: z.record(z.string(), z.unknown()).nullable().describe('The metadata the send was made with; null when none'),
  updated_at: ZTimestamp,
  sent_at: ZTimestamp.nullable().describe('When the carrier reported it sent; null until then'),
  delivered_at: ZTimestamp.nullable().describe('When the carrier reported it delivered; null until then'),
  failed_at: ZTimestamp.nullable().describe('When it failed; null unless status is failed'),
  estimated_send_at: ZEstimatedSendAt,
  sender_pool_id: ZId('senderPool').nullable().describe('The sender pool the sender was chosen from; null when none'),
  expires_at: ZTimestamp.nullable().describe(
    'When a message not yet handed to the carrier fails with error_code expired (validity_seconds); null for an inbound message',
  ),
  approval: ZMessageApproval.nullable(),
  kind: z.enum(['sms', 'mms']).describe('mms for a message with media (media_urls), else sms'),
  media_urls: z
    .array(z.string())
    .describe('The media of an MMS: the URLs it was sent with, or those the carrier gave for one received; empty for an SMS'),
  link_clicks: z
    .number()
    .int()
    .describe(
      'Clicks on the tracked links of its body (a send with shorten_links), each counted within about a second of the click; 0 for any other message',
    ),
});
export type TMessageItem = z.infer<typeof ZMessageItem>;

export const createMessage = defineOperation({
  name: 'messages.create',
  method: 'POST',
  path: '/api/v1/messages',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Send an SMS',
  description:
    "Queues an SMS to phone_number from one of the workspace's connected numbers (the same number each recipient " +
    'got before, else the least recently used one) and debits segments x price from the prepaid balance. ' +
    'Checks, in this order: the per-token send rate limit (429; a replay of an accepted idempotency_key is ' +
    'exempt), the request (422), idempotency_key (200 replay or 409), workspace suppression of the recipient ' +
    '(403), a connected sender (422 branded_number_missing; with from, 422 sender_number_not_found unless from is a ' +
    'connected number of the workspace), the balance (402 insufficient_balance) and the daily spend cap (402 spend_limit_exceeded). ' +
    `With send_at (${sendAtWindow.text}, else 422 naming send_at) the same checks run and the cost is debited now, ` +
    'but the message is scheduled: it goes out at send_at unless canceled (POST /api/v1/messages/{id}/cancel) or the ' +
    'recipient opted out meanwhile (then it fails with error_code workspace_suppressed and is refunded).',
  tags: ['messages'],
  input: ZMessageCreateRequest,
  output: z.object({ message: ZMessageAccepted }),
  successStatus: 202,
  alternateSuccess: [
    {
      status: 200,
      description: 'Idempotent replay: the message first created with this idempotency_key',
      headers: {
        [idempotentReplayHeader]: { value: 'true', description: 'This answer repeats the original message and created nothing' },
      },
    },
  ],
  errors: ['validation_failed', 'media_refused', ...sendShapingRefusalCodes, ...sendRefusalCodes],
  rateLimit: 'message_send',
  bodyRequired: true,
  mcp: {
    name: 'send_message',
    title: 'Send an SMS',
    description:
      'Queue an SMS to phone_number (E.164, e.g. +14155550100); returns the message id with status queued. ' +
      `Pass send_at (ISO 8601 with offset, ${sendAtWindow.text}) to schedule it instead: status scheduled, debited now, ` +
      'cancelable with cancel_message until it goes out. Pass an idempotency_key to make retries safe. On message_send_rate_limited wait retry_after_seconds; ' +
      'on insufficient_balance fund the balance (create_funding_invoice); on branded_number_missing buy a number ' +
      '(buy_number); on workspace_suppressed do not message this recipient; on spend_limit_exceeded wait for the ' +
      "next UTC day. Pass from (one of list_numbers' connected numbers) to choose the sender. preview_message shows " +
      'the cost, sender and verdict without sending. On pending_approval show your person approval.approval_url: ' +
      'only they can approve.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const maxBatchMessages = 1_000;

/** One item of a batch: a send's own fields; the sender, validity and smart encoding are the batch's. */
export const ZMessageBatchItem = ZMessageCreateFields.omit({
  from: true,
  sender_pool_id: true,
  validity_seconds: true,
  smart_encoding: true,
  shorten_links: true,
})
  .superRefine(refineSendContent)
  .meta(sendContentAnyOf);

export const ZMessageBatchRequest = z
  .strictObject({
    messages: z
      .array(ZMessageBatchItem)
      .min(1)
      .max(maxBatchMessages)
      .describe(`1-${maxBatchMessages} sends, each decided as if it were sent alone, in this order`),
    from: ZMessageCreateFields.shape.from.describe(
      "The sender of every item: one of the workspace's connected numbers (E.164). Without it or sender_pool_id each " +
        'recipient gets its usual number (or one of the default pool), as a single send does.',
    ),
    sender_pool_id: ZMessageCreateFields.shape.sender_pool_id.describe(
      "Choose each item's sender from this pool (POST /api/v1/sender-pools), as a single send does. Not with from (422).",
    ),
    validity_seconds: ZMessageCreateFields.shape.validity_seconds,
    smart_encoding: ZMessageCreateFields.shape.smart_encoding,
    shorten_links: ZMessageCreateFields.shape.shorten_links,
  })
  .superRefine((input, context) => {
    if (input.from !== undefined && input.sender_pool_id !== undefined) {
      context.addIssue({ code: 'custom', path: ['sender_pool_id'], message: 'must not be given with from' });
    }
  });
export type TMessageBatchRequest = z.infer<typeof ZMessageBatchRequest>;

export const ZMessageBatchResult = z.object({
  index: z.number().int().describe('The position of the item in messages, from 0'),
  status: z
    .number()
    .int()
    .describe(
      'The HTTP status the item would have had as a single send: 202 accepted, 200 idempotent replay, 402, 403, 409, ' +
        '422 or 429 (over the send rate limit: wait retry_after_seconds and send the item again)',
    ),
  message: ZMessageAccepted.optional().describe('The message, on 202 and 200'),
  error: z
    .looseObject({ code: z.string(), message: z.string(), fix: z.string(), retry: z.string() })
    .optional()
    .describe("The item's error as the error catalogue gives it (with retry_after_seconds on 429), on any other status"),
});
export type TMessageBatchResult = z.infer<typeof ZMessageBatchResult>;

export const sendMessageBatch = defineOperation({
  name: 'messages.batch',
  operationId: 'sendMessageBatch',
  method: 'POST',
  path: '/api/v1/messages/batch',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Send many SMS in one call',
  description:
    `Up to ${maxBatchMessages} sends in one request, each with its own recipient, body (or template_id and ` +
    'variables), idempotency_key, send_at and metadata, and one sender (from) or sender pool (sender_pool_id) for ' +
    'all. Answers 200 with one result ' +
    'per item, in order: its status is the one it would have had as a single POST /api/v1/messages (202, 200 replay, ' +
    '402, 403, 409, 422, 429) and its error the catalogue body. Each accepted item takes one send from the ' +
    "token's rate limit bucket and its cost from the balance and caps: the items past what the bucket holds get " +
    'their own 429 with retry_after_seconds, so a tier sends at most its burst capacity per batch (starter 1, ' +
    'growth 5, scale 10, enterprise 20). A request that fails its schema is refused whole (422 naming ' +
    'messages.<index>.<field>); the checks after it are per item.',
  tags: ['messages'],
  input: ZMessageBatchRequest,
  output: z.object({ results: z.array(ZMessageBatchResult) }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'send_message_batch',
    title: 'Send many SMS at once',
    description:
      `Send up to ${maxBatchMessages} SMS in one call, each item with phone_number and body (or template_id and ` +
      'variables from create_template), optionally idempotency_key, send_at and metadata; from applies to all. ' +
      'Returns one result per item with the HTTP status it would have had alone (202 accepted, 200 replay, else ' +
      'its error with fix). Items past the send rate limit get status 429 with retry_after_seconds: send only those ' +
      'again after waiting.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const followLink = defineOperation({
  name: 'links.follow',
  method: 'GET',
  path: '/l/{code}',
  auth: { kind: 'none' },
  summary: 'Follow a tracked link',
  description:
    'The short link a send with shorten_links put in its body: answers 302 with Location set to the original URL, ' +
    "and counts the click on the message (link_clicks; the client's IP is kept only as a keyed hash, its user agent " +
    'only as a family); the count and, for the first click of each link, the message.link_clicked event follow within ' +
    'about a second. Only codes the service made redirect: any other is 404.',
  tags: ['messages'],
  input: z.strictObject({ code: z.string().min(1).max(64).describe('The code of the link') }),
  output: z.object({ url: z.string().describe('The original URL, also in the Location header') }),
  successStatus: 302,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: null,
});

export const getMessage = defineOperation({
  name: 'messages.get',
  method: 'GET',
  path: '/api/v1/messages/{id}',
  auth: { kind: 'bearer', scope: 'messages:read' },
  summary: 'Get a message',
  description:
    'The status, recipient, segments and cost of a message of this workspace, and why it failed (error_code, retry), ' +
    'with every field the message list shows (direction, sender, body, campaign, idempotency_key, metadata, timestamps). ' +
    'An inbound message id (inb_) resolves too. Not rate limited.',
  tags: ['messages'],
  input: z.strictObject({
    id: z.string().min(1).max(64).describe('Message id returned by POST /api/v1/messages, or an inbound message id (inb_)'),
  }),
  output: z.object({ message: ZMessageItem }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_message',
    title: 'Get message status',
    description:
      'Look up a sent message by id: status (scheduled, queued, sending, sent, delivered, failed, canceled), segments and cost; ' +
      'a failed message says why in error_code, with the retry hint when the code is in the error catalogue. ' +
      'An inbound message id (inb_) resolves too. For every step it went through, call get_message_timeline.',
    readOnly: true,
    destructive: false,
  },
});

export const cancelMessage = defineOperation({
  name: 'messages.cancel',
  method: 'POST',
  path: '/api/v1/messages/{id}/cancel',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Cancel a scheduled or held message',
  description:
    'scheduled or pending_approval -> canceled: the message will not be sent and its cost is refunded (a held ' +
    "message's approval reads canceled); answers the message as GET /api/v1/messages/{id} does. Any other status (the " +
    'message has gone out already, or was approved, rejected or canceled) answers 422 message_not_cancelable naming the ' +
    'current status. When a cancel meets the dispatch at send_at, an approval or the expiry, exactly one of them wins. ' +
    'Not rate limited.',
  tags: ['messages'],
  input: z.strictObject({ id: z.string().min(1).max(64).describe('Message id returned by POST /api/v1/messages') }),
  output: z.object({ message: ZMessageItem }),
  successStatus: 200,
  errors: ['not_found', 'message_not_cancelable'],
  bodyRequired: false,
  mcp: {
    name: 'cancel_message',
    title: 'Cancel a scheduled or held message',
    description:
      'Cancel a scheduled or pending_approval message before it goes out: it becomes canceled and its cost is ' +
      'refunded. Any other status is message_not_cancelable with its current status.',
    readOnly: false,
    destructive: true,
  },
});

/** What a preview says a send would get now: accepted, a replay, or the error of a refusal. */
export const previewVerdicts = [
  'accept',
  'pending_approval',
  'replay',
  'consent_missing',
  ...sendShapingRefusalCodes,
  ...sendRefusalCodes,
] as const;

/** The preview's request: a send's, and the campaign whose step it would be. */
const ZMessagePreviewRequest = ZMessageCreateFields.extend({
  campaign_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'Preview as a step of this campaign: consent_missing when it requires a consent the number lacks. Needs a ' +
        'token with compliance:read',
    ),
})
  .superRefine(refineSendContent)
  .meta(sendContentAnyOf);

const ZBodyCost = z.object({
  encoding: z.enum(['gsm7', 'ucs2']),
  segments: z.number().int(),
  cost_cents: z.number().int(),
});

export const ZPreviewBlocker = z.object({
  code: z
    .string()
    .describe('The error catalogue code the send would get, or outside_allowed_hours for a send allowed hours hold'),
  message: z.string(),
  fix: z.string().describe('What resolves it, naming the route and the MCP tool'),
});

export const ZMessagePreview = z.object({
  kind: z.enum(['sms', 'mms']).describe('mms with media_urls (one message at the MMS price, no segments), else sms'),
  body: z
    .string()
    .describe(
      'The body the send would store: the template rendered, each link shortened (shorten_links; the send gives each ' +
        'link a code of its own) and smart encoding applied (smart_encoding)',
    ),
  encoding: z
    .enum(['gsm7', 'ucs2'])
    .describe('gsm7 when every character is in the GSM-7 alphabet (160 per segment, 153 when split), else ucs2 (70, 67)'),
  segments: z.number().int().describe('SMS segments the body takes'),
  characters: z.number().int().describe('Length of the body in Unicode code points (an emoji is one)'),
  cost_cents: z.number().int().describe('segments x the price per segment: what the send would debit'),
  ucs2_characters: z
    .array(
      z.object({
        character: z.string().describe('The character, whole (an emoji is never split into its UTF-16 halves)'),
        index: z
          .number()
          .int()
          .describe('Its position in the body, counted in Unicode code points from 0 (in JavaScript: Array.from(body)[index])'),
      }),
    )
    .describe(
      'Every character outside the GSM-7 alphabet, each of which alone makes the whole body ucs2: replace them (a ' +
        'curly quote with a straight one, say) to send as gsm7, usually in fewer segments. Empty for a gsm7 body.',
    ),
  smart_encoding: z
    .object({
      applied: z.boolean().describe('Whether the request asked for smart_encoding: the body above is then the body replaced'),
      replacements: z
        .array(
          z.object({
            character: z.string().describe('The typographic character'),
            replacement: z.string().describe('What replaces it (empty for a character removed, such as a zero-width space)'),
            index: z.number().int().describe('Its position in the request body, in Unicode code points from 0'),
          }),
        )
        .describe('Every character smart encoding replaces (or would, were it asked for), in the order of the body'),
      with: ZBodyCost.describe('The body with smart encoding'),
      without: ZBodyCost.describe('The body as written'),
    })
    .describe(
      'What smart_encoding does to this body: the replacements and the segments and cost with and without them. Send ' +
        'with smart_encoding: true when with costs less than without.',
    ),
  sender_number: ZE164.nullable().describe(
    'The number the send would go from (from when given, else the one selected); null when there is none',
  ),
  estimated_send_at: ZTimestamp.describe(
    "When the send would be handed to the carrier: now, send_at, or its sender's next free slot when paced",
  ),
  balance_cents: z.number().int().describe('The prepaid balance now'),
  spend_remaining_today_cents: z
    .number()
    .int()
    .describe(
      "What the workspace's daily spend cap, and a capped token's own caps (create_token), leave for the rest of this UTC day",
    ),
  verdict: z
    .enum(previewVerdicts)
    .describe(
      "accept when the send would be accepted now; pending_approval when it would be accepted but held by its token's " +
        'approval rule until a person approves it; replay when its idempotency_key already sent this same message ' +
        '(the send would answer that message and cost nothing); otherwise the code of the first blocker: the error ' +
        `the send would get now (${[...sendShapingRefusalCodes, ...sendRefusalCodes].join(', ')}), detailed in error, ` +
        'or outside_allowed_hours for a send allowed hours would hold',
    ),
  blockers: z
    .array(ZPreviewBlocker)
    .describe(
      'Every reason the send would be refused or held, not only the first, in the order the send checks them ' +
        '(destination, line type, suppression, sender, registration, pumping guard, allowed hours, balance, spend caps); ' +
        'empty exactly when verdict is accept, pending_approval or replay. A held send (allowed hours in hold mode) is ' +
        'listed with the time it would go out.',
    ),
  error: z
    .looseObject({ code: z.string(), message: z.string(), fix: z.string(), retry: z.string() })
    .nullable()
    .describe(
      'The error the send would get now, with its fix and retry hint as the error catalogue gives them; null on accept, ' +
        'pending_approval or replay',
    ),
});
export type TMessagePreview = z.infer<typeof ZMessagePreview>;

export const previewMessage = defineOperation({
  name: 'messages.preview',
  method: 'POST',
  path: '/api/v1/messages/preview',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Preview a send without sending',
  description:
    'Takes the body of POST /api/v1/messages and answers what sending it now would do, with no side effect at all: ' +
    'nothing is sent, debited or recorded, and the send rate limit is neither checked nor taken. ' +
    'The encoding and segments, the cost, the characters that force UCS-2 with their positions, the sender that ' +
    'would be used, the balance, what the daily spend cap leaves, and the verdict: accept, or the error the send ' +
    'would get now, decided by the same checks in the same order as the send. A request the send would refuse as ' +
    'invalid (422 validation_failed, send_at outside its window included) is refused the same way here. The send ' +
    'rate limit is not part of the verdict. With campaign_id it previews the send as a step of that campaign: a ' +
    'number without the consent the campaign requires is the blocker consent_missing (campaign_id needs a token ' +
    'with compliance:read too: 403 otherwise).',
  tags: ['messages'],
  input: ZMessagePreviewRequest,
  output: z.object({ preview: ZMessagePreview }),
  successStatus: 200,
  errors: ['validation_failed', 'media_refused', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'preview_message',
    title: 'Preview an SMS before sending',
    description:
      'Check a send before making it, with exactly the arguments of send_message: nothing is sent or charged. ' +
      'Answers the cost (segments x price), the encoding (gsm7 or ucs2) with the characters that force ucs2 and ' +
      'their positions (replace a curly quote or an emoji to halve the cost), the sender number, the balance, the ' +
      'spend left today and the verdict: accept, or the error code send_message would return now with its fix ' +
      '(e.g. insufficient_balance: create_funding_invoice; branded_number_missing: buy_number).',
    readOnly: true,
    destructive: false,
  },
});

const ZCreatedBound = z.iso.datetime({ offset: true });

export const listMessages = defineOperation({
  name: 'messages.list',
  method: 'GET',
  path: '/api/v1/messages',
  auth: { kind: 'bearer', scope: 'messages:read' },
  summary: 'List and search messages',
  description:
    'Messages of this workspace in both directions, newest first: what you sent and what you received (replies, ' +
    'STOP), the latter with direction inbound and status received. Every filter narrows the list and all of them ' +
    'combine. Looking a send up by idempotency_key tells whether a send whose answer was lost was accepted. Pass ' +
    'next_cursor back as cursor for the next page. Not rate limited.',
  tags: ['messages'],
  input: z.strictObject({
    status: z.enum(messageStatuses).optional().describe('Only messages with this status (received: inbound messages)'),
    direction: z.enum(messageDirections).optional().describe('outbound: what you sent; inbound: what you received'),
    phone_number: ZPhoneNumber.optional().describe(
      'Only messages with this other party (E.164): the recipient or the sender of a reply',
    ),
    sender_number: ZPhoneNumber.optional().describe('Only messages from or to this number of yours (E.164)'),
    campaign_id: z.string().min(1).max(64).optional().describe('Only the sends of this campaign'),
    idempotency_key: z.string().min(1).max(255).optional().describe('Only the send made with this idempotency_key'),
    created_after: ZCreatedBound.optional().describe('Only messages created at or after this time (ISO 8601 with offset)'),
    created_before: ZCreatedBound.optional().describe('Only messages created before this time (ISO 8601 with offset)'),
    ...ZPageQuery,
  }),
  output: z.object({ messages: z.array(ZMessageItem), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_messages',
    title: 'List and search messages',
    description:
      'List sent and received messages, newest first, filtered by status, direction (outbound, inbound), ' +
      'phone_number (the other party, E.164), sender_number, campaign_id, idempotency_key, created_after and ' +
      'created_before (ISO 8601). When a send_message call timed out or its answer was lost, call this with the ' +
      'same idempotency_key before sending again: a message listed means the send was accepted (do not resend); ' +
      'an empty list means it was not, and send_message with the same key is safe. Page with cursor = next_cursor.',
    readOnly: true,
    destructive: false,
  },
});

/** Who resolved an approval: the signed-in console, a token (never the requester nor one it created), or its expiry. */
export const ZApprovalResolver = z.object({
  kind: z.enum(['console', 'token', 'expiry']),
  token_id: ZId('token').nullable().describe('The token that approved or rejected it; null for the console and the expiry'),
  name: z.string().nullable().describe("The token's name, or Console; null for the expiry"),
});
export type TApprovalResolver = z.infer<typeof ZApprovalResolver>;

/** What a message timeline step is; `detail` is the step's own data. */
export const messageTimelineEventTypes = [
  'accepted',
  'received',
  'dispatch',
  'provider_event',
  'sent',
  'delivered',
  'failed',
  'canceled',
  'refund',
  'opt_out',
  'webhook_delivery',
  'approval_requested',
  'approval_resolved',
  'sender_skipped',
  'link_clicked',
] as const;

/**
 * Why failover moved a waiting pool message off its sender: the number was released, is suspended,
 * is not registered for the recipient's traffic (with a real carrier), or is failing at the carrier.
 */
export const senderSkipReasons = ['released', 'suspended', 'unregistered', 'failing'] as const;
export type TSenderSkipReason = (typeof senderSkipReasons)[number];

/** What became of the hand-over of a message to the carrier (the dispatch step). */
export const dispatchOutcomes = [
  'waiting',
  'sending',
  'accepted_by_carrier',
  'refused_by_carrier',
  'failed_before_carrier',
  'gave_up',
] as const;
export type DispatchOutcome = (typeof dispatchOutcomes)[number];

/** The statuses of a dispatch job and of a stored carrier report, as the timeline shows them. */
export const jobStatuses = ['pending', 'running', 'done', 'dead'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const providerEventStatuses = ['received', 'processed', 'ignored', 'unreconciled'] as const;
export type ProviderEventStatus = (typeof providerEventStatuses)[number];

const ZNullableTimestamp = ZTimestamp.nullable();

/** The `detail` of each timeline step type: what that step did. */
const timelineDetailSchemas = {
  accepted: z
    .object({
      source: z.string().describe('What sent it: api, campaign, test or another source'),
      token_id: ZId('token').nullable(),
      token_name: z.string().nullable(),
      token_origin: z.string().nullable(),
      campaign_id: ZId('campaign').nullable(),
      campaign_stage_id: ZId('campaignStage').nullable(),
      sender_number: ZE164.nullable(),
      segments: z.number().int(),
      cost_cents: z.number().int(),
      debited_cents: z.number().int(),
      ledger_entry_id: ZId('ledgerEntry').nullable(),
      send_at: ZNullableTimestamp.describe('When a scheduled send is due; null when sent at once'),
    })
    .describe('Accepted: by which token, campaign or source, and the cost debited'),
  received: z
    .object({
      phone_number: ZE164.describe('Who sent it'),
      sender_number: ZE164.describe('Your number that received it'),
      conversation_id: ZId('conversation').nullable(),
      provider_message_id: z.string().nullable(),
    })
    .describe('An inbound message received'),
  dispatch: z
    .object({
      outcome: z.enum(dispatchOutcomes),
      attempts: z.number().int().nullable(),
      job_status: z.enum(jobStatuses).nullable(),
      last_error: z.string().nullable(),
      next_attempt_at: ZNullableTimestamp,
      provider_message_id: z.string().nullable(),
    })
    .describe('The hand-over to the carrier: attempts and outcome'),
  provider_event: z
    .object({
      provider_event_id: z.string(),
      provider: z.string(),
      event_type: z.string(),
      external_id: z.string(),
      status: z.enum(providerEventStatuses).describe('What reconciliation did with it'),
      status_reason: z.string().nullable(),
      processed_at: ZNullableTimestamp,
      duplicate: z.boolean().describe('A report of a type that arrived before: it changed nothing'),
      occurred_at: ZTimestamp.describe('When the carrier says it happened (its own time), else when it arrived'),
      superseded: z
        .boolean()
        .describe(
          'It changed nothing: the message already had this status or a later one (a late, repeated or out-of-order ' +
            'report never moves a message back, nor away from a final status)',
        ),
      sequence: z
        .number()
        .int()
        .nullable()
        .describe("The sequence of the webhook event it caused (the message's events count 1, 2, ...); null when none"),
    })
    .describe('A carrier report about the message'),
  sent: z.object({}).describe('The carrier sent it'),
  delivered: z.object({}).describe('The carrier delivered it'),
  failed: z
    .object({ error_code: z.string().nullable(), retry: z.string().nullable() })
    .describe('It failed: why, and whether sending again can work'),
  canceled: z.object({}).describe('A scheduled send canceled before it was due, or a held one rejected, expired or canceled'),
  refund: z
    .object({ ledger_entry_id: ZId('ledgerEntry'), amount_cents: z.number().int(), reason: z.string().nullable() })
    .describe('Its cost given back'),
  opt_out: z
    .object({
      suppression_id: ZId('suppression'),
      phone_number: ZE164,
      source: z.string().describe('provider_event, inbound_keyword, manual or operator'),
      reason: z.string().nullable(),
      active: z.boolean(),
      lifted_at: ZNullableTimestamp,
    })
    .describe('The opt-out this message caused'),
  webhook_delivery: z
    .object({
      delivery_id: ZId('webhookDelivery'),
      endpoint_id: ZId('webhookEndpoint'),
      event_id: ZId('event'),
      event_type: z.string(),
      status: z.enum(webhookDeliveryStatuses),
      attempt_count: z.number().int(),
      next_retry_at: ZNullableTimestamp,
      attempts: z.array(
        z.object({
          number: z.number().int(),
          at: ZTimestamp,
          trigger: z.string(),
          response_code: z.number().int().nullable(),
          latency_ms: z.number().int().nullable(),
          error: z.string().nullable(),
        }),
      ),
    })
    .describe('A webhook event about the message, with each attempt and its status code'),
  approval_requested: z
    .object({ approval_id: ZId('approval'), expires_at: ZTimestamp, token_id: ZId('token') })
    .describe("Held for a person's approval by the approval rule of the sending token"),
  approval_resolved: z
    .object({
      approval_id: ZId('approval'),
      status: z.enum(approvalStatuses).exclude(['pending']),
      resolved_by: ZApprovalResolver,
    })
    .describe('Approved (then dispatched), rejected, expired or canceled (then canceled and refunded), and by whom'),
  sender_skipped: z
    .object({
      number: ZE164.describe('The sender it was to go from'),
      reason: z.enum(senderSkipReasons),
      moved_to: ZE164.describe('The number of the same sender pool it goes from instead'),
    })
    .describe('Failover: its sender could no longer send, so it moved to a healthy number of its sender pool'),
  link_clicked: z
    .object({
      url: z.string().describe('The URL the tracked link redirects to'),
      clicks: z.number().int().describe('Clicks on this link so far, this first one included'),
    })
    .describe('The first click on one of its tracked links (shorten_links), with how many that link has had since'),
} as const satisfies Record<(typeof messageTimelineEventTypes)[number], z.ZodObject>;

function timelineStep<TType extends (typeof messageTimelineEventTypes)[number]>(type: TType) {
  return z.object({ at: ZTimestamp, type: z.literal(type), detail: timelineDetailSchemas[type] });
}

/** One step of a message's timeline: `type` says which, and `detail` has that step's own fields. */
export const ZMessageTimelineEvent = z.discriminatedUnion('type', [
  timelineStep('accepted'),
  timelineStep('received'),
  timelineStep('dispatch'),
  timelineStep('provider_event'),
  timelineStep('sent'),
  timelineStep('delivered'),
  timelineStep('failed'),
  timelineStep('canceled'),
  timelineStep('refund'),
  timelineStep('opt_out'),
  timelineStep('webhook_delivery'),
  timelineStep('approval_requested'),
  timelineStep('approval_resolved'),
  timelineStep('sender_skipped'),
  timelineStep('link_clicked'),
]);
export type TMessageTimelineEvent = z.infer<typeof ZMessageTimelineEvent>;

export const getMessageTimeline = defineOperation({
  name: 'messages.timeline',
  operationId: 'getMessageTimeline',
  method: 'GET',
  path: '/api/v1/messages/{id}/events',
  auth: { kind: 'bearer', scope: 'messages:read' },
  summary: 'Get the timeline of a message',
  description:
    'Every step of one message, oldest first, each {at, type, detail}: its acceptance (token or campaign, cost ' +
    'debited), each sender failover skipped, the dispatch to the carrier (attempts, outcome), each carrier report ' +
    '(type, external id, repeats), its refund, the opt-out it caused, the first click on each of its tracked links ' +
    "(with that link's count), and each webhook delivery about it with its attempts and status codes. Inbound " +
    'message ids (inb_) resolve too.',
  tags: ['messages'],
  input: z.strictObject({ id: z.string().min(1).max(64).describe('Message id (msg_) or inbound message id (inb_)') }),
  output: z.object({ message_id: ZId('message', 'inboundMessage'), events: z.array(ZMessageTimelineEvent) }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_message_timeline',
    title: 'Get the timeline of a message',
    description:
      'Everything that happened to one message, oldest first: accepted (by which token or campaign, cost debited), ' +
      'dispatch attempts and outcome, each carrier report (including repeats), refund, the opt-out it caused, and ' +
      'each webhook delivery about it with every attempt and status code. Use it to explain why a message failed or ' +
      'why a webhook never arrived.',
    readOnly: true,
    destructive: false,
    // Each step's detail as a plain object: the full union would be a sixth of the core tools' listing.
    listedOutput: z.object({
      message_id: z.string(),
      events: z.array(
        z.object({ at: ZTimestamp, type: z.enum(messageTimelineEventTypes), detail: z.record(z.string(), z.unknown()) }),
      ),
    }),
  },
});
