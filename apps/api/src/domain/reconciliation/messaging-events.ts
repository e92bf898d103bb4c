import { type Prisma, queryRows, queryRowsIn, type RowOf } from '@textline/db';
import type { JobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { toE164Near } from '../../lib/phone.ts';
import type { Services } from '../../ports.ts';
import * as sql from './messaging-events.sql.ts';
import { type TMessagingEvent, ZMessagingEvent } from './payloads.ts';
import { advancesFrom, applyMessageOutcome, type MessageOutcome } from '../messages/outcomes.ts';
import { webhookDeliveryJob } from '../customer-webhooks/worker.ts';
import type { ReconcileResult, StoredProviderEvent } from './types.ts';
import { suppressRecipient } from './suppressions.ts';
import { noteCarrierError, type SenderHealthDeps } from '../sender-health.ts';

const outcomeOf: Record<string, MessageOutcome> = {
  'message.sent': 'sent',
  'message.delivered': 'delivered',
  'message.failed': 'failed',
};

/** The messaging provider's opt-out event types (docs/api-rules.md). */
const optOutEventTypes: readonly string[] = [
  'recipient.opted_out',
  'contact.opted_out',
  'message.opted_out',
  'message.unsubscribed',
];

function metadataString(event: TMessagingEvent, key: string): string | undefined {
  const value = event.metadata?.[key];
  return typeof value === 'string' && value ? value : undefined;
}

/** What reconciling an event needs of its message. */
type EventMessage = RowOf<typeof sql.messageOfEvent>;

/**
 * The message an event is about: `message_id` is the provider's id (stored on the message after
 * dispatch) and `metadata.client_reference` echoes ours, which also covers an event that arrives
 * before dispatch stored the provider id. The same statement links the stored event to it, for the
 * message timeline (GET /api/v1/messages/{id}/events).
 */
async function messageOfEvent(
  tx: Prisma.TransactionClient,
  event: TMessagingEvent,
  providerEventId: string,
): Promise<EventMessage | null> {
  const ids = messageIdsOf(event);
  if (ids.length === 0) return null;
  const delivered = event.type === 'message.delivered';
  const [message] = await queryRowsIn(tx, sql.messageOfEvent, [ids, event.message_id ?? null, providerEventId, delivered]);
  return message ?? null;
}

/** The ids an event names its message by: ours (`metadata.client_reference`) and the carrier's (`message_id`). */
function messageIdsOf(event: TMessagingEvent): string[] {
  const ours = metadataString(event, 'client_reference');
  return [ours, event.message_id].filter((id): id is string => id !== undefined);
}

// Deliveries applyReportedStatus carries ids for: two events (a delivered report that overtook its
// sent one records both) to two endpoints. A workspace with more takes reconcileProviderEvent's transaction.
const REPORT_DELIVERY_IDS = 4;

/**
 * A carrier's `message.sent` or `message.delivered` report naming its message, which
 * applyReportedStatus may settle; undefined for every other payload.
 */
export function reportedStatusOf(payload: unknown): { event: TMessagingEvent; outcome: 'sent' | 'delivered' } | undefined {
  const parsed = ZMessagingEvent.safeParse(payload);
  if (!parsed.success) return undefined;
  const outcome = outcomeOf[parsed.data.type];
  if (outcome !== 'sent' && outcome !== 'delivered') return undefined;
  return messageIdsOf(parsed.data).length === 0 ? undefined : { event: parsed.data, outcome };
}

/**
 * Settles a stored `message.sent` or `message.delivered` report in one statement on the driver
 * (applyReportedStatus), with the effects reconcileMessagingEvent has in reconcileProviderEvent's
 * transaction: every message the carrier reports runs this twice, and Prisma's interactive
 * transaction took some ten round trips for it. Returns false, having changed nothing, for every
 * other event or case, which the transaction then takes.
 */
export async function applyReportedStatus(
  // Without `live` (the sandbox's own tools), no console hears of the change, as with inJobTransaction.
  deps: Pick<Services, 'sql' | 'jobs'> & Partial<Pick<Services, 'live'>>,
  providerEventId: string,
  payload: unknown,
  at: Date,
  // The event's reconciliation job when its ingestion settles it: deleted with it, as nothing is left to do.
  recoveryJobId: string | null = null,
): Promise<boolean> {
  const reported = reportedStatusOf(payload);
  if (!reported) return false;
  const { event, outcome } = reported;
  const ids = messageIdsOf(event);
  const occurredAt = event.occurred_at === undefined ? at : new Date(event.occurred_at);
  const [settled] = await queryRows(deps.sql, sql.applyReportedStatus, [
    providerEventId,
    ids,
    event.message_id ?? null,
    outcome,
    advancesFrom[outcome],
    at,
    occurredAt.toISOString(),
    [newId('evt'), newId('evt')],
    Array.from({ length: REPORT_DELIVERY_IDS }, () => newId('whd')),
    Array.from({ length: REPORT_DELIVERY_IDS }, () => newId('job')),
    webhookDeliveryJob.queue,
    recoveryJobId,
  ]);
  if (!settled) return false;
  if (settled.jobIds.length > 0) deps.jobs.wake(webhookDeliveryJob.queue, ...settled.jobIds);
  const { workspaceId } = settled;
  if (workspaceId !== null) {
    for (const status of settled.statuses)
      deps.live?.publish(workspaceId, { resource: 'message', id: settled.messageId, status });
  }
  return true;
}

/**
 * The number an opt-out suppresses: the one it names in `phone_number`, read in the region of the
 * message it is about when written nationally (415-555-0182), else the recipient of that message.
 * Only ever a number the event names, directly or through its message: a `phone_number` that is not
 * a valid number suppresses nothing, rather than some other number.
 */
function optedOutNumber(
  event: TMessagingEvent,
  message: EventMessage | null,
): { phoneNumber: string } | { unreconciled: string } {
  if (event.phone_number !== undefined) {
    const phoneNumber = toE164Near(event.phone_number, [message?.phoneNumber, message?.senderNumber]);
    if (phoneNumber) return { phoneNumber };
    return {
      unreconciled: message
        ? `phone_number is not a valid phone number, international or national in the region of the message's recipient or sender`
        : 'phone_number is not a valid international phone number, and the event is about no message whose region could read it',
    };
  }
  if (message) return { phoneNumber: message.phoneNumber };
  return { unreconciled: 'the opt-out names no phone_number and no message of ours' };
}

/**
 * message.sent / delivered / failed and the opt-out events of the messaging provider. A failure that
 * moved the message and is its sender's own fault counts against the sender (sender-health.ts).
 */
export async function reconcileMessagingEvent(
  tx: JobTransaction,
  stored: StoredProviderEvent,
  at: Date,
  deps: SenderHealthDeps,
): Promise<ReconcileResult> {
  const parsed = ZMessagingEvent.safeParse(stored.payload);
  if (!parsed.success) return 'ignored';
  const event = parsed.data;
  const outcome = outcomeOf[event.type];
  const isOptOut = optOutEventTypes.includes(event.type);
  if (!outcome && !isOptOut) return 'ignored';

  const message = await messageOfEvent(tx, event, stored.id);
  if (outcome) {
    if (!message) return 'ignored';
    // Dispatch has usually stored the carrier's id already; an event that overtook it stores it.
    const providerMessageId =
      message.providerMessageId === null && event.message_id && event.message_id !== message.id ? event.message_id : undefined;
    const errorCode = metadataString(event, 'error_code');
    const occurredAt = event.occurred_at === undefined ? undefined : new Date(event.occurred_at);
    const sequence = await applyMessageOutcome(tx, message.id, outcome, {
      at,
      providerMessageId,
      errorCode,
      readStatus: message.status,
      occurredAt,
    });
    // A report that moved nothing (the message had that status or a later one, final included) stays
    // on the timeline, marked superseded; the one that moved it names the event it caused.
    await tx.providerEvent.update({
      where: { id: stored.id },
      data: sequence === null ? { superseded: true } : { sequence },
    });
    if (outcome === 'failed' && sequence !== null) {
      await noteCarrierError(deps, tx, { phoneNumberId: message.senderNumberId, errorCode, at });
    }
    return 'processed';
  }

  // An opt-out belongs to the workspace of the message it answers, or the one the provider names.
  const workspaceId = message?.workspaceId ?? metadataString(event, 'workspace_id');
  if (!workspaceId || !(await tx.workspace.count({ where: { id: workspaceId } }))) return 'ignored';
  const optedOut = optedOutNumber(event, message);
  if ('unreconciled' in optedOut) return optedOut;
  await suppressRecipient(tx, {
    workspaceId,
    phoneNumber: optedOut.phoneNumber,
    source: 'provider_event',
    provider: stored.provider,
    reason: event.type,
    providerMetadata: {
      event_id: event.id,
      event_type: event.type,
      ...(event.message_id ? { message_id: event.message_id } : {}),
      ...(event.metadata ? { metadata: event.metadata as Prisma.InputJsonObject } : {}),
    },
    at,
  });
  return 'processed';
}
