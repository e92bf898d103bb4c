import type { CustomerEventType, TEventEnvelope } from '@textline/contract';
import { type Event, Prisma, type PrismaClient } from '@textline/db';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { defineJob } from '../../jobs/define.ts';
import { enqueue, inJobTransaction } from '../../jobs/enqueue.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { signingSecrets } from './endpoints.ts';
import type { SendResult } from './sender.ts';
import { signedHeaders } from './signing.ts';

/** DESIGN.md: waits before each retry after a failed automatic attempt; then the delivery is failed. */
export const retryScheduleMs = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

/** An endpoint whose every attempt failed for this long is disabled. */
const DISABLE_AFTER_FAILING_MS = 5 * DAY_MS;

type Deps = Pick<Services, 'prisma' | 'clock' | 'jobs' | 'log' | 'webhookSender'>;

/** Automatic attempts carry their number (1 = first), which the worker claims exactly once. */
const ZDeliveryJobPayload = z.discriminatedUnion('trigger', [
  z.object({ delivery_id: z.string().min(1), trigger: z.literal('automatic'), attempt: z.number().int().min(1) }),
  z.object({ delivery_id: z.string().min(1), trigger: z.enum(['replay', 'test']) }),
]);
type DeliveryJobPayload = z.infer<typeof ZDeliveryJobPayload>;

/** SPEC section 2 envelope, rebuilt from the immutable event row: every attempt sends the same bytes. */
export function envelopeFor(event: Pick<Event, 'id' | 'type' | 'createdAt' | 'data'>): TEventEnvelope {
  return {
    id: event.id,
    type: event.type as CustomerEventType,
    created_at: event.createdAt.toISOString(),
    data: event.data as Record<string, unknown>,
  };
}
/** `pending` until the first attempt; then the outcome of the latest attempt. */
type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A delivery with its endpoint and event, read in one statement (this is the hot path). */
type DeliveryRow = {
  id: string;
  status: DeliveryStatus;
  next_retry_at: Date | null;
  endpoint_id: string;
  url: string;
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  event_data: Prisma.JsonValue;
};

const deliveryColumns = Prisma.sql`
  d.id, d.status, d.next_retry_at, e.id AS endpoint_id, e.url, e.enabled, e.secret, e.previous_secret,
  e.previous_secret_expires_at, e.failing_since, ev.id AS event_id, ev.type AS event_type,
  ev.created_at AS event_created_at, ev.data AS event_data`;

/**
 * An automatic attempt first claims its number, so a repeated job or a second worker cannot send
 * the same attempt twice; replays and tests just read the delivery. Nothing comes back when the
 * delivery is gone (its endpoint was deleted), the attempt was already made, or no automatic attempt
 * is scheduled any more (next_retry_at null: it succeeded, or it gave up). A failed delivery with a
 * next_retry_at is still due its retry.
 */
async function loadDelivery(prisma: PrismaClient, payload: DeliveryJobPayload): Promise<DeliveryRow | undefined> {
  const rows =
    payload.trigger === 'automatic'
      ? await prisma.$queryRaw<DeliveryRow[]>`
          WITH d AS (
            UPDATE webhook_deliveries SET scheduled_attempts = ${payload.attempt}
            WHERE id = ${payload.delivery_id} AND next_retry_at IS NOT NULL AND scheduled_attempts = ${payload.attempt - 1}
            RETURNING id, status, next_retry_at, endpoint_id, event_id)
          SELECT ${deliveryColumns} FROM d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id`
      : await prisma.$queryRaw<DeliveryRow[]>`
          SELECT ${deliveryColumns} FROM webhook_deliveries d
          JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id
          WHERE d.id = ${payload.delivery_id}`;
  return rows[0];
}

function disabledReason(at: Date, failingSince: Date): string {
  return (
    `Disabled automatically on ${at.toISOString()}: every delivery attempt failed for 5 days ` +
    `(since ${failingSince.toISOString()}). Fix the endpoint, enable it again and replay the failed deliveries.`
  );
}

/**
 * The delivery's state after an attempt; nextRetryAt undefined means "leave as it is". A failed
 * attempt reads `failed` at once (SPEC section 6 rule 2), whether or not a retry is scheduled:
 * next_retry tells the two apart.
 */
function settle(attempt: {
  succeeded: boolean;
  disable: boolean;
  retryDelay: number | undefined;
  retryScheduled: boolean;
  finishedAt: Date;
}): { status: DeliveryStatus; nextRetryAt: Date | null | undefined } {
  if (attempt.succeeded) return { status: 'succeeded', nextRetryAt: null };
  if (attempt.disable) return { status: 'failed', nextRetryAt: null };
  if (attempt.retryDelay !== undefined)
    return { status: 'failed', nextRetryAt: new Date(attempt.finishedAt.getTime() + attempt.retryDelay) };
  if (attempt.retryScheduled) return { status: 'failed', nextRetryAt: undefined };
  return { status: 'failed', nextRetryAt: null };
}

