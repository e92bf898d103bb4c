import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Standard Webhooks secret: whsec_ + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Standard Webhooks headers. webhook-id is the event id, the same on every retry and replay, so
 * consumers can deduplicate. Each live secret adds a signature (rotation keeps the old one a while).
 */
export function signedHeaders(options: {
  eventId: string;
  timestamp: Date;
  body: string;
  secrets: string[];
}): Record<string, string> {
  const signatures = options.secrets.map((secret) => new Webhook(secret).sign(options.eventId, options.timestamp, options.body));
  return {
    'content-type': 'application/json',
    'user-agent': 'Textline-Webhooks/1.0',
    'webhook-id': options.eventId,
    'webhook-timestamp': String(Math.floor(options.timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
