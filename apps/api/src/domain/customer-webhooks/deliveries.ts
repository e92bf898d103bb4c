import {
  AppError,
  type CustomerEventType,
  customerEventExamples,
  type TCustomerEventData,
  type TWebhookAttempt,
  type TWebhookDelivery,
  type TWebhookDeliveryDetail,
  webhookRecoveryWindowDays,
} from '@textline/contract';
import { Prisma, type WebhookAttempt, type WebhookDelivery } from '@textline/db';
import { enqueue, inJobTransaction, insertJobs, type JobTransaction, wakeAfterCommit } from '../../jobs/enqueue.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import type { Services } from '../../services.ts';
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
    message_id: delivery.messageId,
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
    at: attempt.createdAt.toISOString(),
    trigger: attempt.trigger as DeliveryTrigger,
    response_code: attempt.responseCode,
    latency_ms: attempt.latencyMs,
    response_body: attempt.responseBody,
    request_headers: attempt.requestHeaders as Record<string, string>,
    error: attempt.error,
  };
}

/** The message an event reports (message.* events), which deliveries can be searched by. */
export function messageIdOf(data: TCustomerEventData): string | null {
  return 'message' in data ? data.message.id : null;
}

/**
 * The enabled endpoints of a workspace subscribed to an event type (an endpoint with no event types
 * takes them all): a statement to run with the event's own INSERT (recordCustomerEvent).
 */
export function subscribedEndpoints(workspaceId: string, eventType: string): Prisma.Sql {
  return Prisma.sql`SELECT id FROM webhook_endpoints
    WHERE workspace_id = ${workspaceId} AND enabled AND (cardinality(event_types) = 0 OR ${eventType} = ANY (event_types))`;
}

/**
 * Called in the transaction that records a customer event, with the endpoints subscribed to it: one
 * delivery (and one job) per endpoint. The jobs start once the transaction commits.
 */
export async function enqueueWebhookDeliveries(
  tx: JobTransaction,
  endpoints: { id: string }[],
  event: { id: string; workspaceId: string; type: string; messageId: string | null },
  now: Date,
): Promise<void> {
  if (endpoints.length === 0) return;
  const deliveries = endpoints.map((endpoint) => ({
    id: newId('whd'),
    workspaceId: event.workspaceId,
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    messageId: event.messageId,
    nextRetryAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  await tx.webhookDelivery.createMany({ data: deliveries });
  // Their jobs in one statement, however many endpoints; the payload is the first automatic attempt's.
  const jobIds = deliveries.map(() => newId('job'));
  await tx.$executeRaw(
    insertJobs(
      webhookDeliveryJob,
      Prisma.sql`SELECT job_id, jsonb_build_object('delivery_id', delivery_id, 'trigger', 'automatic', 'attempt', 1),
                        ${now}::timestamptz, ${now}::timestamptz
                 FROM unnest(${jobIds}::text[], ${deliveries.map((delivery) => delivery.id)}::text[]) AS d (job_id, delivery_id)`,
    ),
  );
  wakeAfterCommit(tx, webhookDeliveryJob, jobIds);
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
    event_id?: string | undefined;
    message_id?: string | undefined;
    created_after?: string | undefined;
    created_before?: string | undefined;
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
    ...(filter.event_id && { eventId: filter.event_id }),
    ...(filter.message_id && { messageId: filter.message_id }),
    AND: [
      {
        createdAt: {
          ...(filter.created_after && { gte: new Date(filter.created_after) }),
          ...(filter.created_before && { lt: new Date(filter.created_before) }),
        },
      },
      page.where,
    ],
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
): Promise<{ delivery: TWebhookDeliveryDetail; attempts: TWebhookAttempt[] }> {
  const delivery = await findDelivery(deps, workspaceId, id);
  const [event, attempts] = await Promise.all([
    deps.prisma.event.findUniqueOrThrow({ where: { id: delivery.eventId } }),
    deps.prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { number: 'desc' } }),
  ]);
  return { delivery: { ...deliveryView(delivery), payload: envelopeFor(event) }, attempts: attempts.map(attemptView) };
}

function endpointDisabled(): AppError {
  return new AppError('validation_failed', {
    message: 'The endpoint is disabled; enable it before sending to it.',
    extra: { issues: [{ path: 'id', message: 'endpoint is disabled' }] },
  });
}

/** Queues one more attempt with the original payload and event id; the delivery shows it when done. */
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
    const data = customerEventExamples[type];
    const event = await tx.event.create({
      data: { id: newId('evt_test'), workspaceId, type, data, createdAt: now },
    });
    const created = await tx.webhookDelivery.create({
      data: {
        id: newId('whd'),
        workspaceId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: type,
        messageId: messageIdOf(data),
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

function invalidSince(message: string): AppError {
  return new AppError('validation_failed', { message, extra: { issues: [{ path: 'since', message }] } });
}

/**
 * Svix's "recover": a replay of every failed delivery of the endpoint created since `since`, each
 * queued by one statement however many there are.
 */
export async function recoverDeliveries(
  deps: Deps,
  workspaceId: string,
  input: { id: string; since: string },
): Promise<{ queued: number }> {
  const endpoint = await findEndpoint(deps, workspaceId, input.id);
  const now = deps.clock.now();
  const since = new Date(input.since);
  if (since.getTime() > now) throw invalidSince('must not be in the future');
  if (since.getTime() < now - webhookRecoveryWindowDays * DAY_MS) {
    throw invalidSince(`must be within the last ${webhookRecoveryWindowDays} days`);
  }
  if (!endpoint.enabled) throw endpointDisabled();
  const at = new Date(now);
  return inJobTransaction(deps, async (tx) => {
    const jobs = await tx.$queryRaw<{ id: string }[]>`
      ${insertJobs(
        webhookDeliveryJob,
        Prisma.sql`SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''),
                          jsonb_build_object('delivery_id', id, 'trigger', 'replay'), ${at}::timestamptz, ${at}::timestamptz
                   FROM webhook_deliveries
                   WHERE endpoint_id = ${endpoint.id} AND status = 'failed' AND created_at >= ${since}`,
      )}
      RETURNING id`;
    wakeAfterCommit(
      tx,
      webhookDeliveryJob,
      jobs.map((job) => job.id),
    );
    return { queued: jobs.length };
  });
}