/** Updates the delivery and records the attempt, numbered by the row update, in one statement. */
function recordAttempt(
  db: Pick<PrismaClient, '$executeRaw'>,
  delivery: DeliveryRow,
  trigger: DeliveryJobPayload['trigger'],
  result: SendResult,
  outcome: { status: DeliveryStatus; nextRetryAt: Date | null | undefined },
  finishedAt: Date,
) {
  const responseCode = result.kind === 'response' ? result.status : null;
  const keepsRetry = outcome.nextRetryAt === undefined;
  return db.$executeRaw`
    WITH updated AS (
      UPDATE webhook_deliveries SET
        status = ${outcome.status},
        next_retry_at = CASE WHEN ${keepsRetry} THEN next_retry_at ELSE ${outcome.nextRetryAt ?? null}::timestamptz END,
        attempt_count = attempt_count + 1,
        last_response_code = ${responseCode}::integer,
        last_latency_ms = ${result.latencyMs},
        last_attempt_at = ${finishedAt},
        updated_at = ${finishedAt}
      WHERE id = ${delivery.id}
      RETURNING attempt_count)
    INSERT INTO webhook_attempts (id, delivery_id, number, trigger, response_code, latency_ms, response_body, error, created_at)
    SELECT ${newId('wha')}, ${delivery.id}, attempt_count, ${trigger}, ${responseCode}::integer, ${result.latencyMs},
           ${result.kind === 'response' ? result.body : ''}, ${result.kind === 'error' ? result.error : null}::text, ${finishedAt}
    FROM updated`;
}

/** Runs one attempt of a delivery (the webhook_delivery job). */
async function runDeliveryJob(deps: Deps, payload: DeliveryJobPayload): Promise<void> {
  const delivery = await loadDelivery(deps.prisma, payload);
  if (!delivery) return;
  const now = deps.clock.now();

  if (!delivery.enabled) {
    // Nothing is sent to a disabled endpoint, nor retried; the delivery stays replayable once it is enabled again.
    if (delivery.status === 'pending' || delivery.next_retry_at !== null) {
      await deps.prisma.webhookDelivery.update({
        where: { id: delivery.id },
        data: { status: 'failed', nextRetryAt: null, updatedAt: new Date(now) },
      });
    }
    return;
  }

  const body = JSON.stringify(
    envelopeFor({
      id: delivery.event_id,
      type: delivery.event_type,
      createdAt: delivery.event_created_at,
      data: delivery.event_data,
    }),
  );
  const secrets = signingSecrets(
    {
      secret: delivery.secret,
      previousSecret: delivery.previous_secret,
      previousSecretExpiresAt: delivery.previous_secret_expires_at,
    },
    now,
  );
  const headers = signedHeaders({ eventId: delivery.event_id, timestamp: new Date(now), body, secrets });
  const result = await deps.webhookSender.post(delivery.url, headers, body);

  const finishedAt = new Date(deps.clock.now());
  const succeeded = result.kind === 'response' && result.status >= 200 && result.status < 300;
  const automatic = payload.trigger === 'automatic';
  const failingSince = succeeded ? null : (delivery.failing_since ?? finishedAt);
  const disable = failingSince !== null && finishedAt.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
  const outcome = settle({
    succeeded,
    disable,
    retryDelay: automatic ? retryScheduleMs[payload.attempt - 1] : undefined,
    // A failed replay or test leaves an already scheduled retry in place.
    retryScheduled: !automatic && delivery.next_retry_at !== null,
    finishedAt,
  });
  const endpointChanges = disable || failingSince?.getTime() !== delivery.failing_since?.getTime();
  const retry: { payload: DeliveryJobPayload; runAt: Date } | undefined =
    payload.trigger === 'automatic' && outcome.nextRetryAt
      ? { payload: { ...payload, attempt: payload.attempt + 1 }, runAt: outcome.nextRetryAt }
      : undefined;

  // The common case (a success on a healthy endpoint) is a single statement.
  if (!endpointChanges && !retry) {
    await recordAttempt(deps.prisma, delivery, payload.trigger, result, outcome, finishedAt);
    return;
  }
  await inJobTransaction(deps, async (tx) => {
    await recordAttempt(tx, delivery, payload.trigger, result, outcome, finishedAt);
    if (endpointChanges) {
      await tx.webhookEndpoint.update({
        where: { id: delivery.endpoint_id },
        data: { failingSince, ...(disable && { enabled: false, disabledReason: disabledReason(finishedAt, failingSince) }) },
      });
    }
    if (retry) await enqueue(tx, webhookDeliveryJob, retry.payload, { runAt: retry.runAt });
  });
  if (disable) deps.log.warn({ endpointId: delivery.endpoint_id }, 'webhook endpoint disabled after 5 days of failures');
}

/** One attempt of a webhook delivery. Delivery failures are recorded, not thrown: only infrastructure errors retry the job. */
export const webhookDeliveryJob = defineJob({
  queue: 'webhook_delivery',
  payload: ZDeliveryJobPayload,
  run: (services, payload) => runDeliveryJob(services, payload),
});
