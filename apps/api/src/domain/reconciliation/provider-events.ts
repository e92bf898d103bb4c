import { queryRows } from '@textline/db';
import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import { inJobTransaction, type JobTransaction } from '../../jobs/enqueue.ts';
import type { Services } from '../../ports.ts';
import { INBOUND_MESSAGE_EVENT_TYPE } from './payloads.ts';
import { reconcileFundingEvent } from './funding-events.ts';
import { reconcileInboundMessage } from './inbound-messages.ts';
import { applyReportedStatus, reconcileMessagingEvent } from './messaging-events.ts';
import { receivedEvent } from './messaging-events.sql.ts';
import type { ReconcileResult, StoredProviderEvent } from './types.ts';

// Without `live` (the sandbox's own tools), no console hears of the changes.
type ReconcileDeps = Pick<Services, 'prisma' | 'sql' | 'clock' | 'jobs' | 'inboundWebhooks' | 'log' | 'config'> &
  Partial<Pick<Services, 'live'>>;
type Reconciler = (tx: JobTransaction, stored: StoredProviderEvent, at: Date, deps: ReconcileDeps) => Promise<ReconcileResult>;

const ignore: Reconciler = async () => 'ignored';

function reconcilerFor(deps: Pick<Services, 'inboundWebhooks'>, stored: StoredProviderEvent): Reconciler {
  const { messaging, funding } = deps.inboundWebhooks;
  if (stored.provider === messaging.provider) {
    return stored.eventType === INBOUND_MESSAGE_EVENT_TYPE ? reconcileInboundMessage : reconcileMessagingEvent;
  }
  return stored.provider === funding.provider ? reconcileFundingEvent : ignore;
}

/**
 * Applies one stored provider event in a single transaction with its own status change
 * (received -> processed | ignored | unreconciled). The conditional claim locks the row, so a
 * repeated job or a second worker finds it settled and does nothing: every effect happens once.
 * The sandbox tools call it right after ingestion too, to answer with the effect; the job then
 * finds the event settled.
 */
export async function reconcileProviderEvent(deps: ReconcileDeps, providerEventId: string): Promise<void> {
  const [received] = await queryRows(deps.sql, receivedEvent, [providerEventId]);
  if (!received) return;
  const at = new Date(deps.clock.now());
  // The carrier's status reports, nearly every event, take one statement instead of the transaction below.
  const { messaging } = deps.inboundWebhooks;
  if (
    received.provider === messaging.provider &&
    received.eventType !== INBOUND_MESSAGE_EVENT_TYPE &&
    (await applyReportedStatus(deps, providerEventId, received.payload, at))
  ) {
    return;
  }
  const settled = await inJobTransaction(deps, async (tx) => {
    const [stored] = await tx.providerEvent.updateManyAndReturn({
      where: { id: providerEventId, status: 'received' },
      data: { status: 'processed', processedAt: at },
    });
    if (!stored) return undefined;
    const result = await reconcilerFor(deps, stored)(tx, stored, at, deps);
    if (result === 'ignored') await tx.providerEvent.update({ where: { id: stored.id }, data: { status: 'ignored' } });
    if (typeof result === 'object') {
      await tx.providerEvent.update({
        where: { id: stored.id },
        data: { status: 'unreconciled', statusReason: result.unreconciled },
      });
    }
    return { stored, result };
  });
  if (typeof settled?.result === 'object') {
    const { stored, result } = settled;
    deps.log.warn(
      { providerEventId, provider: stored.provider, eventType: stored.eventType, reason: result.unreconciled },
      'provider event unreconciled',
    );
  }
}

/**
 * Reconciles one stored provider event. Its row is written with the event, in the event store's
 * statement (provider-callbacks/event-store.ts).
 */
export const providerEventJob = defineJob({
  queue: 'provider_event',
  payload: z.object({ providerEventId: z.uuid() }),
  async run(services, { providerEventId }) {
    await reconcileProviderEvent(services, providerEventId);
  },
});
