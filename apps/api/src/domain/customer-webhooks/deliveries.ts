import {
  AppError,
  type CustomerEventType,
  type TWebhookAttempt,
  type TWebhookDelivery,
  type TWebhookDeliveryDetail,
} from '@textline/contract';
import type { Prisma, WebhookAttempt, WebhookDelivery } from '@textline/db';
import { enqueue, inJobTransaction, type JobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import type { Services } from '../../services.ts';
import { exampleEventData } from './examples.ts';
import { findEndpoint } from './endpoints.ts';
import { envelopeFor, webhookDeliveryJob } from './worker.ts';

type DeliveryTrigger = TWebhookAttempt['trigger'];

type Deps = Pick<Services, 'prisma' | 'clock' | 'jobs'>;
type DeliveryWithUrl = WebhookDelivery & { endpoint: { url: string } };

function deliveryView(delivery: DeliveryWithUrl): TWebhookDelivery {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType as CustomerEventType,
    endpoint_id: delivery.endpointId,
    endpoint_url: delivery.endpoint.url,
    status: delivery.status as TWebhookDelivery['status'],
    response_code: delivery.lastResponseCode,
    latency_ms: delivery.lastLatencyMs,
    next_retry: delivery.nextRetryAt?.toISOString() ?? null,
    attempts: delivery.attemptCount,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
  };
}

function attemptView(attempt: WebhookAttempt): TWebhookAttempt {
  return {
    id: attempt.id,
    trigger: attempt.trigger as DeliveryTrigger,
    response_code: attempt.responseCode,
    latency_ms: attempt.latencyMs,
    response_body: attempt.responseBody,
    error: attempt.error,
    created_at: attempt.createdAt.toISOString(),
  };
}

/**
 * Called in the transaction that records a customer event: one delivery (and one job) per enabled
 * endpoint subscribed to the event type. The jobs start once the transaction commits.
 */
export async function enqueueWebhookDeliveries(
  tx: JobTransaction,
  event: { id: string; workspaceId: string; type: string },
  now: Date,
): Promise<void> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: {
      workspaceId: event.workspaceId,
      enabled: true,
      OR: [{ eventTypes: { isEmpty: true } }, { eventTypes: { has: event.type } }],
    },
    select: { id: true },
  });
  if (endpoints.length === 0) return;
  const deliveries = endpoints.map((endpoint) => ({
    id: newId('whd'),
    workspaceId: event.workspaceId,
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    nextRetryAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  await tx.webhookDelivery.createMany({ data: deliveries });
  for (const delivery of deliveries) {
    await enqueue(tx, webhookDeliveryJob, { delivery_id: delivery.id, trigger: 'automatic', attempt: 1 }, { runAt: now });
  }
}

async function findDelivery(deps: Pick<Services, 'prisma'>, workspaceId: string, id: string) {
  const delivery = await deps.prisma.webhookDelivery.findFirst({
    where: { id, workspaceId },
    include: { endpoint: { select: { url: true, enabled: true } } },
  });
  if (!delivery) throw new AppError('not_found', { message: 'No webhook delivery with this id exists in your workspace.' });
  return delivery;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listDeliveries(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
  filter: {
    status?: string | undefined;
    event_type?: string | undefined;
    endpoint_id?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ deliveries: TWebhookDelivery[]; next_cursor: string | null }> {
  const page = newestFirst('webhook_deliveries', workspaceId, filter);
  const where: Prisma.WebhookDeliveryWhereInput = {
    workspaceId,
    ...(filter.status && { status: filter.status }),
    ...(filter.event_type && { eventType: filter.event_type }),
    ...(filter.endpoint_id && { endpointId: filter.endpoint_id }),
    ...page.where,
  };
  const rows = await deps.prisma.webhookDelivery.findMany({
    where,
    orderBy: page.orderBy,
    take: page.take,
    include: { endpoint: { select: { url: true } } },
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { deliveries: pageRows.map(deliveryView), next_cursor: nextCursor };
}

export async function getDelivery(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
  id: string,
): Promise<TWebhookDeliveryDetail> {
  const delivery = await findDelivery(deps, workspaceId, id);
  const [event, attempts] = await Promise.all([
    deps.prisma.event.findUniqueOrThrow({ where: { id: delivery.eventId } }),
    deps.prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { number: 'desc' } }),
  ]);
  return { ...deliveryView(delivery), payload: envelopeFor(event), attempt_log: attempts.map(attemptView) };
}

function endpointDisabled(): AppError {
  return new AppError('validation_failed', {
    message: 'The endpoint is disabled; enable it before sending to it.',
    extra: { issues: [{ path: 'id', message: 'endpoint is disabled' }] },
  });
}

/** Queues one more attempt with the original payload and event id; the console shows it when done. */
export async function replayDelivery(deps: Deps, workspaceId: string, id: string): Promise<TWebhookDelivery> {
  const delivery = await findDelivery(deps, workspaceId, id);
  if (!delivery.endpoint.enabled) throw endpointDisabled();
  await inJobTransaction(deps, (tx) => enqueue(tx, webhookDeliveryJob, { delivery_id: delivery.id, trigger: 'replay' }));
  return deliveryView(delivery);
}

/** An example event of the chosen type, stored like any event, delivered to this endpoint only. */
export async function sendTestEvent(
  deps: Deps,
  workspaceId: string,
  input: { id: string; event_type?: CustomerEventType | undefined },
): Promise<TWebhookDelivery> {
  const endpoint = await findEndpoint(deps, workspaceId, input.id);
  if (!endpoint.enabled) throw endpointDisabled();
  const type = input.event_type ?? (endpoint.eventTypes[0] as CustomerEventType | undefined) ?? 'message.sent';
  const now = new Date(deps.clock.now());
  const delivery = await inJobTransaction(deps, async (tx) => {
    const event = await tx.event.create({
      data: { id: newId('evt_test'), workspaceId, type, data: exampleEventData(type) as Prisma.InputJsonValue, createdAt: now },
    });
    const created = await tx.webhookDelivery.create({
      data: {
        id: newId('whd'),
        workspaceId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: type,
        createdAt: now,
        updatedAt: now,
      },
      include: { endpoint: { select: { url: true } } },
    });
    await enqueue(tx, webhookDeliveryJob, { delivery_id: created.id, trigger: 'test' }, { runAt: now });
    return created;
  });
  return deliveryView(delivery);
}
