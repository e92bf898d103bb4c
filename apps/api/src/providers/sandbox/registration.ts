import { randomBase62 } from '../../lib/crypto.ts';
import type { CarrierRegistration, CarrierRejectionReason, RegistrationSubmission } from '../../ports.ts';

/** The word that makes the sandbox reject a submission whose name, description or sample messages contain it. */
const REJECT_MARKER = 'REJECT';

/** Checks of the sandbox's decision, after SANDBOX_DELAY_MS times this: within the promised ten times. */
const DECISION_DELAYS = 5;

/**
 * The throughput the sandbox grants an approved use case, as the US carriers do for a standard
 * brand (75 messages a second, no daily cap) and a sole proprietor (1 a second, 1,000 a day).
 */
function throughputFor(entityType: string) {
  return entityType === 'sole_proprietor'
    ? { messagesPerMinute: 60, dailyCap: 1_000 }
    : { messagesPerMinute: 4_500, dailyCap: null };
}

function marked(text: string): boolean {
  return text.includes(REJECT_MARKER);
}

/** What the sandbox objects to in a submission: one reason per field that contains the marker. */
function rejectionReasons(submission: RegistrationSubmission): CarrierRejectionReason[] {
  const reasons: CarrierRejectionReason[] = [];
  const object = (field: string, code: string, message: string) => reasons.push({ code, field, message });
  switch (submission.kind) {
    case 'brand':
      if (marked(submission.brand.legalName))
        object('legal_name', 'brand_identity_mismatch', 'The legal name does not match the tax records of tax_id.');
      break;
    case 'use_case':
      if (marked(submission.useCase.description))
        object('description', 'use_case_description_unclear', 'The description does not say what is sent, to whom and why.');
      if (submission.useCase.sampleMessages.some(marked))
        object('sample_messages', 'sample_messages_mismatch', 'The sample messages do not match the use case and description.');
      break;
    case 'toll_free':
      if (marked(submission.verification.description))
        object('description', 'toll_free_description_unclear', 'The description does not say what is sent, to whom and why.');
      if (submission.verification.sampleMessages.some(marked))
        object('sample_messages', 'sample_messages_mismatch', 'The sample messages do not match the use case and description.');
      break;
  }
  return reasons;
}

/**
 * The sandbox carrier's registrations: it keeps no state, and decides every submission (a corrected
 * one too) from its content once SANDBOX_DELAY_MS x 5 have passed: rejected with a reason per field containing REJECT,
 * else approved (a use case with the throughput of its brand's kind).
 */
export function sandboxRegistration(delayMs: number): CarrierRegistration {
  const prefixes = { brand: 'SBXBN', use_case: 'SBXCP', toll_free: 'SBXTF' } as const;
  async function submit(submission: RegistrationSubmission) {
    return { providerId: `${prefixes[submission.kind]}${randomBase62(24)}`, checkAfterMs: delayMs * DECISION_DELAYS };
  }
  return {
    pollIntervalMs: delayMs,
    submit,
    // Decisions come from the content alone: a corrected submission is a new one.
    resubmit: submit,
    async decision(submission) {
      const reasons = rejectionReasons(submission);
      if (reasons.length > 0) return { status: 'rejected', reasons };
      return submission.kind === 'use_case'
        ? { status: 'approved', throughput: throughputFor(submission.brandEntityType) }
        : { status: 'approved' };
    },
    async assignNumber() {},
    async unassignNumber() {},
  };
}
