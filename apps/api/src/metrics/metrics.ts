import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, queryRows } from '@textline/db';
import { jobBacklog, sendQueue } from './metrics.sql.ts';
import { queueNames } from '../jobs/queues.ts';

/**
 * The process's Prometheus series. Labels are bounded by construction: route templates (never a
 * path with an id in it), operation and queue names, catalogue error codes, provider event types
 * from a fixed list. No label ever carries an id, a token or a phone number.
 */
export type Metrics = ReturnType<typeof createMetrics>;

const latencyBuckets = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    providerEventType: boundedLabels(32),
    httpRequestDuration: new Histogram({
      name: 'textline_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status, with their duration',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: latencyBuckets,
      registers,
    }),
    operationCalls: new Counter({
      name: 'textline_operation_calls_total',
      help: 'Contract operations called over REST, MCP or /trpc, by outcome: ok or the catalogue error code (operation="messages.create" counts sends accepted and refused)',
      labelNames: ['operation', 'transport', 'outcome'] as const,
      registers,
    }),
    providerEvents: new Counter({
      name: 'textline_provider_events_total',
      help: 'Provider (carrier) events ingested, by type and whether it repeated one already stored',
      labelNames: ['type', 'duplicate'] as const,
      registers,
    }),
    jobAttempts: new Counter({
      name: 'textline_job_attempts_total',
      help: 'Job attempts by queue and outcome: succeeded, retried (failed, will run again) or dead (failed for the last time, or a payload that does not parse)',
      labelNames: ['queue', 'outcome'] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'textline_webhook_deliveries_total',
      help: 'Customer webhook delivery attempts by outcome: delivered (2xx), failed (any other answer or none)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    senderPacingDelay: new Histogram({
      name: 'textline_sender_pacing_delay_seconds',
      help: "How long a paced message waited at dispatch for its sender's slot (SENDER_PACING), waits put back included",
      buckets: [0, 0.1, 0.25, 0.5, 1, 2, 5, 15, 60, 300, 1800],
      registers,
    }),
    senderPacingDeferrals: new Counter({
      name: 'textline_sender_pacing_deferrals_total',
      help: 'Dispatches put back because their sender was busy for longer than a dispatch waits (scheduled sends due together)',
      registers,
    }),
    senderFailovers: new Counter({
      name: 'textline_sender_failovers_total',
      help: 'Waiting pool messages moved at dispatch to another number of their pool, by why their sender was skipped: released, suspended, unregistered or failing',
      labelNames: ['reason'] as const,
      registers,
    }),
    webhookDeliveryDuration: new Histogram({
      name: 'textline_webhook_delivery_duration_seconds',
      help: "Customer webhook delivery attempts' duration, request sent to answer read",
      buckets: latencyBuckets,
      registers,
    }),
  };
}

/**
 * A label for a value a caller chose (a provider's event type): kept while it looks like a type
 * name and the process has seen at most `limit` of them, else `other`, so no payload can grow the
 * series without bound.
 */
export function boundedLabels(limit: number): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    if (seen.has(value)) return value;
    if (seen.size >= limit || !/^[a-z][a-z_]{0,31}(\.[a-z][a-z_]{0,31})?$/.test(value)) return 'other';
    seen.add(value);
    return value;
  };
}

type JobBacklogRow = { queue: string; due: number; oldest_due_at: Date | null };

/**
 * Sets a backlog gauge from the due jobs by queue, and 0 for every other queue: an idle queue's series
 * must read as empty, not vanish (a dashboard shows an absent one as "No data").
 */
function setPerQueue(gauge: Gauge<'queue'>, rows: JobBacklogRow[], valueOf: (row: JobBacklogRow) => number): void {
  gauge.reset();
  for (const queue of queueNames) gauge.set({ queue }, 0);
  for (const row of rows) gauge.set({ queue: row.queue }, valueOf(row));
}

/**
 * The series computed when scraped (job backlog from the jobs table, which is the truth in both
 * modes; the database pool) and Node's defaults (memory, event-loop lag, GC). Called once, by the
 * process that serves /metrics.
 */
export function collectProcessMetrics(metrics: Metrics, db: Db, now: () => number): void {
  const registers = [metrics.registry];
  collectDefaultMetrics({ register: metrics.registry });
  const backlog = async () => queryRows(db.sql, jobBacklog, []);
  let lastBacklog: Promise<JobBacklogRow[]> | undefined;
  // Both gauges read one query per scrape.
  const backlogOnce = () => (lastBacklog ??= backlog().finally(() => setTimeout(() => (lastBacklog = undefined), 0)));
  new Gauge({
    name: 'textline_job_queue_due',
    help: 'Pending jobs that are due now, by queue (every queue, 0 when idle)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      setPerQueue(this, await backlogOnce(), (row) => row.due);
    },
  });
  new Gauge({
    name: 'textline_job_oldest_due_age_seconds',
    help: 'How long the oldest due pending job of each queue has been waiting (0 when none is due)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      setPerQueue(this, await backlogOnce(), (row) =>
        row.oldest_due_at ? Math.max(0, (now() - row.oldest_due_at.getTime()) / 1000) : 0,
      );
    },
  });
  // The send queue, read once per scrape for its four gauges. No workspace id in a label: a series
  // per customer would grow without bound and put customer ids in every dashboard; a workspace's own
  // queue is GET /api/v1/queue. The largest workspace's share says whether one customer fills it.
  const queueRow = async () => (await queryRows(db.sql, sendQueue, []))[0];
  let lastQueue: ReturnType<typeof queueRow> | undefined;
  const queueOnce = () => (lastQueue ??= queueRow().finally(() => setTimeout(() => (lastQueue = undefined), 0)));
  const queueGauge = (name: string, help: string, valueOf: (row: Awaited<ReturnType<typeof queueRow>>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(valueOf(await queueOnce()));
      },
    });
  queueGauge(
    'textline_messages_queued',
    'Messages accepted and waiting to be handed to the carrier (status queued)',
    (row) => row?.queued ?? 0,
  );
  queueGauge('textline_send_queue_workspaces', 'Workspaces with at least one queued message', (row) => row?.workspaces ?? 0);
  queueGauge(
    'textline_send_queue_largest_workspace_messages',
    "The queued messages of the workspace with the most: one customer's share of the queue",
    (row) => row?.largest ?? 0,
  );
  queueGauge(
    'textline_send_queue_drain_seconds',
    "How far ahead the latest queued message's estimated_send_at is: when the paced queue is expected to drain (0 when empty)",
    (row) => (row?.last_estimated_send_at ? Math.max(0, (row.last_estimated_send_at.getTime() - now()) / 1000) : 0),
  );
  new Gauge({
    name: 'textline_db_pool_connections',
    help: 'PostgreSQL pool connections by state: in_use, idle, and queries waiting for one (absent in the embedded mode: PGlite is one in-process connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = db.poolStats();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
}
