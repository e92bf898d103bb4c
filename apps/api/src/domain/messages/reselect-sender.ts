import { executeIn, type Message, type Prisma, queryRowsIn } from '@textline/db';
import type { TSenderSkipReason } from '@textline/contract';
import { newId } from '../../lib/crypto.ts';
import { sameStateAreaCodes } from '../../lib/nanp-states.ts';
import { dispatchJobIdOf } from './dispatch-job-id.ts';
import {
  healthySenderInPool,
  holdPendingDispatch,
  rescheduleDispatch,
  senderForRecipient,
  takeSlotOfNewSender,
} from './reselect-sender.sql.ts';
import type { Services } from '../../ports.ts';

type ReselectDeps = Pick<Services, 'prisma' | 'clock' | 'config'>;

export type Reselected =
  /**
   * The message now goes from this number; paced (SENDER_PACING), at its next free slot
   * (`estimatedSendAt`, epoch ms), else at once (null).
   */
  | { kind: 'moved'; from: string; id: string; estimatedSendAt: number | null }
  /** No number is left to move it to: none connected in the workspace, none healthy in its pool. */
  | { kind: 'no_sender' }
  /** The message changed meanwhile (canceled, claimed or moved by another dispatch): nothing was done. */
  | { kind: 'changed' };

type WaitingMessage = Pick<Message, 'id' | 'workspaceId' | 'phoneNumber' | 'status' | 'senderNumberId'>;
type NewSender = { id: string; number: string; sticky: boolean; recordsSticky: boolean };

/**
 * Moves the message to `sender` if it is still as dispatch read it (so a concurrent cancel or dispatch
 * wins), records the sender as the recipient's sticky one (when it is not already and the rule keeps
 * them) and as that number's last use. Paced, the message takes the new number's next free slot: the
 * estimate it had was its old number's. Answers the move, or undefined when the message changed.
 */
async function moveTo(
  deps: ReselectDeps,
  tx: Prisma.TransactionClient,
  message: WaitingMessage,
  sender: NewSender,
  at: Date,
): Promise<Extract<Reselected, { kind: 'moved' }> | undefined> {
  const moved = await tx.message.updateMany({
    where: { id: message.id, status: message.status, senderNumberId: message.senderNumberId },
    data: { senderNumberId: sender.id, senderNumber: sender.number, updatedAt: at },
  });
  if (moved.count === 0) return undefined;
  // The number's row before the recipient's sticky one, as a batch of sends (accept_message_batch)
  // takes its numbers' rows before its recipients': the two wait for each other instead of deadlocking.
  await tx.phoneNumber.update({ where: { id: sender.id }, data: { lastUsedAt: at } });
  if (!sender.sticky && sender.recordsSticky) {
    await tx.recipientSender.upsert({
      where: { workspaceId_phoneNumber: { workspaceId: message.workspaceId, phoneNumber: message.phoneNumber } },
      create: { workspaceId: message.workspaceId, phoneNumber: message.phoneNumber, phoneNumberId: sender.id, updatedAt: at },
      update: { phoneNumberId: sender.id, updatedAt: at },
    });
  }
  let estimatedSendAt: number | null = null;
  if (deps.config.senderPacing) {
    const [slot] = await queryRowsIn(tx, takeSlotOfNewSender, [message.id, sender.id, at.toISOString()]);
    estimatedSendAt = slot ? slot.estimatedSendAt.getTime() : at.getTime();
  }
  return { kind: 'moved', from: sender.number, id: sender.id, estimatedSendAt };
}

/**
 * A new sender for a message waiting for dispatch whose stored sender no longer sends (the number
 * was released after the message was accepted) and that names no sender pool: chosen by the rule
 * accept_message_batch applies without a pool (the connected number the recipient is sticky to, else
 * the least recently used connected one).
 */
export async function reselectSender(deps: ReselectDeps, message: WaitingMessage): Promise<Reselected> {
  const at = new Date(deps.clock.now());
  return deps.prisma.$transaction(async (tx): Promise<Reselected> => {
    const [sender] = await queryRowsIn(tx, senderForRecipient, [message.phoneNumber, message.workspaceId]);
    if (!sender) return { kind: 'no_sender' };
    return (await moveTo(deps, tx, message, { ...sender, recordsSticky: true }, at)) ?? { kind: 'changed' };
  });
}

type PoolMessage = WaitingMessage & Pick<Message, 'senderNumber'> & { senderPoolId: string };

/**
 * Moves `message` to a healthy number of its pool in `tx`, chosen as accept_message_batch's rule 3
 * chooses in a pool without the skipped number, and records the skip for the message's timeline
 * (sender_skipped).
 */
async function failOverInPoolIn(
  deps: ReselectDeps,
  tx: Prisma.TransactionClient,
  message: PoolMessage,
  reason: TSenderSkipReason,
  registrationRequired: boolean,
  at: Date,
): Promise<Reselected> {
  const [sender] = await queryRowsIn(tx, healthySenderInPool, [
    message.senderPoolId,
    message.workspaceId,
    message.phoneNumber,
    sameStateAreaCodes(message.phoneNumber),
    message.senderNumberId,
    at.toISOString(),
    registrationRequired,
  ]);
  if (!sender) return { kind: 'no_sender' };
  const moved = await moveTo(deps, tx, message, sender, at);
  if (!moved) return { kind: 'changed' };
  await tx.messageSenderSkip.create({
    data: {
      id: newId('mss'),
      messageId: message.id,
      number: message.senderNumber ?? '',
      reason,
      movedTo: sender.number,
      createdAt: at,
    },
  });
  return moved;
}

/**
 * Failover at dispatch: a message of a sender pool whose sender can no longer send (`reason`) moves
 * to a healthy number of the same pool (failOverInPoolIn). `registrationRequired`: the carrier takes
 * the recipient's traffic only from registered senders.
 */
export async function failOverInPool(
  deps: ReselectDeps,
  message: PoolMessage,
  reason: TSenderSkipReason,
  registrationRequired: boolean,
): Promise<Reselected> {
  const at = new Date(deps.clock.now());
  return deps.prisma.$transaction((tx) => failOverInPoolIn(deps, tx, message, reason, registrationRequired, at));
}

/**
 * Failover ahead of dispatch: a paced message queued for its slot on a number that just turned
 * failing moves now (failOverInPoolIn), and its dispatch job comes due at its new slot, so its
 * estimate is its new number's from the start instead of from when its old slot came. Its job is
 * held meanwhile, so no worker claims it half-moved; one a worker has already is left to dispatch.
 */
export async function failOverWaiting(
  deps: ReselectDeps,
  message: PoolMessage,
  registrationRequired: boolean,
): Promise<Reselected> {
  const at = new Date(deps.clock.now());
  const jobId = dispatchJobIdOf(message.id);
  return deps.prisma.$transaction(async (tx): Promise<Reselected> => {
    const [held] = await queryRowsIn(tx, holdPendingDispatch, [jobId]);
    if (!held) return { kind: 'changed' };
    const moved = await failOverInPoolIn(deps, tx, message, 'failing', registrationRequired, at);
    if (moved.kind === 'moved' && moved.estimatedSendAt !== null) {
      await executeIn(tx, rescheduleDispatch, [jobId, new Date(moved.estimatedSendAt).toISOString(), at.toISOString()]);
    }
    return moved;
  });
}
