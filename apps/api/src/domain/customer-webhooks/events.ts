import { type CustomerEventType, errorCatalogue, type TCustomerEventData } from '@textline/contract';
import { type Message, queryRowsIn } from '@textline/db';
import { publishAfterCommit, type JobTransaction } from '../../jobs/enqueue.ts';
import type { LiveChange } from '../../live/changes.ts';
import { newId } from '../../lib/crypto.ts';
import { enqueueWebhookDeliveries, messageIdOf, sequenceOf } from './deliveries.ts';
import * as sql from './events.sql.ts';

/**
 * Writes a customer event to the `events` outbox. Call it in the transaction of the
 * state change it reports, so an event exists exactly when its change committed. The same
 * transaction queues one delivery per matching enabled webhook endpoint, which start after the commit
 * (a JobTransaction wakes them). The event's INSERT finds those endpoints too: every event costs one
 * round trip when no endpoint takes it.
 */
export async function recordCustomerEvent<TType extends CustomerEventType>(
  tx: JobTransaction,
  event: { workspaceId: string; type: TType; data: TCustomerEventData<TType>; at: Date },
): Promise<string> {
  const id = newId('evt');
  const endpoints = await queryRowsIn(tx, sql.recordEventForSubscribers, [
    id,
    event.workspaceId,
    event.type,
    JSON.stringify(event.data),
    event.at,
  ]);
  await enqueueWebhookDeliveries(
    tx,
    endpoints,
    {
      id,
      workspaceId: event.workspaceId,
      type: event.type,
      messageId: messageIdOf(event.data),
      sequence: sequenceOf(event.data),
    },
    event.at,
  );
  const change = liveChangeOf(event.data);
  if (change) publishAfterCommit(tx, event.workspaceId, change);
  return id;
}

/** What an event tells the console's live pages: the message or conversation it is about, with a message's status. */
function liveChangeOf(data: TCustomerEventData): LiveChange | undefined {
  if ('message' in data) {
    return 'conversation_id' in data.message
      ? { resource: 'message', id: data.message.id, status: 'received', conversation_id: data.message.conversation_id }
      : { resource: 'message', id: data.message.id, status: data.message.status };
  }
  if ('conversation' in data) return { resource: 'conversation', id: data.conversation.id };
  return undefined;
}

/** A failure named by a catalogue code (e.g. branded_number_missing) carries its retry hint too. */
export function retryHintOf(errorCode: string): { retry?: string } {
  return Object.hasOwn(errorCatalogue, errorCode)
    ? { retry: errorCatalogue[errorCode as keyof typeof errorCatalogue].retry }
    : {};
}

/** The `message` object in the envelope's data of message.sent / delivered / failed. */
export function messageEventData(
  message: Pick<Message, 'id' | 'status' | 'phoneNumber' | 'segments' | 'costCents' | 'errorCode' | 'eventSequence'>,
  occurredAt: Date,
): TCustomerEventData<'message.sent'> {
  return {
    sequence: message.eventSequence,
    occurred_at: occurredAt.toISOString(),
    message: {
      id: message.id,
      // These events are emitted on exactly these transitions, so the stored status is one of the three.
      status: message.status as TCustomerEventData<'message.sent'>['message']['status'],
      phone_number: message.phoneNumber,
      segments: message.segments,
      cost_cents: message.costCents,
      ...(message.errorCode ? { error_code: message.errorCode, ...retryHintOf(message.errorCode) } : {}),
    },
  };
}
