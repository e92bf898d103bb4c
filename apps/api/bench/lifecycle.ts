/**
 * The whole lifecycle of a message: accepted over HTTP, dispatched by the job workers to the sandbox
 * carrier, the carrier's two signed reports (sent, delivered) posted over HTTP to the API, ingested
 * and reconciled, and the two customer webhooks (`message.sent`, `message.delivered`) delivered to
 * the sink in the bench's main process (delivery-sink.ts). run.ts drives it; this module holds its
 * processes' sides:
 *
 * - `--lifecycle-prepare`: a funded workspace, a sandbox number, enough tokens that no per-token
 *   bucket empties, and one endpoint at the sink for the two events.
 * - `--lifecycle-api`: the API as main.ts serves it, calling itself back for the carrier's reports;
 *   embedded, its job workers run in it (as `npm start` runs them).
 * - `--lifecycle-worker` (scaled): the job workers as `npm run worker` runs them, the carrier's
 *   reports posted to the API process.
 * - `--lifecycle-timings`: after the servers stopped, accepted to handed to the carrier
 *   (`dispatched_at - created_at`) of the messages accepted since a time.
 * - `--lifecycle-floor`: the floor, one bare process (no framework, no ORM, no job system) doing per
 *   message what the lifecycle does at least: an INSERT on an HTTP POST; a loop claims it, records
 *   the carrier's copy and the carrier's id, and posts two HMAC-signed reports to itself over HTTP;
 *   each report, verified, stores the provider event, moves the message and records a customer event
 *   with its delivery (one statement); a loop claims each delivery, POSTs it signed to the sink and
 *   records the attempt (one statement each).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Agent, request } from 'undici';
import { pgliteOptions } from '@textline/db/pglite-settings';
import { createApiServer } from '../src/app.ts';
import { issueAccessToken } from '../src/auth/tokens.ts';
import { createEndpoint } from '../src/domain/customer-webhooks/endpoints.ts';
import { signedHeaders } from '../src/domain/customer-webhooks/signing.ts';
import { newId } from '../src/lib/crypto.ts';
import { limitHeapGrowth } from '../src/lib/heap.ts';
import { createServices } from '../src/services.ts';
import { createBenchWorkspace } from './app.ts';
import { appConfig } from './app-config.ts';
import { closeServer, listen } from './floor.ts';
import type { BenchTarget, RunningServer } from './fixture.ts';

export const LIFECYCLE = 'lifecycle';
// The per-token bucket (enterprise) holds 20 sends; a token per 15 messages keeps every send under it.
const SENDS_PER_TOKEN = 15;
// The floor's loops: as many as the app's job concurrency (JOB_CONCURRENCY's default).
const FLOOR_LOOPS = 8;

export type LifecycleFixture = { tokens: string[] };

/** The app's configuration for the lifecycle's processes: the carrier reporting at once, the sink on loopback allowed. */
function lifecycleConfig(target: BenchTarget, extra: Record<string, string> = {}) {
  return appConfig(target, { SANDBOX_DELAY_MS: '0', ALLOW_PRIVATE_WEBHOOK_URLS: '1', ...extra });
}

export async function prepareLifecycle(target: BenchTarget, sinkUrl: string, sends: number): Promise<LifecycleFixture> {
  const services = await createServices(lifecycleConfig(target));
  try {
    const { workspaceId } = await createBenchWorkspace(services);
    await createEndpoint(
      services,
      { workspaceId, origin: 'console', tokenId: 'bench' },
      { url: sinkUrl, event_types: ['message.sent', 'message.delivered'] },
    );
    const expiresAt = new Date(Date.now() + 86_400_000);
    const tokens: string[] = [];
    for (let index = 0; index < Math.ceil(sends / SENDS_PER_TOKEN); index += 1) {
      const token = await issueAccessToken(services.prisma, {
        workspaceId,
        scopes: ['messages:write'],
        origin: 'api_key',
        expiresAt,
      });
      tokens.push(token.access_token);
    }
    return { tokens };
  } finally {
    await services.close();
  }
}

