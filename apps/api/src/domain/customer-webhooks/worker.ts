import type { CustomerEventType, TEventEnvelope } from '@textline/contract';
import { type Event, executeIn, type Prisma, queryRows, queryRowsIn, type RowOf, type SqlClient } from '@textline/db';
import { z } from 'zod';
import type { Services } from '../../ports.ts';
import { defineJob, JobDeferred } from '../../jobs/define.ts';
import { enqueue, inJobTransaction, type JobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { jittered } from '../../lib/jitter.ts';
import { createKeyedBatcher, type KeyedBatcher } from '../../lib/keyed-batcher.ts';
import { createEndpointGates, type EndpointGates } from './endpoint-gates.ts';
import { signingSecrets } from './endpoints.ts';
import { DISABLE_AFTER_FAILING_MS, disabledReason } from './health.ts';
import type { SendResult } from './sender.ts';
import * as sql from './worker.sql.ts';
import { signedHeaders } from './signing.ts';

/**
 * Waits before each retry after a failed automatic attempt (each moved by RETRY_JITTER_PERCENT);
 * then the delivery is failed.
 */
export const retryScheduleMs = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

type Deps = Pick<
  Services,
  'prisma' | 'sql' | 'clock' | 'jobs' | 'log' | 'webhookSender' | 'metrics' | 'config' | 'live' | 'senderPace'
>;

// Deliveries one claim or record statement covers at most.
const DELIVERY_BATCH = 200;
/** When a delivery's endpoint has no free slot, the delivery is claimed again this much later. */
const BUSY_ENDPOINT_RETRY_MS = 1_000;
/**
 * The longest a delivery waits in the worker, in its endpoint's slot, for its turn under the
 * endpoint's max_per_second; one whose turn is further away goes back to the queue until then.
 */
const MAX_PACE_WAIT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Automatic attempts carry their number (1 = first), which the worker claims exactly once. */
const ZDeliveryJobPayload = z.discriminatedUnion('trigger', [
  z.object({ delivery_id: z.string().min(1), trigger: z.literal('automatic'), attempt: z.number().int().min(1) }),
  z.object({ delivery_id: z.string().min(1), trigger: z.enum(['replay', 'test']) }),
]);
type DeliveryJobPayload = z.infer<typeof ZDeliveryJobPayload>;
type AutomaticPayload = Extract<DeliveryJobPayload, { trigger: 'automatic' }>;

/** The event envelope, rebuilt from the immutable event row: every attempt sends the same bytes. */
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

/** A delivery with its endpoint and event, as each of worker.sql's three reads returns it. */
type DeliveryRow = Omit<RowOf<typeof sql.deliveryWithEndpoint>, 'status' | 'event_data'> & {
  status: DeliveryStatus;
  event_data: Prisma.JsonValue;
};

/** The reads' rows with the status and event data their columns hold (written only as DeliveryStatus and JSON). */
const asDeliveryRows = (rows: RowOf<typeof sql.deliveryWithEndpoint>[]) => rows as DeliveryRow[];

/**
 * An automatic attempt first claims its number, so a repeated job or a second worker cannot send
 * the same attempt twice; replays and tests just read the delivery. Nothing comes back when the
 * delivery is gone (its endpoint was deleted), the attempt was already made, or no automatic attempt
 * is scheduled any more (next_retry_at null: it succeeded, or it gave up). A failed delivery with a
 * next_retry_at is still due its retry.
 */
async function loadDelivery(db: SqlClient, payload: DeliveryJobPayload): Promise<DeliveryRow | undefined> {
  const rows =
    payload.trigger === 'automatic'
      ? await queryRows(db, sql.claimDeliveryAttempt, [payload.attempt, payload.delivery_id])
      : await queryRows(db, sql.deliveryWithEndpoint, [payload.delivery_id]);
  return asDeliveryRows(rows)[0];
}

/**
 * loadDelivery for the automatic attempts of many deliveries in one statement. A delivery named
 * twice in one batch is claimed by its first item only; the others are run alone afterwards
 * (`undefined`), where the claim decides between them.
 */
async function claimDeliveries(db: SqlClient, payloads: AutomaticPayload[]): Promise<(DeliveryRow | null | undefined)[]> {
  const first = firstOfEachDelivery(payloads.map((payload) => payload.delivery_id));
  const unique = payloads.filter((_, index) => first[index]);
  const rows = await queryRows(db, sql.claimDeliveryAttempts, [
    unique.map((payload) => payload.delivery_id),
    unique.map((payload) => payload.attempt),
  ]);
  const byId = new Map(asDeliveryRows(rows).map((row) => [row.id, row]));
  return payloads.map((payload, index) => (first[index] ? (byId.get(payload.delivery_id) ?? null) : undefined));
}

/** For each id, whether it is the first of its value in the list. */
function firstOfEachDelivery(ids: string[]): boolean[] {
  const seen = new Set<string>();
  return ids.map((id) => !seen.has(id) && Boolean(seen.add(id)));
}

/** An automatic attempt that cannot be made now gives its number back, so the job can claim it again later. */
async function unclaim(db: SqlClient, payload: AutomaticPayload): Promise<void> {
  await queryRows(db, sql.unclaimDeliveryAttempt, [payload.attempt, payload.delivery_id]);
}

/**
 * The delivery's state after an attempt; nextRetryAt undefined means "leave as it is". A failed
 * attempt reads `failed` at once, whether or not a retry is scheduled:
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

type AttemptRecord = {
  delivery: DeliveryRow;
  trigger: DeliveryJobPayload['trigger'];
  requestHeaders: Record<string, string>;
  result: SendResult;
  outcome: { status: DeliveryStatus; nextRetryAt: Date | null | undefined };
  finishedAt: Date;
};

/**
 * The values of recordAttempt, which updates the delivery and records the attempt, numbered by the
 * row update, in one statement. The request headers are stored as sent: the signature header, never
 * a secret. A replay's attempt ends its wait (replay_job_id), so the next replay queues again.
 */
function recordAttemptValues(record: AttemptRecord): NonNullable<(typeof sql.recordAttempt)['types']>['values'] {
  const { result, outcome } = record;
  const responseCode = result.kind === 'response' ? result.status : null;
  return [
    outcome.status,
    outcome.nextRetryAt === undefined,
    outcome.nextRetryAt ?? null,
    responseCode,
    result.latencyMs,
    record.finishedAt,
    record.trigger,
    record.delivery.id,
    newId('wha'),
    result.kind === 'response' ? result.body : '',
    result.kind === 'error' ? result.error : null,
    JSON.stringify(record.requestHeaders),
  ];
}

/**
 * recordAttempt for many attempts in one statement. Two attempts of one delivery in a batch would
 * update its row once, so every one after the first is recorded alone afterwards.
 */
async function recordAttempts(db: SqlClient, records: AttemptRecord[]): Promise<(true | undefined)[]> {
  const first = firstOfEachDelivery(records.map((record) => record.delivery.id));
  const unique = records.filter((_, index) => first[index]);
  const column = <T>(value: (record: AttemptRecord) => T) => unique.map(value);
  await queryRows(db, sql.recordAttempts, [
    column(() => newId('wha')),
    column((r) => r.delivery.id),
    column((r) => r.trigger),
    column((r) => r.outcome.status),
    column((r) => r.outcome.nextRetryAt === undefined),
    column((r) => r.outcome.nextRetryAt?.toISOString() ?? null),
    column((r) => (r.result.kind === 'response' ? r.result.status : null)),
    column((r) => r.result.latencyMs),
    column((r) => (r.result.kind === 'response' ? r.result.body : '')),
    column((r) => (r.result.kind === 'error' ? r.result.error : null)),
    column((r) => JSON.stringify(r.requestHeaders)),
    column((r) => r.finishedAt.toISOString()),
  ]);
  return first.map((isFirst) => (isFirst ? true : undefined));
}

/**
 * This process's delivery state: the statements that concurrent deliveries share, and the requests
 * in flight to each endpoint.
 */
type DeliveryState = {
  claims: KeyedBatcher<AutomaticPayload, DeliveryRow | null>;
  records: KeyedBatcher<AttemptRecord, true>;
  endpoints: EndpointGates;
};

const deliveryStates = new WeakMap<SqlClient, DeliveryState>();

function deliveryState(db: SqlClient, config: Services['config']): DeliveryState {
  const existing = deliveryStates.get(db);
  if (existing) return existing;
  const state: DeliveryState = {
    claims: createKeyedBatcher({
      maxBatch: DELIVERY_BATCH,
      runAlone: async (payload) => (await loadDelivery(db, payload)) ?? null,
      runBatch: (payloads) => claimDeliveries(db, payloads),
    }),
    records: createKeyedBatcher<AttemptRecord, true>({
      maxBatch: DELIVERY_BATCH,
      async runAlone(record) {
        await queryRows(db, sql.recordAttempt, recordAttemptValues(record));
        return true;
      },
      runBatch: (records) => recordAttempts(db, records),
    }),
    endpoints: createEndpointGates({
      base: config.webhookEndpointConcurrency,
      max: Math.floor(config.webhookConcurrency / 2),
    }),
  };
  deliveryStates.set(db, state);
  return state;
}

/** A 2xx answer: the delivery succeeded. */
function accepted(result: SendResult): boolean {
  return result.kind === 'response' && result.status >= 200 && result.status < 300;
}

/**
 * Nothing is sent to a disabled endpoint, nor retried; the delivery stays replayable once it is
 * enabled again. A replay that finds it disabled ends its wait, so the next replay queues again.
 */
async function settleForDisabledEndpoint(deps: Deps, delivery: DeliveryRow, payload: DeliveryJobPayload): Promise<void> {
  const dropsRetry = delivery.status === 'pending' || delivery.next_retry_at !== null;
  const endsReplay = payload.trigger === 'replay';
  if (!dropsRetry && !endsReplay) return;
  await queryRows(deps.sql, sql.settleForDisabledEndpoint, [dropsRetry, endsReplay, new Date(deps.clock.now()), delivery.id]);
}

/** The event envelope and its Standard Webhooks headers, signed with every secret valid at `now`. */
function signedRequest(delivery: DeliveryRow, now: number): { body: string; headers: Record<string, string> } {
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
  return { body, headers: signedHeaders({ eventId: delivery.event_id, timestamp: new Date(now), body, secrets }) };
}

/** Puts an attempt that cannot be made now back to the queue, due again in `delayMs`, its attempt number given back. */
async function putBack(deps: Deps, payload: DeliveryJobPayload, delayMs: number): Promise<never> {
  if (payload.trigger === 'automatic') await unclaim(deps.sql, payload);
  throw new JobDeferred(delayMs);
}

/**
 * Waits for the request's turn under the endpoint's max_per_second: the same shared gate as a
 * sender number's pace (SenderPace, in Redis in the scaled mode, so every worker process takes its
 * turns from it), keyed by the endpoint's id. A turn more than MAX_PACE_WAIT_MS away is not taken:
 * the delivery goes back to the queue until then.
 */
async function awaitEndpointTurn(deps: Deps, delivery: DeliveryRow): Promise<number | undefined> {
  if (delivery.max_per_second === null) return undefined;
  const { taken, waitMs } = await deps.senderPace.take(delivery.endpoint_id, 1000 / delivery.max_per_second, MAX_PACE_WAIT_MS);
  if (!taken) return waitMs;
  if (waitMs > 0) await sleep(waitMs);
  return undefined;
}

/**
 * Sends the request in one of the endpoint's slots, at its turn under max_per_second. A slow
 * endpoint holds at most its own slots (endpoint-gates.ts): when none is free, the delivery goes
 * back to the queue (JobDeferred, its attempt number given back) rather than wait in one of the
 * slots every endpoint shares (WEBHOOK_CONCURRENCY). The turn is taken in the slot, right before the
 * request, so no wait for a slot can bunch requests whose turns have passed.
 */
async function sendInEndpointSlot(
  deps: Deps,
  gates: EndpointGates,
  delivery: DeliveryRow,
  payload: DeliveryJobPayload,
  request: { body: string; headers: Record<string, string> },
): Promise<SendResult> {
  const releaseSlot = await gates.acquire(delivery.endpoint_id);
  if (!releaseSlot) return putBack(deps, payload, BUSY_ENDPOINT_RETRY_MS);
  let result: SendResult | undefined;
  let turnIn: number | undefined;
  try {
    turnIn = await awaitEndpointTurn(deps, delivery);
    if (turnIn === undefined) result = await deps.webhookSender.post(delivery.url, request.headers, request.body);
  } finally {
    releaseSlot(result === undefined ? (turnIn === undefined ? false : undefined) : accepted(result));
  }
  return result ?? putBack(deps, payload, turnIn ?? BUSY_ENDPOINT_RETRY_MS);
}

/**
 * per_message ordering: how long to put an automatic attempt off while an earlier event of its
 * message is not yet delivered to the endpoint (undefined: send it now). It comes back once that one
 * is due its next attempt, or in a second while that one waits for its first or is in flight.
 * Replays and test events are sent when asked.
 */
async function heldByEarlierEvent(deps: Deps, delivery: DeliveryRow, payload: DeliveryJobPayload): Promise<number | undefined> {
  if (payload.trigger !== 'automatic' || delivery.ordering !== 'per_message') return undefined;
  if (delivery.message_id === null || delivery.sequence === null) return undefined;
  const [earlier] = await queryRows(deps.sql, sql.earlierUnfinishedDelivery, [
    delivery.workspace_id,
    delivery.message_id,
    delivery.endpoint_id,
    delivery.sequence,
  ]);
  if (!earlier?.next_retry_at) return undefined;
  return Math.max(BUSY_ENDPOINT_RETRY_MS, earlier.next_retry_at.getTime() - deps.clock.now() + BUSY_ENDPOINT_RETRY_MS);
}

/** What an attempt's result changes: the delivery, the endpoint's run of failures, and the next automatic attempt. */
type AttemptEffects = {
  outcome: { status: DeliveryStatus; nextRetryAt: Date | null | undefined };
  /** When the endpoint's current run of failures began (null: it answered). */
  failingSince: Date | null;
  /** The run has lasted DISABLE_AFTER_FAILING_MS: the endpoint is disabled. */
  disable: boolean;
  endpointChanges: boolean;
  retry: { payload: AutomaticPayload; runAt: Date } | undefined;
};

/**
 * The effects of an attempt that finished at `finishedAt`. An automatic attempt that failed is
 * retried after the schedule's next delay, moved at random by up to `jitterPercent` either way.
 */
function attemptEffects(
  delivery: DeliveryRow,
  payload: DeliveryJobPayload,
  succeeded: boolean,
  finishedAt: Date,
  jitterPercent: number,
): AttemptEffects {
  const failingSince = succeeded ? null : (delivery.failing_since ?? finishedAt);
  const disable = failingSince !== null && finishedAt.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
  const scheduledDelay = payload.trigger === 'automatic' ? retryScheduleMs[payload.attempt - 1] : undefined;
  const outcome = settle({
    succeeded,
    disable,
    retryDelay: scheduledDelay === undefined ? undefined : jittered(scheduledDelay, jitterPercent),
    // A failed replay or test leaves an already scheduled retry in place.
    retryScheduled: payload.trigger !== 'automatic' && delivery.next_retry_at !== null,
    finishedAt,
  });
  return {
    outcome,
    failingSince,
    disable,
    endpointChanges: disable || failingSince?.getTime() !== delivery.failing_since?.getTime(),
    retry:
      payload.trigger === 'automatic' && outcome.nextRetryAt
        ? { payload: { ...payload, attempt: payload.attempt + 1 }, runAt: outcome.nextRetryAt }
        : undefined,
  };
}

/**
 * Moves the endpoint's run of failures. Deliveries attempted together all read the endpoint
 * healthy: the earliest of their failures starts the run, whichever records last, or the failures
 * before it would not count. A run long enough disables the endpoint, with the reason.
 */
async function recordFailureRun(
  tx: JobTransaction,
  endpointId: string,
  effects: Pick<AttemptEffects, 'failingSince' | 'disable'>,
  finishedAt: Date,
): Promise<void> {
  const { failingSince } = effects;
  const [endpoint] = await queryRowsIn(tx, sql.recordFailureRun, [failingSince, endpointId]);
  if (effects.disable && endpoint?.failing_since) {
    await executeIn(tx, sql.disableEndpoint, [disabledReason(finishedAt, endpoint.failing_since), endpointId]);
  }
}

/** Runs one attempt of a delivery (the webhook_delivery job). */
async function runDeliveryJob(deps: Deps, payload: DeliveryJobPayload): Promise<void> {
  const state = deliveryState(deps.sql, deps.config);
  const delivery =
    payload.trigger === 'automatic' ? await state.claims.run('claim', payload) : await loadDelivery(deps.sql, payload);
  if (!delivery) return;
  if (!delivery.enabled) {
    await settleForDisabledEndpoint(deps, delivery, payload);
    return;
  }
  const heldFor = await heldByEarlierEvent(deps, delivery, payload);
  if (heldFor !== undefined) await putBack(deps, payload, heldFor);

  const request = signedRequest(delivery, deps.clock.now());
  const result = await sendInEndpointSlot(deps, state.endpoints, delivery, payload, request);
  const finishedAt = new Date(deps.clock.now());
  const succeeded = accepted(result);
  deps.metrics?.webhookDeliveries.inc({ outcome: succeeded ? 'delivered' : 'failed' });
  deps.metrics?.webhookDeliveryDuration.observe(result.latencyMs / 1000);
  const effects = attemptEffects(delivery, payload, succeeded, finishedAt, deps.config.retryJitterPercent);
  const record = {
    delivery,
    trigger: payload.trigger,
    requestHeaders: request.headers,
    result,
    outcome: effects.outcome,
    finishedAt,
  };

  // The common case (a success on a healthy endpoint) is a single statement, shared by the
  // attempts that finish together.
  if (!effects.endpointChanges && !effects.retry) {
    await state.records.run('record', record);
  } else {
    await inJobTransaction(deps, async (tx) => {
      await executeIn(tx, sql.recordAttempt, recordAttemptValues(record));
      if (effects.endpointChanges) await recordFailureRun(tx, delivery.endpoint_id, effects, finishedAt);
      if (effects.retry) await enqueue(tx, webhookDeliveryJob, effects.retry.payload, { runAt: effects.retry.runAt });
    });
  }
  deps.live.publish(delivery.workspace_id, { resource: 'delivery', id: delivery.id, status: effects.outcome.status });
  if (effects.disable) deps.log.warn({ endpointId: delivery.endpoint_id }, 'webhook endpoint disabled after 5 days of failures');
}

/** One attempt of a webhook delivery. Delivery failures are recorded, not thrown: only infrastructure errors retry the job. */
export const webhookDeliveryJob = defineJob({
  queue: 'webhook_delivery',
  payload: ZDeliveryJobPayload,
  run: (services, payload) => runDeliveryJob(services, payload),
  concurrency: (config) => config.webhookConcurrency,
});
