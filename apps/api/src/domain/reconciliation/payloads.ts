import { z } from 'zod';

/**
 * Provider payloads, normalised from their published keys (docs/api-rules.md). Each route has an identity
 * schema (what a signed request must carry, else 422) and the reconciliation reads the rest
 * leniently: an odd optional field is ignored rather than failing a stored, verified event.
 */

const ZExternalId = z.union([z.string().trim().min(1).max(255), z.number().int()]).transform(String);
const ZEventType = z.string().trim().min(1).max(100);
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const ZMetadata = optional(z.record(z.string(), z.unknown()));

/** Event type stored for inbound messages; /incoming payloads carry no type of their own. */
export const INBOUND_MESSAGE_EVENT_TYPE = 'message.inbound';

export type EventIdentity = { eventType: string; externalId: string };

/**
 * Messaging provider events: `type`, `id`, `message_id`, `metadata`; opt-outs add `phone_number`;
 * `occurred_at` (ISO 8601) is when the carrier says it happened, which may be long before it arrives.
 */
export const ZMessagingEvent = z.looseObject({
  type: ZEventType,
  occurred_at: optional(z.iso.datetime({ offset: true })),
  id: ZExternalId,
  message_id: optional(ZExternalId),
  phone_number: optional(z.string().min(1)),
  metadata: ZMetadata,
});
export type TMessagingEvent = z.infer<typeof ZMessagingEvent>;

/**
 * Inbound message (sandbox format, documented in docs/deployment.md): `id`, `from`, `to`, `body`. A carrier
 * that recognises opt-out keywords itself (Twilio's OptOutType) adds `opt_out_type`.
 */
export const ZInboundMessage = z.looseObject({
  id: ZExternalId,
  from: z.string().trim().min(1),
  to: z.string().trim().min(1),
  body: z.string().catch(''),
  // An inbound MMS's media as the carrier gave them; anything but a list of URLs is dropped.
  media_urls: optional(z.array(z.url()).max(10)),
  opt_out_type: optional(z.enum(['STOP', 'START', 'HELP'])),
});

/** Funding provider events: `event`, `event_id`, `session_id`, `amount_cents`, `metadata`. */
export const ZFundingEvent = z.looseObject({
  event: ZEventType,
  event_id: ZExternalId,
  session_id: optional(z.string().min(1)),
  amount_cents: optional(z.number().int().positive()),
  metadata: ZMetadata,
});

export const payloadIdentity = {
  messagingEvent: (payload: unknown): EventIdentity | undefined => {
    const parsed = ZMessagingEvent.safeParse(payload);
    return parsed.success ? { eventType: parsed.data.type, externalId: parsed.data.id } : undefined;
  },
  inboundMessage: (payload: unknown): EventIdentity | undefined => {
    const parsed = ZInboundMessage.safeParse(payload);
    return parsed.success ? { eventType: INBOUND_MESSAGE_EVENT_TYPE, externalId: parsed.data.id } : undefined;
  },
  fundingEvent: (payload: unknown): EventIdentity | undefined => {
    const parsed = ZFundingEvent.safeParse(payload);
    return parsed.success ? { eventType: parsed.data.event, externalId: parsed.data.event_id } : undefined;
  },
};
