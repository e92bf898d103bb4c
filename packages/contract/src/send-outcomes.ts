import type { ErrorCode } from './errors.ts';

/**
 * What the send rules decide for a send, in the order the rules apply: the outcomes of the database
 * function accept_message_batch (packages/db/sql/accept_message_batch.sql, whose header numbers the
 * rules; docs/architecture.md lists them too, and a test holds the three to this order). A refused
 * send answers `refusal`, the catalogue error, with `message` in place of the catalogue's where one
 * code stands for several outcomes; `replay` and `accept` answer a message.
 */
export const sendOutcomes = [
  { outcome: 'replay', rule: 'idempotency' },
  { outcome: 'idempotency_conflict', rule: 'idempotency', refusal: 'idempotency_conflict' },
  { outcome: 'workspace_suppressed', rule: 'suppression', refusal: 'workspace_suppressed' },
  { outcome: 'branded_number_missing', rule: 'sender', refusal: 'branded_number_missing' },
  { outcome: 'sender_number_not_found', rule: 'sender', refusal: 'sender_number_not_found' },
  { outcome: 'sender_pool_not_found', rule: 'sender', refusal: 'sender_pool_not_found' },
  { outcome: 'sender_pool_empty', rule: 'sender', refusal: 'sender_pool_empty' },
  { outcome: 'sender_not_registered', rule: 'registration', refusal: 'sender_not_registered' },
  { outcome: 'suspected_sms_pumping', rule: 'pumping_guard', refusal: 'suspected_sms_pumping' },
  { outcome: 'outside_allowed_hours', rule: 'allowed_hours', refusal: 'outside_allowed_hours' },
  { outcome: 'insufficient_balance', rule: 'balance', refusal: 'insufficient_balance' },
  { outcome: 'spend_limit_exceeded', rule: 'workspace_spend_cap', refusal: 'spend_limit_exceeded' },
  {
    outcome: 'token_spend_limit_exceeded',
    rule: 'token_spend_caps',
    refusal: 'spend_limit_exceeded',
    message: "This send would exceed this token's own daily spend cap (its spend_cap_cents_daily; list_tokens shows it).",
  },
  {
    outcome: 'parent_token_spend_limit_exceeded',
    rule: 'token_spend_caps',
    refusal: 'spend_limit_exceeded',
    message:
      'This send would exceed the daily spend cap of a token this token was created from (its parent_token_id chain; ' +
      'list_tokens shows each cap and what was spent against it today).',
  },
  { outcome: 'pending_approval', rule: 'approval' },
  { outcome: 'accept', rule: null },
] as const satisfies readonly { outcome: string; rule: string | null; refusal?: ErrorCode; message?: string }[];

type SendOutcomeEntry = (typeof sendOutcomes)[number];
export type TSendOutcome = SendOutcomeEntry['outcome'];
/** An outcome that refuses the send. */
export type TSendRefusalOutcome = Extract<SendOutcomeEntry, { refusal: ErrorCode }>['outcome'];
export type TSendRefusalCode = Extract<SendOutcomeEntry, { refusal: ErrorCode }>['refusal'];

/** The catalogue errors a send may be refused with, each once, in the order of the rules. */
export const sendRefusalCodes: readonly TSendRefusalCode[] = [
  ...new Set(sendOutcomes.flatMap((entry) => ('refusal' in entry ? [entry.refusal] : []))),
];

/** Whether a send with this outcome is refused (its catalogue error: sendRefusalOf). */
export function isSendRefusal(outcome: TSendOutcome): outcome is TSendRefusalOutcome {
  return sendOutcomes.some((entry) => entry.outcome === outcome && 'refusal' in entry);
}

/** Whether the outcome is the refusal of a token's own daily spend cap or an ancestor's (the rule names whose). */
export function isTokenSpendCapRefusal(
  outcome: TSendOutcome,
): outcome is Extract<SendOutcomeEntry, { rule: 'token_spend_caps' }>['outcome'] {
  return sendOutcomes.some((entry) => entry.outcome === outcome && entry.rule === 'token_spend_caps');
}

/** The catalogue error of a refused send, and the message that replaces the catalogue's, if any. */
export function sendRefusalOf(outcome: TSendRefusalOutcome): { code: TSendRefusalCode; message: string | undefined } {
  for (const entry of sendOutcomes) {
    if (entry.outcome === outcome && 'refusal' in entry) {
      return { code: entry.refusal, message: 'message' in entry ? entry.message : undefined };
    }
  }
  throw new Error(`${outcome} is not a refusal`);
}
