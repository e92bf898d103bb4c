import { createHmac } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import { constantTimeEqual } from '../lib/crypto.ts';

/**
 * Inbound provider webhook signatures: HMAC-SHA256 over
 * `<unix seconds>.<RFC 8785 canonical JSON>`, sent as `sha256=<hex>`. Signing the canonical form
 * rather than the raw bytes lets any sender re-serialise the payload (key order, whitespace).
 */

// canonicalize is CommonJS (module.exports = fn) typed as an ES default export, which NodeNext
// resolution then misreads as the module object: the default import is the function itself.
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

export type SignatureHeaders = { timestampHeader: string; signatureHeader: string };

export type SigningKey = SignatureHeaders & { secret: string };

function canonicalJson(payload: unknown): string {
  const canonical = canonicalize(payload);
  if (canonical === undefined) throw new TypeError('payload cannot be represented as JSON');
  return canonical;
}

export function computeSignature(secret: string, timestampSeconds: number | string, payload: unknown): string {
  return `sha256=${createHmac('sha256', secret)
    .update(`${timestampSeconds}.${canonicalJson(payload)}`)
    .digest('hex')}`;
}

/** The two headers a provider sends with `payload`, signed at `nowMs`. */
export function signWebhook(key: SigningKey, payload: unknown, nowMs: number): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return { [key.timestampHeader]: String(timestamp), [key.signatureHeader]: computeSignature(key.secret, timestamp, payload) };
}

const timestampPattern = /^\d{1,12}$/;

/**
 * True when the timestamp is within `toleranceSeconds` of now, in either direction (a future
 * timestamp is as suspicious as a stale one), and the signature matches in constant time.
 */
export function verifyWebhookSignature(options: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  payload: unknown;
  nowMs: number;
  toleranceSeconds: number;
}): boolean {
  const { timestamp, signature } = options;
  if (!timestamp || !signature || !timestampPattern.test(timestamp)) return false;
  if (Math.abs(Math.floor(options.nowMs / 1000) - Number(timestamp)) > options.toleranceSeconds) return false;
  let expected: string;
  try {
    expected = computeSignature(options.secret, timestamp, options.payload);
  } catch {
    return false;
  }
  return constantTimeEqual(signature.trim(), expected);
}
