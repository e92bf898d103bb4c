import {
  AppError,
  type CustomerEventType,
  customerEventExamples,
  type TCustomerEvent,
  type TCustomerEventData,
  type TWebhookAttempt,
  type TWebhookDelivery,
  type TWebhookDeliveryDetail,
  webhookRecoveryWindowDays,
} from '@textline/contract';
import { executeIn, type Prisma, queryRowsIn, type WebhookAttempt, type WebhookDelivery } from '@textline/db';
import { enqueue, inJobTransaction, insertJob, type JobTransaction, wakeAfterCommit } from '../../jobs/enqueue.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import { type LimitReport, perMinute, rateLimitedError } from '../../limits/keyed-limiter.ts';
import type { Services } from '../../ports.ts';
import * as sql from './deliveries.sql.ts';
import { findEndpoint } from './endpoints.ts';
import { envelopeFor, webhookDeliveryJob } from './worker.ts';

type DeliveryTrigger = TWebhookAttempt['trigger'];

type Deps = Pick<Services, 'prisma' | 'clock' | 'jobs'>;
type TestEventDeps = Deps & Pick<Services, 'rateLimiter' | 'config'>;
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
    replay_queued: delivery.replayJobId !== null,
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
  if ('message' in data) return data.message.id;
  if ('approval' in data) return data.approval.message.id;
  return 'message_id' in data ? data.message_id : null;
}

/** The event's place among its message's events, which per_message ordering follows; null for other events. */
export function sequenceOf(data: TCustomerEventData): number | null {
  return 'sequence' in data && typeof data.sequence === 'number' ? data.sequence : null;
}

/**
 * Called in the transaction that records a customer event, with the endpoints subscribed to it: one
 * delivery (and one job) per endpoint. The jobs start once the transaction commits.
 */
export async function enqueueWebhookDeliveries(
  tx: JobTransaction,
  endpoints: { id: string }[],
  event: { id: string; workspaceId: string; type: string; messageId: string | null; sequence: number | null },
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
    sequence: event.sequence,
    nextRetryAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  await tx.webhookDelivery.createMany({ data: deliveries });
  // Their jobs in one statement, however many endpoints; the payload is the first automatic attempt's.
  const jobIds = deliveries.map(() => newId('job'));
  await executeIn(tx, sql.insertDeliveryJobs, [webhookDeliveryJob.queue, now, jobIds, deliveries.map((delivery) => delivery.id)]);
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
  // The event's data was built from its type's schema (events.ts); the operation's output check parses it again.
  const payload = envelopeFor(event) as TCustomerEvent;
  return { delivery: { ...deliveryView(delivery), payload }, attempts: attempts.map(attemptView) };
}

function endpointDisabled(): AppError {
  return new AppError('validation_failed', {
    message: 'The endpoint is disabled; enable it before sending to it.',
    extra: { issues: [{ path: 'id', message: 'endpoint is disabled' }] },
  });
}

/**
 * Queues one more attempt with the original payload and event id; the delivery shows it when done.
 * While a replay of it waits to run, the answer is that one and nothing more is queued. The job is
 * claimed on the delivery's row by compare-and-set: of concurrent replays that all found none
 * waiting, the first to update the row queues its job and the others find it there.
 */
export async function replayDelivery(deps: Deps, workspaceId: string, id: string): Promise<TWebhookDelivery> {
  const delivery = await findDelivery(deps, workspaceId, id);
  if (!delivery.endpoint.enabled) throw endpointDisabled();
  const [seen] = await queryRowsIn(deps.prisma, sql.replayWaits, [delivery.replayJobId]);
  if (seen?.waits) return deliveryView(delivery);
  const now = new Date(deps.clock.now());
  const jobId = newId('job');
  const queued = await inJobTransaction(deps, async (tx) => {
    const claimed = await executeIn(tx, sql.claimReplay, [jobId, delivery.id, delivery.replayJobId]);
    if (claimed === 0) return false;
    const payload = { delivery_id: delivery.id, trigger: 'replay' } as const;
    await insertJob(tx, webhookDeliveryJob, { id: jobId, payload, runAt: now, enqueuedAt: now });
    wakeAfterCommit(tx, webhookDeliveryJob, [jobId]);
    return true;
  });
  return queued ? deliveryView({ ...delivery, replayJobId: jobId }) : deliveryView(await findDelivery(deps, workspaceId, id));
}

/** An example event of the chosen type, stored like any event, delivered to this endpoint only. */
export async function sendTestEvent(
  deps: TestEventDeps,
  workspaceId: string,
  input: { id: string; event_type?: CustomerEventType | undefined },
  report: LimitReport = () => {},
): Promise<TWebhookDelivery> {
  const endpoint = await findEndpoint(deps, workspaceId, input.id);
  if (!endpoint.enabled) throw endpointDisabled();
  // Test events are the one way to make the workers send what no event caused: a few per endpoint.
  const decision = await deps.rateLimiter.take({
    limit: perMinute('webhook-test', deps.config.webhookTestEventsPerMinute),
    key: endpoint.id,
  });
  if (!decision.allowed) throw rateLimitedError('webhook_test_rate_limited', decision);
  report(decision.state);
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

type Recovery = { queued: number; remaining: number; since: string; started_at: string; already_running: boolean };

/** Replays of the endpoint queued since `startedAt` whose jobs are still to run. */
async function waitingReplays(tx: JobTransaction, endpointId: string, startedAt: Date): Promise<number> {
  const [row] = await queryRowsIn(tx, sql.waitingReplays, [endpointId, startedAt]);
  return row?.waiting ?? 0;
}

/**
 * Svix's "recover": a replay of every failed delivery of the endpoint created since `since`, each
 * queued by one statement however many there are. Recoveries of one endpoint take turns on its row:
 * while one still has replays waiting, another call answers it and queues nothing. A delivery whose
 * replay already waits is left out, and each is claimed on its row by compare-and-set as
 * replayDelivery does, so a replay running at the same moment cannot queue it a second time.
 */
export async function recoverDeliveries(
  deps: Deps,
  workspaceId: string,
  input: { id: string; since: string },
): Promise<Recovery> {
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
    const [latest] = await queryRowsIn(tx, sql.lockEndpointRecovery, [endpoint.id]);
    if (latest?.started_at && latest.since) {
      const remaining = await waitingReplays(tx, endpoint.id, latest.started_at);
      if (remaining > 0) {
        return {
          queued: latest.queued ?? 0,
          remaining,
          since: latest.since.toISOString(),
          started_at: latest.started_at.toISOString(),
          already_running: true,
        };
      }
    }
    const jobs = await queryRowsIn(tx, sql.queueRecoveryReplays, [endpoint.id, since, webhookDeliveryJob.queue, at]);
    await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { recoveryStartedAt: at, recoverySince: since, recoveryQueued: jobs.length },
    });
    wakeAfterCommit(
      tx,
      webhookDeliveryJob,
      jobs.map((job) => job.id),
    );
    return {
      queued: jobs.length,
      remaining: jobs.length,
      since: since.toISOString(),
      started_at: at.toISOString(),
      already_running: false,
    };
  });
}
