import { type CustomerEventType, errorCatalogue } from '@textline/contract';
import type { Message, Prisma } from '@textline/db';
import { newId } from '../../lib/crypto.ts';
import type { Services } from '../../services.ts';
import { enqueueWebhookDeliveries, WEBHOOK_QUEUE } from './deliveries.ts';

declare const recordsCustomerEvents: unique symbol;

/**
 * A transaction opened by `inEventTransaction`, the only kind `recordCustomerEvent` accepts: so no
 * path can record an event whose webhook deliveries nobody wakes after the commit.
 */
export type EventTransaction = Prisma.TransactionClient & { readonly [recordsCustomerEvents]: true };

/** The webhook delivery jobs each open event transaction has queued so far. */
const queuedDeliveryJobs = new WeakMap<EventTransaction, string[]>();

/**
 * Runs `work` in one transaction and, once it commits, wakes the webhook deliveries of the customer
 * events it recorded: they start at once instead of at the job runner's next sweep.
 */
export async function inEventTransaction<T>(deps: Pick<Services, 'prisma' | 'jobs'>, work: (tx: EventTransaction) => Promise<T>): Promise<T> {
  const deliveryJobIds: string[] = [];
  const result = await deps.prisma.$transaction((tx) => {
    const eventTx = tx as EventTransaction;
    queuedDeliveryJobs.set(eventTx, deliveryJobIds);
    return work(eventTx);
  });
  if (deliveryJobIds.length > 0) deps.jobs.wake(WEBHOOK_QUEUE, ...deliveryJobIds);
  return result;
}

/**
 * Writes a customer event (SPEC section 6) to the `events` outbox. Call it in the transaction of the
 * state change it reports, so an event exists exactly when its change committed. The same
 * transaction queues one delivery per matching enabled webhook endpoint, which start after the commit.
 */
export async function recordCustomerEvent(
  tx: EventTransaction,
  event: { workspaceId: string; type: CustomerEventType; data: Prisma.InputJsonObject; at: Date },
): Promise<string> {
  const id = newId('evt');
  await tx.event.create({ data: { id, workspaceId: event.workspaceId, type: event.type, data: event.data, createdAt: event.at } });
  const deliveryJobIds = await enqueueWebhookDeliveries(tx, { id, workspaceId: event.workspaceId, type: event.type }, event.at);
  queuedDeliveryJobs.get(tx)!.push(...deliveryJobIds);
  return id;
}

/** A failure named by a catalogue code (e.g. branded_number_missing) carries its retry hint too. */
export function retryHintOf(errorCode: string): { retry?: string } {
  return Object.hasOwn(errorCatalogue, errorCode) ? { retry: errorCatalogue[errorCode as keyof typeof errorCatalogue].retry } : {};
}

/** The `message` object of message.sent / delivered / failed (SPEC section 2 envelope). */
export function messageEventData(
  message: Pick<Message, 'id' | 'status' | 'phoneNumber' | 'segments' | 'costCents' | 'errorCode'>,
): Prisma.InputJsonObject {
  return {
    message: {
      id: message.id,
      status: message.status,
      phone_number: message.phoneNumber,
      segments: message.segments,
      cost_cents: message.costCents,
      ...(message.errorCode ? { error_code: message.errorCode, ...retryHintOf(message.errorCode) } : {}),
    },
  };
}
