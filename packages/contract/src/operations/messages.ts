import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZPhoneNumber, ZTimestamp } from '../schemas.ts';

export const messageBodyMaxLength = 1_600;
export const metadataMaxBytes = 4_096;
const metadataMaxKeys = 50;

// PostgreSQL text and jsonb cannot hold U+0000; refusing it here keeps it from becoming a 500.
const withoutNul = (text: string) => !text.includes('\u0000');
const nulMessage = 'must not contain the NUL character (U+0000)';

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
  .describe(`Text to send, 1-${messageBodyMaxLength} characters; longer texts are sent in several segments`);

export const ZMessageMetadata = z
  .record(z.string().min(1).max(64), z.unknown())
  .refine((metadata) => Object.keys(metadata).length <= metadataMaxKeys, `must have at most ${metadataMaxKeys} keys`)
  .refine(
    (metadata) => new TextEncoder().encode(JSON.stringify(metadata)).length <= metadataMaxBytes,
    `must serialise to at most ${metadataMaxBytes} bytes of JSON`,
  )
  .refine(jsonWithoutNul, nulMessage)
  .describe(`Your own key-value data, stored with the message (at most ${metadataMaxKeys} keys, ${metadataMaxBytes} bytes)`);

/** Marks the answer to an idempotent replay over REST (as Stripe's API does). */
export const idempotentReplayHeader = 'Idempotent-Replayed';

export const ZMessageCreateRequest = z.strictObject({
  phone_number: ZPhoneNumber,
  body: ZMessageBody,
  idempotency_key: z
    .string()
    .min(1)
    .max(255)
    .refine(withoutNul, nulMessage)
    .optional()
    .describe(
      'Makes retries safe: a repeat with the same key, recipient and body returns the original message (200, ' +
        `header ${idempotentReplayHeader}: true) and is not counted by the send rate limit; the same key with a ` +
        'different request is a 409 idempotency_conflict. Keys are kept at least 24 hours.',
    ),
  metadata: ZMessageMetadata.optional(),
});
export type TMessageCreateRequest = z.infer<typeof ZMessageCreateRequest>;

const ZMessageStatusValue = z
  .string()
  .describe('queued when accepted, then sending, sent, delivered or failed (a failed send is refunded)');

export const ZMessageAccepted = z.object({ id: z.string(), status: ZMessageStatusValue });
export type TMessageAccepted = z.infer<typeof ZMessageAccepted>;

export const ZMessage = z.object({
  id: z.string(),
  status: ZMessageStatusValue,
  phone_number: z.string().describe('Recipient in E.164 format'),
  segments: z.number().int().describe('Number of SMS segments the body takes'),
  cost_cents: z.number().int().describe('segments x the price per segment, debited when accepted'),
  created_at: ZTimestamp,
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
    '(403), a connected sender (422 branded_number_missing), the balance (402 insufficient_balance) and the daily spend cap (402 spend_limit_exceeded).',
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
  errors: [
    'validation_failed',
    'idempotency_conflict',
    'workspace_suppressed',
    'branded_number_missing',
    'insufficient_balance',
    'spend_limit_exceeded',
  ],
  rateLimit: 'message_send',
  bodyRequired: true,
  mcp: {
    name: 'send_message',
    title: 'Send an SMS',
    description:
      'Queue an SMS to phone_number (E.164, e.g. +14155550100); returns the message id with status queued. ' +
      'Pass an idempotency_key to make retries safe. On message_send_rate_limited wait retry_after_seconds; ' +
      'on insufficient_balance fund the balance (create_funding_invoice); on branded_number_missing buy a number ' +
      '(buy_number); on workspace_suppressed do not message this recipient; on spend_limit_exceeded wait for the ' +
      'next UTC day.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const getMessage = defineOperation({
  name: 'messages.get',
  method: 'GET',
  path: '/api/v1/messages/{id}',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Get a message',
  description:
    'The status, recipient, segments and cost of a message of this workspace, and why it failed (error_code, retry). ' +
    'Not rate limited.',
  tags: ['messages'],
  input: z.strictObject({ id: z.string().min(1).max(64).describe('Message id returned by POST /api/v1/messages') }),
  output: z.object({ message: ZMessage }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_message',
    title: 'Get message status',
    description:
      'Look up a sent message by id: status (queued, sending, sent, delivered, failed), segments and cost; ' +
      'a failed message says why in error_code, with the retry hint when the code is in the error catalogue.',
    readOnly: true,
    destructive: false,
  },
});
