/**
 * Magic recipients of the sandbox carrier (documented in docs/quick-start.md): sending to one of these
 * numbers scripts what the carrier reports afterwards. Every other number is sent, then delivered.
 * They are in +1 500 555 (a non-geographic range reserved for tests, like Twilio's magic numbers).
 */

export type CarrierStep =
  | { kind: 'status'; type: 'message.sent' | 'message.delivered' | 'message.failed'; errorCode?: string }
  | { kind: 'opt_out' }
  | { kind: 'reply'; body: string };

export type RecipientScript = {
  behaviour: string;
  /** Refuse the send outright (a non-retryable carrier rejection) instead of accepting it. */
  rejectAtSend?: boolean;
  steps: CarrierStep[];
  /** Overrides SANDBOX_DELAY_MS between callbacks. */
  delayMs?: number;
};

const sent: CarrierStep = { kind: 'status', type: 'message.sent' };
const delivered: CarrierStep = { kind: 'status', type: 'message.delivered' };

const SLOW_CARRIER_DELAY_MS = 60_000;

export const magicRecipients: Record<string, RecipientScript> = {
  '+15005550001': {
    behaviour: 'sent, then failed (error_code unreachable); the send is refunded',
    steps: [sent, { kind: 'status', type: 'message.failed', errorCode: 'unreachable' }],
  },
  '+15005550002': {
    behaviour: 'delivered, then the recipient opts out (recipient.opted_out)',
    steps: [sent, delivered, { kind: 'opt_out' }],
  },
  '+15005550003': {
    behaviour: 'delivered, but each callback comes 60 s after the previous one',
    steps: [sent, delivered],
    delayMs: SLOW_CARRIER_DELAY_MS,
  },
  '+15005550004': {
    behaviour: 'refused at send (invalid recipient); the message fails at once and is refunded',
    rejectAtSend: true,
    steps: [],
  },
  '+15005550005': {
    behaviour: 'delivered, then the recipient replies "Sounds good, thanks!"',
    steps: [sent, delivered, { kind: 'reply', body: 'Sounds good, thanks!' }],
  },
  '+15005550006': {
    behaviour: 'delivered, then the recipient replies STOP (a keyword opt-out)',
    steps: [sent, delivered, { kind: 'reply', body: 'STOP' }],
  },
};

const defaultScript: RecipientScript = { behaviour: 'sent, then delivered', steps: [sent, delivered] };

export function scriptFor(recipient: string): RecipientScript {
  return magicRecipients[recipient] ?? defaultScript;
}
