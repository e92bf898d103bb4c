import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { webhooks } from './generated/openapi.ts';

/** The request body of each event type, from openapi.json's `webhooks`. */
export type WebhookEventOf<TType extends keyof webhooks> = webhooks[TType]['post']['requestBody']['content']['application/json'];

/** Any event the service sends; `event.type` narrows `event.data`. */
export type WebhookEvent = { [TType in keyof webhooks]: WebhookEventOf<TType> }[keyof webhooks];

export type WebhookEventType = WebhookEvent['type'];

/** Headers as fetch (Headers), express or node:http (a record, maybe with arrays) give them. */
export type IncomingHeaders = Headers | Record<string, string | string[] | undefined>;

export { WebhookVerificationError };

const signatureHeaders = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function headerValue(headers: IncomingHeaders, name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? '';
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(entry) ? entry.join(' ') : (entry ?? '');
}

/**
 * The event a webhook request carries, once its Standard Webhooks signature is verified with the
 * endpoint's whsec_ secret: `body` is the raw request body (verify before parsing; re-serialised JSON
 * would not match). Throws WebhookVerificationError when the signature is missing, wrong or more
 * than five minutes from this clock. Deduplicate on event.id: retries and replays repeat it.
 */
export function verifyWebhook(secret: string, headers: IncomingHeaders, body: string | Uint8Array): WebhookEvent {
  const signed = Object.fromEntries(signatureHeaders.map((name) => [name, headerValue(headers, name)]));
  const payload = typeof body === 'string' ? body : Buffer.from(body);
  // The signature covers exactly this body, which the service builds from openapi.json's event schemas.
  return new Webhook(secret).verify(payload, signed) as WebhookEvent;
}
