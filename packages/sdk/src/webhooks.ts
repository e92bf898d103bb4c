import type { webhooks } from './generated/openapi.ts';

/** The request body of each event type, from openapi.json's `webhooks`. */
export type WebhookEventOf<TType extends keyof webhooks> = webhooks[TType]['post']['requestBody']['content']['application/json'];

/** Any event the service sends; `event.type` narrows `event.data`. */
export type WebhookEvent = { [TType in keyof webhooks]: WebhookEventOf<TType> }[keyof webhooks];

export type WebhookEventType = WebhookEvent['type'];

/** Headers as fetch (Headers), express or node:http (a record, maybe with arrays) give them. */
export type IncomingHeaders = Headers | Record<string, string | string[] | undefined>;

/** The signature of a webhook request is missing, wrong or too old: do not trust its body. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** How far a signature's timestamp may be from this clock, either way (Standard Webhooks' default). */
const TOLERANCE_SECONDS = 5 * 60;

function headerValue(headers: IncomingHeaders, name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? '';
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(entry) ? entry.join(' ') : (entry ?? '');
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The HMAC key of a whsec_ secret: the base64 after the prefix. */
async function signingKey(secret: string): Promise<CryptoKey> {
  const bytes = base64Bytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!bytes || bytes.length === 0) throw new WebhookVerificationError('The webhook secret is not a whsec_ secret');
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

/**
 * The event a webhook request carries, once its Standard Webhooks signature is verified with the
 * endpoint's whsec_ secret: `body` is the raw request body, as a string or bytes (verify before
 * parsing; re-serialised JSON would not match). Rejects with WebhookVerificationError when the
 * signature is missing, wrong or more than five minutes from this clock. Deduplicate on event.id:
 * retries and replays repeat it. Runs on Web Crypto alone, so in browsers and edge runtimes too.
 */
export async function verifyWebhook(secret: string, headers: IncomingHeaders, body: string | Uint8Array): Promise<WebhookEvent> {
  const id = headerValue(headers, 'webhook-id');
  const timestamp = headerValue(headers, 'webhook-timestamp');
  const signatures = headerValue(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('The request carries no Standard Webhooks signature');
  const sentAt = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - sentAt) > TOLERANCE_SECONDS)
    throw new WebhookVerificationError('The webhook timestamp is more than five minutes from this clock');

  const encoder = new TextEncoder();
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bytes.length);
  signed.set(prefix);
  signed.set(bytes, prefix.length);

  const key = await signingKey(secret);
  // Several during a rotation, each `v1,<base64>`; subtle.verify compares in constant time.
  for (const entry of signatures.split(' ')) {
    const [version, encoded] = entry.split(',');
    const signature = version === 'v1' && encoded ? base64Bytes(encoded) : undefined;
    if (signature && (await crypto.subtle.verify('HMAC', key, signature, signed))) {
      // The signature covers exactly this body, which the service builds from openapi.json's event schemas.
      return JSON.parse(new TextDecoder().decode(bytes)) as WebhookEvent;
    }
  }
  throw new WebhookVerificationError('No webhook signature matches the secret');
}
