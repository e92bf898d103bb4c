import { z } from 'zod';
import { queryRows, type Message } from '@textline/db';
import { defineJob, type JobContext, JobDeferred } from '../../jobs/define.ts';
import { inJobTransaction } from '../../jobs/enqueue.ts';
import { maskPhoneNumber } from '../../lib/logger.ts';
import { messageErrorCodeOf, ProviderRejection } from '../../ports.ts';
import type { Services } from '../../ports.ts';
import { applyMessageOutcome } from './outcomes.ts';
import { claimForDispatch, paceOf, postponeEstimate, storeProviderMessageId } from './dispatch.sql.ts';
import { reselectSender } from './reselect-sender.ts';
import { suppressRecipient } from '../reconciliation/suppressions.ts';

type DispatchDeps = Pick<
  Services,
  'prisma' | 'sql' | 'clock' | 'config' | 'jobs' | 'log' | 'messagingProvider' | 'senderPace' | 'metrics'
>;

/**
 * The longest a dispatch waits in the worker for its sender's slot. A message due at its slot (as
 * accept_message_batch reserved it) waits at most the sweep's granularity; one that would wait
 * longer (its sender taken by scheduled sends that came due together) is put back until then.
 */
const maxPaceWaitMs = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the message's slot at its sender (SenderPace: shared by every worker process) and answers
 * when it is, or puts the job back until the sender is free (JobDeferred). A message no longer
 * waiting (settled, canceled, expired) takes no slot: the claim decides what becomes of it.
 */
async function takeSenderSlot(deps: DispatchDeps, messageId: string): Promise<number | undefined> {
  const now = deps.clock.now();
  const [message] = await queryRows(deps.sql, paceOf, [messageId, new Date(now).toISOString()]);
  if (!message?.waiting || message.senderNumberId === null || message.throughputPerSecond === null) return undefined;
  const costMs = (message.segments * 1000) / message.throughputPerSecond;
  const { taken, waitMs } = await deps.senderPace.take(message.senderNumberId, costMs, maxPaceWaitMs);
  deps.metrics?.senderPacingDelay.observe(waitMs / 1000);
  if (taken) return now + waitMs;
  deps.metrics?.senderPacingDeferrals.inc();
  await queryRows(deps.sql, postponeEstimate, [messageId, new Date(now + waitMs).toISOString()]);
  throw new JobDeferred(waitMs);
}

const dispatchable = new Set(['scheduled', 'queued', 'sending']);

async function failBeforeCarrier(deps: DispatchDeps, messageId: string, errorCode: string): Promise<void> {
  await inJobTransaction(deps, (tx) =>
    applyMessageOutcome(tx, messageId, 'failed', { at: new Date(deps.clock.now()), errorCode }),
  );
}

/**
 * Fails (and refunds) a message the carrier refused. A recipient the carrier reports as unsubscribed
 * is suppressed workspace-wide as well, so the next send is refused up front with workspace_suppressed.
 */
async function failRefused(
  deps: DispatchDeps,
  message: Pick<Message, 'id' | 'workspaceId' | 'phoneNumber'>,
  rejection: ProviderRejection | undefined,
): Promise<void> {
  const at = new Date(deps.clock.now());
  await inJobTransaction(deps, async (tx) => {
    await applyMessageOutcome(tx, message.id, 'failed', {
      at,
      errorCode: rejection ? messageErrorCodeOf(rejection.code) : 'provider_error',
    });
    if (rejection?.code !== 'recipient_unsubscribed') return;
    await suppressRecipient(tx, {
      workspaceId: message.workspaceId,
      phoneNumber: message.phoneNumber,
      source: 'provider_event',
      provider: deps.messagingProvider.label,
      reason: 'recipient_unsubscribed',
      providerMetadata: { message_id: message.id, ...(rejection.providerCode ? { error_code: rejection.providerCode } : {}) },
      at,
    });
  });
}

