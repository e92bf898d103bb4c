import { executeIn, type Message, type Prisma } from '@textline/db';
import type { JobTransaction } from '../../jobs/enqueue.ts';
import { utcDay } from '../../lib/clock.ts';
import { messageEventData, recordCustomerEvent } from '../customer-webhooks/events.ts';
import { postLedgerEntry } from '../ledger.ts';
import { returnTokenSpend, returnWorkspaceSpend } from './outcomes.sql.ts';

/** What the carrier reports about a message: message.sent, message.delivered or message.failed. */
export type MessageOutcome = 'sent' | 'delivered' | 'failed';

/**
 * The statuses each outcome may move a message from. Status only moves forward (scheduled or
 * queued, sending, sent, then delivered or failed, both final; canceled is final too), so a late or
 * repeated event changes nothing: a `sent` arriving after `delivered` is ignored, and so is anything
 * after a final status. A scheduled message can only fail before it is dispatched (dispatchJob),
 * since no carrier has seen it.
 */
export const advancesFrom: Record<MessageOutcome, string[]> = {
  sent: ['queued', 'sending'],
  delivered: ['queued', 'sending', 'sent'],
  failed: ['scheduled', 'queued', 'sending', 'sent'],
};

const timestampField = { sent: 'sentAt', delivered: 'deliveredAt', failed: 'failedAt' } as const;

/**
 * A failed or canceled message gets back exactly what its send debited (found by message id, so the
 * debit's reference format stays the send pipeline's business); the refund reference makes it
 * idempotent, so a message is refunded at most once whatever settles it.
 *
 * The daily spend cap counts what the day's sends finally cost: a refund on the UTC day of its debit
 * takes the amount off that day's spend again, so the workspace can send it anew. A refund of an
 * earlier day's send leaves today's spend alone.
 */
export async function refundMessage(tx: Prisma.TransactionClient, message: Message, at: Date, reason: string): Promise<void> {
  const debit = await tx.ledgerEntry.findFirst({
    where: { messageId: message.id, kind: 'send_debit' },
    select: { amountCents: true, createdAt: true },
  });
  if (!debit || debit.amountCents >= 0) return;
  const refund = await postLedgerEntry(tx, {
    workspaceId: message.workspaceId,
    amountCents: -debit.amountCents,
    kind: 'send_refund',
    reference: `refund:${message.id}`,
    reason,
    messageId: message.id,
  });
  const debitDay = utcDay(debit.createdAt.getTime());
  if (!refund.posted || debitDay !== utcDay(at.getTime())) return;
  await executeIn(tx, returnWorkspaceSpend, [debit.amountCents, message.workspaceId, debitDay]);
  // The capped tokens the send counted against (accept_message_batch) get it back alike.
  if (message.tokenId !== null) {
    await executeIn(tx, returnTokenSpend, [debit.amountCents, message.tokenId, debitDay]);
  }
}

/**
 * Applies a carrier outcome inside the caller's transaction: moves the status forward when the
 * outcome is news, refunds a failure, and records the customer event, with the message's next
 * event sequence and when the outcome occurred (`occurredAt`: the carrier's own time of the report,
 * else `at`). Returns the sequence of the event it recorded, or null when nothing changed: a late,
 * repeated or out-of-order report changes nothing (the caller marks it superseded). A provider message id is stored whenever the message has none yet, even for a stale event.
 *
 * Delivered implies sent: a delivery report that overtakes the sent report records message.sent
 * first, so customers see the same event sequence whatever order the carrier's reports arrive in.
 */
export async function applyMessageOutcome(
  tx: JobTransaction,
  messageId: string,
  outcome: MessageOutcome,
  details: {
    at: Date;
    providerMessageId?: string | undefined;
    errorCode?: string | undefined;
    /** The status the caller read: a delivery report for a message already past sending skips the sent step. */
    readStatus?: string | undefined;
    /** When the carrier says the outcome happened; `at` when it does not say. */
    occurredAt?: Date | undefined;
  },
): Promise<number | null> {
  if (details.providerMessageId) {
    await tx.message.updateMany({
      where: { id: messageId, providerMessageId: null },
      data: { providerMessageId: details.providerMessageId },
    });
  }
  // Status only moves forward, so a message read past sending cannot take the sent step any more.
  if (outcome === 'delivered' && (details.readStatus === undefined || advancesFrom.sent.includes(details.readStatus))) {
    await applyMessageOutcome(tx, messageId, 'sent', { ...details, providerMessageId: undefined });
  }
  const [message] = await tx.message.updateManyAndReturn({
    where: { id: messageId, status: { in: advancesFrom[outcome] } },
    data: {
      status: outcome,
      [timestampField[outcome]]: details.at,
      updatedAt: details.at,
      eventSequence: { increment: 1 },
      ...(outcome === 'failed' ? { errorCode: details.errorCode ?? 'provider_failed' } : {}),
    },
  });
  if (!message) return null;
  if (outcome === 'failed') await refundMessage(tx, message, details.at, `message failed: ${message.errorCode ?? 'unknown'}`);
  await recordCustomerEvent(tx, {
    workspaceId: message.workspaceId,
    type: `message.${outcome}`,
    data: messageEventData(message, details.occurredAt ?? details.at),
    at: details.at,
  });
  return message.eventSequence;
}
