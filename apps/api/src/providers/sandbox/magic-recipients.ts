/**
 * Scripted recipients of the sandbox carrier (the table in docs/quick-start.md, and
 * GET /api/v1/sandbox/recipients): sending to one of these numbers scripts what the carrier reports
 * afterwards. Every other number is sent, then delivered. They are in +1 500 555 00xx (a
 * non-geographic range reserved for tests, like Twilio's magic numbers), outside the 555-0190 to
 * 555-0199 lines that the sandbox's line-type lookup calls landlines and VoIP.
 */

export type CarrierStep =
  | { kind: 'status'; type: 'message.sent' | 'message.delivered' | 'message.failed'; errorCode?: string }
  | { kind: 'opt_out' }
  | { kind: 'reply'; body: string }
  /** A reply of a one-time code: six digits of the message's provider id, so each send gets its own. */
  | { kind: 'code_reply' };

export type RecipientScript = {
  behaviour: string;
  /**
   * Refuse the send outright (a non-retryable carrier rejection) instead of accepting it: as an
   * invalid recipient, or as a sender the carrier will not send from (a carrier error of the sender's).
   */
  rejectAtSend?: 'invalid_recipient' | 'sender_not_ready';
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
    behaviour: 'refused by the carrier as an invalid recipient; the message fails at once and is refunded',
    rejectAtSend: 'invalid_recipient',
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
  '+15005550007': {
    behaviour: 'delivered, then the recipient replies a one-time code: six digits, different for each message',
    steps: [sent, delivered, { kind: 'code_reply' }],
  },
  '+15005550008': {
    behaviour: 'delivered, then the recipient replies HELP',
    steps: [sent, delivered, { kind: 'reply', body: 'HELP' }],
  },
  '+15005550009': {
    behaviour: 'a landline: sent, then failed with the carrier error_code 30006 (landline or unreachable carrier); refunded',
    steps: [sent, { kind: 'status', type: 'message.failed', errorCode: '30006' }],
  },
  '+15005550010': {
    behaviour: 'filtered by the carrier: sent, then failed with error_code 30007 (message filtered); refunded',
    steps: [sent, { kind: 'status', type: 'message.failed', errorCode: '30007' }],
  },
  '+15005550011': {
    behaviour: 'reports out of order: the delivered report comes before the sent report',
    steps: [delivered, sent],
  },
  '+15005550012': {
    behaviour: 'never reports: the carrier accepts the message and sends no report about it',
    steps: [],
  },
  '+15005550013': {
    behaviour:
      'refuses the sending number (as for an unregistered or suspended sender): the message fails at once with ' +
      'error_code branded_number_missing, refunded, and counts as a carrier error of that number (failover)',
    rejectAtSend: 'sender_not_ready',
    steps: [],
  },
  '+15005550014': {
    behaviour:
      "sent, then failed with error_code sender_queue_full (the sending number's queue at the carrier overflowed); " +
      'refunded, and counts as a carrier error of that number (failover)',
    steps: [sent, { kind: 'status', type: 'message.failed', errorCode: 'sender_queue_full' }],
  },
};

/** The scripted recipients as GET /api/v1/sandbox/recipients lists them, in number order. */
export function scriptedRecipients(): { phone_number: string; behaviour: string }[] {
  return Object.entries(magicRecipients).map(([number, script]) => ({ phone_number: number, behaviour: script.behaviour }));
}

const defaultScript: RecipientScript = { behaviour: 'sent, then delivered', steps: [sent, delivered] };

export function scriptFor(recipient: string): RecipientScript {
  return magicRecipients[recipient] ?? defaultScript;
}