/** The API, calling itself back for the carrier's reports; embedded, with the job workers in it. */
export async function serveLifecycleApi(target: BenchTarget): Promise<RunningServer> {
  const embedded = target.kind === 'pglite';
  const config = lifecycleConfig(target, { RUN_WORKERS: embedded ? '1' : '0' });
  limitHeapGrowth(config.heapGrowthPercent);
  const services = await createServices(config);
  const server = createApiServer(services);
  const port = await listen(server);
  services.selfUrl.current = `http://127.0.0.1:${port}`;
  if (embedded) await services.jobs.start();
  return {
    port,
    async close() {
      await closeServer(server);
      await services.close();
    },
  };
}

/** The job workers as `npm run worker` runs them, posting the carrier's reports to the API at `apiUrl`. */
export async function runLifecycleWorker(target: BenchTarget, apiUrl: string): Promise<RunningServer> {
  const config = lifecycleConfig(target, { PUBLIC_BASE_URL: apiUrl });
  limitHeapGrowth(config.heapGrowthPercent);
  const services = await createServices(config);
  await services.jobs.start();
  return { port: 0, close: () => services.close() };
}

/** Accepted to handed to the carrier, in ms, of the messages accepted since `since`: p50 and p99. */
export async function lifecycleTimings(
  target: BenchTarget,
  since: string,
): Promise<{ dispatchP50: number; dispatchP99: number }> {
  const services = await createServices(lifecycleConfig(target));
  try {
    const [row] = await services.sql.query<{ p50: number | null; p99: number | null }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
       FROM (SELECT (extract(epoch FROM dispatched_at - created_at) * 1000)::float8 AS ms FROM messages
             WHERE created_at >= $1::timestamptz AND dispatched_at IS NOT NULL) AS dispatched`,
      [since],
    );
    return { dispatchP50: row?.p50 ?? Number.NaN, dispatchP99: row?.p99 ?? Number.NaN };
  } finally {
    await services.close();
  }
}

// The floor's tables: the message, the carrier's copy, provider events, customer events, their
// deliveries and attempts, each with the keys its statements look up by.
const floorSchema = [
  `CREATE TABLE IF NOT EXISTS lc_messages (
     id text PRIMARY KEY, workspace_id text NOT NULL, phone_number text NOT NULL, body text NOT NULL,
     status text NOT NULL, provider_message_id text, created_at timestamptz(3) NOT NULL DEFAULT now(),
     dispatched_at timestamptz(3), sent_at timestamptz(3), delivered_at timestamptz(3), updated_at timestamptz(3) NOT NULL DEFAULT now())`,
  'CREATE INDEX IF NOT EXISTS lc_messages_status ON lc_messages (status, created_at)',
  'CREATE UNIQUE INDEX IF NOT EXISTS lc_messages_provider ON lc_messages (provider_message_id)',
  `CREATE TABLE IF NOT EXISTS lc_carrier_messages (
     provider_message_id text PRIMARY KEY, message_id text NOT NULL UNIQUE, sender text NOT NULL, recipient text NOT NULL,
     created_at timestamptz(3) NOT NULL DEFAULT now())`,
  `CREATE TABLE IF NOT EXISTS lc_provider_events (
     id text PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz(3) NOT NULL DEFAULT now())`,
  `CREATE TABLE IF NOT EXISTS lc_events (
     id text PRIMARY KEY, type text NOT NULL, data jsonb NOT NULL, created_at timestamptz(3) NOT NULL DEFAULT now())`,
  `CREATE TABLE IF NOT EXISTS lc_deliveries (
     id text PRIMARY KEY, event_id text NOT NULL, status text NOT NULL, attempt_count integer NOT NULL DEFAULT 0,
     created_at timestamptz(3) NOT NULL DEFAULT now(), updated_at timestamptz(3) NOT NULL DEFAULT now())`,
  'CREATE INDEX IF NOT EXISTS lc_deliveries_status ON lc_deliveries (status, created_at)',
  `CREATE TABLE IF NOT EXISTS lc_attempts (
     id text PRIMARY KEY, delivery_id text NOT NULL, number integer NOT NULL, response_code integer NOT NULL,
     latency_ms integer NOT NULL, request_headers jsonb NOT NULL, created_at timestamptz(3) NOT NULL DEFAULT now())`,
];

const floorStatements = {
  accept: `INSERT INTO lc_messages (id, workspace_id, phone_number, body, status) VALUES ($1, 'ws_bench', $2, $3, 'queued')
           RETURNING id, status, created_at`,
  claim: `UPDATE lc_messages SET status = 'sending', dispatched_at = now(), updated_at = now()
          WHERE id = (SELECT id FROM lc_messages WHERE status = 'queued' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, phone_number`,
  carrier: `INSERT INTO lc_carrier_messages (provider_message_id, message_id, sender, recipient) VALUES ($1, $2, '+12065550100', $3)`,
  providerId: 'UPDATE lc_messages SET provider_message_id = $2 WHERE id = $1',
  // The report: stored once by its id, the message moved, the customer event and its delivery recorded.
  report: `WITH stored AS (
             INSERT INTO lc_provider_events (id, payload) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING RETURNING id),
           moved AS (
             UPDATE lc_messages SET status = $4,
               sent_at = CASE WHEN $4 = 'sent' THEN now() ELSE sent_at END,
               delivered_at = CASE WHEN $4 = 'delivered' THEN now() ELSE delivered_at END, updated_at = now()
             WHERE provider_message_id = $3 AND EXISTS (SELECT 1 FROM stored)
             RETURNING id, phone_number, status),
           event AS (
             INSERT INTO lc_events (id, type, data)
             SELECT $5, 'message.' || status, jsonb_build_object('message', jsonb_build_object('id', id, 'status', status,
               'phone_number', phone_number)) FROM moved
             RETURNING id)
           INSERT INTO lc_deliveries (id, event_id, status) SELECT $6, id, 'pending' FROM event`,
  claimDelivery: `WITH d AS (
             UPDATE lc_deliveries SET status = 'sending'
             WHERE id = (SELECT id FROM lc_deliveries WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
             RETURNING id, event_id)
           SELECT d.id, e.id AS event_id, e.type, e.data, e.created_at FROM d JOIN lc_events e ON e.id = d.event_id`,
  record: `WITH updated AS (
             UPDATE lc_deliveries SET status = 'succeeded', attempt_count = attempt_count + 1, updated_at = now()
             WHERE id = $2 RETURNING attempt_count)
           INSERT INTO lc_attempts (id, delivery_id, number, response_code, latency_ms, request_headers)
           SELECT $1, $2, attempt_count, $3, $4, $5::jsonb FROM updated`,
};

type Query = <Row>(text: string, params: unknown[]) => Promise<Row[]>;

async function floorDatabase(target: BenchTarget): Promise<{ query: Query; close(): Promise<void> }> {
  if (target.kind === 'pglite') {
    const pglite = new PGlite(target.dataDir, pgliteOptions);
    for (const statement of floorSchema) await pglite.exec(statement);
    return {
      query: async <Row>(text: string, params: unknown[]) => (await pglite.query<Row>(text, params)).rows,
      close: () => pglite.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: appConfig(target).databasePoolSize });
  for (const statement of floorSchema) await pool.query(statement);
  return {
    query: async <Row>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as Row[],
    close: () => pool.end(),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// A Standard Webhooks secret (whsec_ + base64 of 32 bytes), also the carrier's HMAC key.
const FLOOR_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const sign = (timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', FLOOR_SECRET).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * Idle loops woken when work arrives, so that an idle floor costs nothing. A loop takes the
 * generation before it looks for work and waits only if no work arrived since.
 */
function wakeable() {
  let generation = 0;
  const waiting: (() => void)[] = [];
  return {
    generation: () => generation,
    wait: (seen: number) => (seen === generation ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    /** One loop per piece of work: waking them all would send each but one to an empty claim. */
    wake() {
      generation += 1;
      waiting.shift()?.();
    },
    wakeAll: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

export async function serveLifecycleFloor(target: BenchTarget, sinkUrl: string): Promise<RunningServer> {
  const db = await floorDatabase(target);
  const dispatches = wakeable();
  const deliveries = wakeable();
  const agent = new Agent({ connections: 2 * FLOOR_LOOPS, keepAliveTimeout: 30_000 });
  let port = 0;
  let closing = false;

  const answer = (res: ServerResponse, status: number, body?: string) => {
    res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
    res.end(body);
  };
  const server = createServer((req, res) => {
    readBody(req)
      .then(async (text) => {
        if (req.url === '/messages') {
          const input = JSON.parse(text) as { phone_number: string; body: string };
          const [message] = await db.query(floorStatements.accept, [newId('msg'), input.phone_number, input.body]);
          dispatches.wake();
          answer(res, 202, JSON.stringify({ message }));
          return;
        }
        const timestamp = String(req.headers['x-floor-timestamp']);
        if (req.headers['x-floor-signature'] !== sign(timestamp, text)) {
          answer(res, 401);
          return;
        }
        const report = JSON.parse(text) as { id: string; type: string; message_id: string };
        await db.query(floorStatements.report, [
          report.id,
          text,
          report.message_id,
          report.type.slice('message.'.length),
          newId('evt'),
          newId('whd'),
        ]);
        deliveries.wake();
        answer(res, 200);
      })
      .catch(() => {
        answer(res, 500);
      });
  });

  async function postReport(providerMessageId: string, index: number, type: string): Promise<void> {
    const body = JSON.stringify({ type, id: `sbxevt_${providerMessageId}_${index}`, message_id: providerMessageId });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await request(`http://127.0.0.1:${port}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-floor-timestamp': timestamp, 'x-floor-signature': sign(timestamp, body) },
      body,
      dispatcher: agent,
    });
    await response.body.dump();
  }

  async function dispatchLoop(): Promise<void> {
    while (!closing) {
      const seen = dispatches.generation();
      const [message] = await db.query<{ id: string; phone_number: string }>(floorStatements.claim, []);
      if (!message) {
        await dispatches.wait(seen);
        continue;
      }
      const providerMessageId = `SBX${newId('p')}`;
      await db.query(floorStatements.carrier, [providerMessageId, message.id, message.phone_number]);
      await db.query(floorStatements.providerId, [message.id, providerMessageId]);
      await postReport(providerMessageId, 1, 'message.sent');
      await postReport(providerMessageId, 2, 'message.delivered');
    }
  }

  async function deliveryLoop(): Promise<void> {
    while (!closing) {
      const seen = deliveries.generation();
      const [row] = await db.query<{ id: string; event_id: string; type: string; data: unknown; created_at: Date }>(
        floorStatements.claimDelivery,
        [],
      );
      if (!row) {
        await deliveries.wait(seen);
        continue;
      }
      const body = JSON.stringify({
        id: row.event_id,
        type: row.type,
        created_at: new Date(row.created_at).toISOString(),
        data: row.data,
      });
      const headers = signedHeaders({ eventId: row.event_id, timestamp: new Date(), body, secrets: [FLOOR_SECRET] });
      const sent = performance.now();
      const response = await request(sinkUrl, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
        dispatcher: agent,
      });
      await response.body.dump();
      await db.query(floorStatements.record, [
        newId('wha'),
        row.id,
        response.statusCode,
        Math.round(performance.now() - sent),
        JSON.stringify(headers),
      ]);
    }
  }

  port = await listen(server);
  const loops = [...Array.from({ length: FLOOR_LOOPS }, dispatchLoop), ...Array.from({ length: FLOOR_LOOPS }, deliveryLoop)];
  return {
    port,
    async close() {
      closing = true;
      dispatches.wakeAll();
      deliveries.wakeAll();
      await Promise.allSettled(loops);
      await closeServer(server);
      await agent.close();
      await db.close();
    },
  };
}
