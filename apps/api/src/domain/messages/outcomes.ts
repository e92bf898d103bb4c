import type { Message, Prisma } from '@textline/db';
import type { JobTransaction } from '../../jobs/enqueue.ts';
import { utcDay } from '../../lib/clock.ts';
import { messageEventData, recordCustomerEvent } from '../customer-webhooks/events.ts';
import { postLedgerEntry } from '../ledger.ts';

/** What the carrier reports about a message: message.sent, message.delivered or message.failed. */
export type MessageOutcome = 'sent' | 'delivered' | 'failed';

/**
 * The statuses each outcome may move a message from. Status only moves forward (queued, sending,
 * sent, then delivered or failed, both final), so a late or repeated event changes nothing: a
 * `sent` arriving after `delivered` is ignored, and so is anything after a final status.
 */
const advancesFrom: Record<MessageOutcome, string[]> = {
  sent: ['queued', 'sending'],
  delivered: ['queued', 'sending', 'sent'],
  failed: ['queued', 'sending', 'sent'],
};

const timestampField = { sent: 'sentAt', delivered: 'deliveredAt', failed: 'failedAt' } as const;

/**
 * A failed message gets back exactly what its send debited (found by message id, so the debit's
 * reference format stays the send pipeline's business); the refund reference makes it idempotent.
 *
 * The daily spend cap counts what the day's sends finally cost: a refund on the UTC day of its debit
 * takes the amount off that day's spend again, so the workspace can send it anew. A refund of an
 * earlier day's send leaves today's spend alone.
 */
async function refundSend(tx: Prisma.TransactionClient, message: Message, at: Date): Promise<void> {
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
    reason: `message failed: ${message.errorCode ?? 'unknown'}`,
    messageId: message.id,
  });
  const debitDay = utcDay(debit.createdAt.getTime());
  if (!refund.posted || debitDay !== utcDay(at.getTime())) return;
  await tx.$executeRaw`
    UPDATE workspaces SET spend_today_cents = GREATEST(spend_today_cents + ${debit.amountCents}, 0)
    WHERE id = ${message.workspaceId} AND spend_day = ${debitDay}`;
}

/**
 * Applies a carrier outcome inside the caller's transaction: moves the status forward when the
 * outcome is news, refunds a failure, and records the customer event. Returns whether anything
 * changed. A provider message id is stored whenever the message has none yet, even for a stale event.
 *
 * Delivered implies sent: a delivery report that overtakes the sent report records message.sent
 * first, so customers see the same event sequence whatever order the carrier's reports arrive in.
 */
export async function applyMessageOutcome(
  tx: JobTransaction,
  messageId: string,
  outcome: MessageOutcome,
  details: { at: Date; providerMessageId?: string | undefined; errorCode?: string | undefined },
): Promise<boolean> {
  if (outcome === 'delivered') await applyMessageOutcome(tx, messageId, 'sent', details);
  if (details.providerMessageId) {
    await tx.message.updateMany({
      where: { id: messageId, providerMessageId: null },
      data: { providerMessageId: details.providerMessageId },
    });
  }
  const changed = await tx.message.updateMany({
    where: { id: messageId, status: { in: advancesFrom[outcome] } },
    data: {
      status: outcome,
      [timestampField[outcome]]: details.at,
      updatedAt: details.at,
      ...(outcome === 'failed' ? { errorCode: details.errorCode ?? 'provider_failed' } : {}),
    },
  });
  if (changed.count === 0) return false;
  const message = await tx.message.findUniqueOrThrow({ where: { id: messageId } });
  if (outcome === 'failed') await refundSend(tx, message, details.at);
  await recordCustomerEvent(tx, {
    workspaceId: message.workspaceId,
    type: `message.${outcome}`,
    data: messageEventData(message),
    at: details.at,
  });
  return true;
}
