import twilio from 'twilio';
import { messageErrorCodeOf, ProviderRejection } from '../../ports.ts';

type Refusal = { code: ProviderRejection['code']; retryable: boolean };

/**
 * Twilio error codes (https://www.twilio.com/docs/api/errors) that say who is at fault, whether the
 * REST API answers them when a message is created or a status callback reports them later.
 */
const refusals: Record<number, Refusal> = {
  // The sender is not ours, not SMS-capable, or not registered for US A2P traffic yet.
  21212: { code: 'sender_not_ready', retryable: false },
  21606: { code: 'sender_not_ready', retryable: false },
  21659: { code: 'sender_not_ready', retryable: false },
  30032: { code: 'sender_not_ready', retryable: false },
  30034: { code: 'sender_not_ready', retryable: false },
  // The recipient replied STOP to this sender (or Twilio's opt-out list has them).
  21610: { code: 'recipient_unsubscribed', retryable: false },
  // The recipient cannot take SMS: invalid, unroutable, a landline, or outside the account's geo permissions.
  21211: { code: 'invalid_recipient', retryable: false },
  21214: { code: 'invalid_recipient', retryable: false },
  21408: { code: 'invalid_recipient', retryable: false },
  21612: { code: 'invalid_recipient', retryable: false },
  21614: { code: 'invalid_recipient', retryable: false },
  30005: { code: 'invalid_recipient', retryable: false },
  30006: { code: 'invalid_recipient', retryable: false },
  // The sender's queue at Twilio is full: later is fine.
  21611: { code: 'sender_queue_full', retryable: true },
};

/** Delivery failures a status callback reports that are not refusals of the send. */
const deliveryFailures: Record<number, string> = {
  // The sender's own: its queue overflowed, or it hit a rate or daily limit (sender-health.ts counts them).
  30001: 'sender_queue_full',
  30022: 'sender_limit_reached',
  30023: 'sender_limit_reached',
  30027: 'sender_limit_reached',
  30003: 'unreachable',
  30004: 'carrier_blocked',
  30007: 'carrier_filtered',
  30008: 'carrier_error',
};

/** The Twilio exception the library throws when the REST API answers with an error status. */
export function isTwilioApiError(error: unknown): error is InstanceType<typeof twilio.RestException> {
  return error instanceof twilio.RestException;
}

/**
 * A REST API error as the send pipeline's rejection. Unknown codes fall back on the HTTP status:
 * 429 and 5xx are worth retrying, and so are 401/403 (credentials the operator can still fix
 * before the dispatch job gives up); any other 4xx is final. The message names only the code:
 * Twilio's own text quotes phone numbers, which must not reach the logs.
 */
function rejectionOf(error: InstanceType<typeof twilio.RestException>): ProviderRejection {
  const known = refusals[error.code ?? 0];
  const retryable =
    known?.retryable ?? (error.status === 429 || error.status >= 500 || error.status === 401 || error.status === 403);
  const providerCode = error.code === undefined ? undefined : String(error.code);
  return new ProviderRejection(
    known?.code ?? 'provider_error',
    `Twilio answered ${error.status}${providerCode ? ` with error ${providerCode}` : ''}.`,
    retryable,
    providerCode,
  );
}

/**
 * Any failure of a Twilio call as a rejection that is safe to log: never Twilio's text (it quotes
 * phone numbers) nor the HTTP client's error (its request config carries the credentials). No
 * answer at all is worth retrying.
 */
export function twilioFailure(error: unknown): ProviderRejection {
  if (isTwilioApiError(error)) return rejectionOf(error);
  const code = (error as { code?: unknown } | null)?.code;
  return new ProviderRejection(
    'provider_error',
    `Twilio did not answer (${typeof code === 'string' ? code : 'request failed'}).`,
    true,
  );
}

/** `call`, failing with twilioFailure. */
export function withTwilioFailures<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw twilioFailure(error);
  });
}

/**
 * The error_code a failed or undelivered status callback leaves on the message: the catalogue's
 * code where the failure is one (e.g. 30034 unregistered sender -> branded_number_missing), a
 * name of our own for common carrier failures, else `twilio_<code>`.
 */
export function deliveryErrorCodeOf(twilioErrorCode: string | undefined): string | undefined {
  const code = Number(twilioErrorCode);
  if (!twilioErrorCode || !Number.isInteger(code)) return undefined;
  const refusal = refusals[code];
  if (refusal) return messageErrorCodeOf(refusal.code);
  return deliveryFailures[code] ?? `twilio_${code}`;
}

/**
 * Twilio's answers to buying a number that is not for sale: 21422 "not available" (someone else
 * just bought it) and 21421 "invalid" (no such number to buy).
 */
export const NUMBER_NOT_FOR_SALE: ReadonlySet<number> = new Set([21421, 21422]);