/**
 * Hands one accepted message to the carrier, exactly once.
 *
 * 1. `queued` -> `sending` (dispatched_at) commits before the carrier is called. From then on a
 *    repeat of this job (a crash, an expired lease, a retry) cannot tell whether the carrier got the
 *    message, so it must not blindly send again.
 * 2. The carrier call is idempotent on our message id (the sandbox dedupes on it, as carriers with
 *    idempotency keys do; an adapter for one without must look the message up by our reference
 *    first). A repeat therefore gets the original provider message id back instead of a second SMS.
 * 3. The provider id is stored; the carrier's own message.sent / delivered / failed events move the
 *    status on from `sending`.
 *
 * A `scheduled` message is handled as a `queued` one when its job comes due at send_at: the
 * suppression re-check below is what catches a STOP that arrived since it was accepted. Its claim
 * (`scheduled` -> `sending`) and a cancel (`scheduled` -> `canceled`, cancel.ts) are both
 * conditional on the status, so when they race exactly one of them takes the message.
 *
 * A message no longer `scheduled`, `queued` or `sending` was settled (or canceled) meanwhile and is left alone.
 */
async function dispatchMessage(deps: DispatchDeps, messageId: string, job: Pick<JobContext, 'isLastAttempt'>): Promise<void> {
  const slotAt = deps.config.senderPacing ? await takeSenderSlot(deps, messageId) : undefined;
  const at = new Date(deps.clock.now());
  const [message] = await queryRows(deps.sql, claimForDispatch, [messageId, at.toISOString()]);
  if (!message || !dispatchable.has(message.status)) return;

  let from = message.senderNumber;
  if (message.status !== 'sending' && !message.claimed) {
    // Its validity ran out while it waited (validity_seconds): a late one-time code is worse than none.
    if (message.expired) return failBeforeCarrier(deps, messageId, 'expired');
    if (message.suppressed) return failBeforeCarrier(deps, messageId, 'workspace_suppressed');
    // Canceled, or claimed by another dispatch, between the read and the claim.
    if (message.senderConnected) return;
    const reselected = await reselectSender(deps, message);
    if (reselected.kind === 'changed') return;
    if (reselected.kind === 'no_sender') return failBeforeCarrier(deps, messageId, 'branded_number_missing');
    from = reselected.from;
    const claimed = await deps.prisma.message.updateMany({
      where: { id: messageId, status: message.status },
      data: { status: 'sending', dispatchedAt: at, updatedAt: at },
    });
    if (claimed.count === 0) return;
  }
  // Only a queued or scheduled message with a connected sender becomes `sending` (above), and the sender never changes after.
  if (!from) throw new Error(`message ${messageId} is sending without a sender number`);

  // The wait for the slot comes last, so the claim's round trip does not stand between it and the carrier.
  const untilSlot = slotAt === undefined ? 0 : slotAt - deps.clock.now();
  if (untilSlot > 0) await sleep(untilSlot);
  try {
    const { providerMessageId } = await deps.messagingProvider.send({
      messageId,
      from,
      to: message.phoneNumber,
      body: message.body,
      ...(message.mediaUrls !== null && { mediaUrls: message.mediaUrls as string[] }),
    });
    await queryRows(deps.sql, storeProviderMessageId, [messageId, providerMessageId]);
  } catch (error) {
    const rejection = error instanceof ProviderRejection ? error : undefined;
    if (rejection?.retryable === false || job.isLastAttempt) {
      deps.log.warn(
        { messageId, to: maskPhoneNumber(message.phoneNumber), code: rejection?.code, providerCode: rejection?.providerCode },
        'carrier refused message',
      );
      return failRefused(deps, message, rejection);
    }
    throw error;
  }
}

/**
 * The id of a message's dispatch job row: named after the message, so the message timeline finds the
 * job (its attempts and last error) by primary key rather than by searching job payloads.
 */
export function dispatchJobIdOf(messageId: string): string {
  return `job_dispatch_${messageId}`;
}

/**
 * One accepted message to hand to the carrier. Its row is written by the database function
 * accept_message_batch (the send's own statement, packages/db/sql/accept_message_batch.sql), the
 * one writer of dispatch rows: the payload built there is this schema's.
 */
export const dispatchJob = defineJob({
  queue: 'dispatch',
  payload: z.object({ messageId: z.string().min(1) }),
  async run(services, { messageId }, job) {
    await dispatchMessage(services, messageId, job);
  },
});
