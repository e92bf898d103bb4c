import { z } from 'zod';
import { queryRows, type Message, type RowOf } from '@textline/db';
import type { TSenderSkipReason } from '@textline/contract';
import { defineJob, type JobContext, JobDeferred } from '../../jobs/define.ts';
import { inJobTransaction } from '../../jobs/enqueue.ts';
import { maskPhoneNumber } from '../../lib/logger.ts';
import { messageErrorCodeOf, ProviderRejection } from '../../ports.ts';
import type { Services } from '../../ports.ts';
import { applyMessageOutcome } from './outcomes.ts';
import { claimForDispatch, paceOf, postponeEstimate, storeProviderMessageId } from './dispatch.sql.ts';
import { failOverInPool, type Reselected, reselectSender } from './reselect-sender.ts';
import { registrationRequired } from '../registration/registration-required.ts';
import { suppressRecipient } from '../reconciliation/suppressions.ts';
import { noteCarrierError } from '../sender-health.ts';

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

/**
 * Whether a message accepted at `acceptedAt` is due for dispatch at once, to be woken: a paced one
 * whose slot is later (or that waits for its expiry) is started once due (scaled, by a worker's
 * timer; embedded, by the poller's sweep), and a wake now would find nothing due.
 */
export function dispatchDueNow(estimatedSendAt: Date | null | undefined, acceptedAt: Date): boolean {
  return !estimatedSendAt || estimatedSendAt.getTime() <= acceptedAt.getTime();
}

const dispatchable = new Set(['scheduled', 'queued', 'sending']);

type ClaimRead = RowOf<typeof claimForDispatch>;

/**
 * A new sender for a waiting message whose sender cannot send (claimForDispatch's senderHealth), or
 * `stay` to hand it over from its own. A message of a sender pool fails over to a healthy number of
 * its pool (the skip is on its timeline); while its pool has none, it stays on a number that is still
 * connected (failing or unregistered: the carrier decides) and fails as sender_pool_empty on one that
 * is not. A message of no pool (a named `from`, or the rule without pools) moves only off a number no
 * longer connected, by the rule without pools: a failing or unregistered named number is used as named.
 */
async function moveOffSender(
  deps: DispatchDeps,
  message: ClaimRead,
): Promise<Reselected | { kind: 'stay' } | { kind: 'failed'; errorCode: string }> {
  // Any value but `healthy` (the caller's check) is a skip reason (claimForDispatch).
  const reason = message.senderHealth as TSenderSkipReason;
  if (message.senderPoolId === null) {
    const reselected = await reselectSender(deps, message);
    return reselected.kind === 'no_sender' ? { kind: 'failed', errorCode: 'branded_number_missing' } : reselected;
  }
  const required = registrationRequired(deps.config, message.phoneNumber);
  // Registration binds only traffic the carrier blocks from unregistered senders.
  if (reason === 'unregistered' && !required) return { kind: 'stay' };
  const moved = await failOverInPool(deps, { ...message, senderPoolId: message.senderPoolId }, reason, required);
  if (moved.kind === 'moved') deps.metrics?.senderFailovers.inc({ reason });
  if (moved.kind !== 'no_sender') return moved;
  return reason === 'released' || reason === 'suspended' ? { kind: 'failed', errorCode: 'sender_pool_empty' } : { kind: 'stay' };
}

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
  const [message] = await queryRows(deps.sql, claimForDispatch, [
    messageId,
    at.toISOString(),
    // The carriers that block unregistered senders (registrationRequired, for a US recipient).
    deps.config.messagingProvider !== 'sandbox',
  ]);
  if (!message || !dispatchable.has(message.status)) return;

  let from = message.senderNumber;
  let senderNumberId = message.senderNumberId;
  if (message.status !== 'sending' && !message.claimed) {
    // Its validity ran out while it waited (validity_seconds): a late one-time code is worse than none.
    if (message.expired) return failBeforeCarrier(deps, messageId, 'expired');
    if (message.suppressed) return failBeforeCarrier(deps, messageId, 'workspace_suppressed');
    // Canceled, or claimed by another dispatch, between the read and the claim.
    if (message.senderHealth === 'healthy') return;
    const moved = await moveOffSender(deps, message);
    if (moved.kind === 'changed') return;
    if (moved.kind === 'failed') return failBeforeCarrier(deps, messageId, moved.errorCode);
    if (moved.kind === 'moved') {
      // Paced, it took the next free slot of its new sender (its new estimate): this job runs again then.
      if (moved.estimatedSendAt !== null) throw new JobDeferred(Math.max(0, moved.estimatedSendAt - deps.clock.now()));
      ({ from, id: senderNumberId } = moved);
    }
    const claimed = await deps.prisma.message.updateMany({
      where: { id: messageId, status: message.status },
      data: { status: 'sending', dispatchedAt: at, updatedAt: at, estimatedSendAt: null },
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
    if (rejection) {
      const errorCode = messageErrorCodeOf(rejection.code);
      const refusedAt = new Date(deps.clock.now());
      await inJobTransaction(deps, (tx) =>
        noteCarrierError(deps, tx, { phoneNumberId: senderNumberId, errorCode, at: refusedAt }),
      );
    }
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
 * One accepted message to hand to the carrier. Its row is written by the database function
 * accept_message_batch (the send's own statement, packages/db/sql/accept_message_batch.sql), the
 * one writer of dispatch rows: the payload built there is this schema's.
 */
export const dispatchJob = defineJob({
  queue: 'dispatch',
  payload: z.object({ messageId: z.string().min(1) }),
  // Paced, each row is due at its sender's slot, one slot after the last.
  startWhenDue: true,
  async run(services, { messageId }, job) {
    await dispatchMessage(services, messageId, job);
  },
});
