import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb } from '@textline/db';
import { createApp } from '../src/app.ts';
import { issueAccessToken } from '../src/auth/tokens.ts';
import { loadConfig } from '../src/config.ts';
import type { Scope } from '@textline/contract';
import { createAccount } from '../src/domain/accounts.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { postLedgerEntry } from '../src/domain/ledger.ts';
import { newId } from '../src/lib/crypto.ts';
import { createServices, type Services } from '../src/services.ts';
import { type SigningKey, signWebhook } from '../src/webhooks/inbound/signature.ts';

/** Where a scenario's server keeps its data: a fresh PGlite directory, or a fresh PostgreSQL database. */
export type BenchTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; dataDir: string; databaseUrl: string; redisUrl: string | undefined };

/** What a started server tells the load generator (it crosses a process boundary, so JSON). */
export type Fixture = { tokens?: string[]; webhookKey?: SigningKey; messageIds?: string[] };

export type RunningServer = { port: number; fixture: Fixture; close(): Promise<void> };

/**
 * One entry per measured endpoint. `serve` runs in a child process of its own (so the load
 * generator does not share its event loop), `requests` in the load generator.
 */
export type Scenario = {
  name: string;
  /** The floor of a run: the other scenarios print their throughput as a ratio of it. */
  floor?: boolean;
  serve(target: BenchTarget): Promise<RunningServer>;
  /**
   * Another API process on the same database and Redis as the one `serve` prepared (scaled mode):
   * the bench compares two such processes with one.
   */
  serveAnother?(target: BenchTarget): Promise<RunningServer>;
  requests(fixture: Fixture): autocannon.Request[];
  /** Requests sent before measuring, to warm the JIT, caches and prepared statements. */
  warmupRequests(fixture: Fixture): number;
};

const RECIPIENTS = 1_000;
// A typical one-segment notification.
const SMS_TEXT = 'Your order #48213 has shipped and arrives Thursday. Reply STOP to opt out.';

/** One POST whose headers and body are built per request from its sequence number. */
function sequencedPost(path: string, build: (sequence: number) => { headers: Record<string, string>; body: string }): autocannon.Request[] {
  let sequence = 0;
  return [
    {
      method: 'POST',
      path,
      setupRequest: (request) => {
        sequence += 1;
        return { ...request, ...build(sequence) };
      },
    },
  ];
}

/** POST /api/v1/messages bodies over a pool of recipients with unique idempotency keys; tokens rotate. */
function sendRequests(tokens: string[] = []): autocannon.Request[] {
  return sequencedPost('/api/v1/messages', (sequence) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (tokens.length > 0) headers.authorization = `Bearer ${tokens[sequence % tokens.length]}`;
    const phoneNumber = `+1415555${1_000 + (sequence % RECIPIENTS)}`;
    return { headers, body: JSON.stringify({ phone_number: phoneNumber, body: SMS_TEXT, idempotency_key: `bench-${process.pid}-${sequence}` }) };
  });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function readJson(req: IncomingMessage): Promise<{ phone_number: string; body: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

// The floor's one statement: a message-like row with a primary key and one secondary index.
const floorSchema = [
  `CREATE TABLE IF NOT EXISTS bench_floor_messages (
     id text PRIMARY KEY, workspace_id text NOT NULL, phone_number text NOT NULL, body text NOT NULL,
     segments integer NOT NULL, cost_cents integer NOT NULL, status text NOT NULL,
     created_at timestamptz(3) NOT NULL DEFAULT now())`,
  'CREATE INDEX IF NOT EXISTS bench_floor_messages_workspace ON bench_floor_messages (workspace_id, created_at)',
];
const floorInsert =
  'INSERT INTO bench_floor_messages (id, workspace_id, phone_number, body, segments, cost_cents, status) ' +
  "VALUES ($1, 'ws_bench', $2, $3, 1, 2, 'queued') RETURNING id, status";

type RunInsert = (params: string[]) => Promise<unknown>;

/** A bare node:http server: parse the JSON body, run the one INSERT ... RETURNING, answer 202. */
async function floorServer(runInsert: RunInsert, release: () => Promise<void>): Promise<RunningServer> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    readJson(req)
      .then((input) => runInsert([newId('msg'), input.phone_number, input.body]))
      .then((message) => {
        res.writeHead(202, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message }));
      })
      .catch(() => {
        res.writeHead(500);
        res.end();
      });
  });
  return {
    port: await listen(server),
    fixture: {},
    async close() {
      await closeServer(server);
      await release();
    },
  };
}

async function driverFloor(target: BenchTarget): Promise<RunningServer> {
  if (target.kind === 'pglite') {
    const pglite = new PGlite(target.dataDir);
    for (const statement of floorSchema) await pglite.exec(statement);
    return floorServer(async (params) => (await pglite.query(floorInsert, params)).rows[0], () => pglite.close());
  }
  // The app's pool size, so both sides get the same number of connections.
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: loadConfig({}).databasePoolSize });
  for (const statement of floorSchema) await pool.query(statement);
  return floorServer(async (params) => (await pool.query(floorInsert, params)).rows[0], () => pool.end());
}

async function prismaFloor(target: BenchTarget): Promise<RunningServer> {
  const db = await createDb({ dataDir: target.dataDir, databaseUrl: target.kind === 'postgres' ? target.databaseUrl : undefined });
  for (const statement of floorSchema) await db.prisma.$executeRawUnsafe(statement);
  return floorServer(async (params) => ((await db.prisma.$queryRawUnsafe(floorInsert, ...params)) as unknown[])[0], () => db.close());
}

/** The real app's configuration on the target: workers off (they would compete for the same cores), logging at warn. */
function appConfig(target: BenchTarget, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: target.dataDir,
    RUN_WORKERS: '0',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.databaseUrl, ...(target.redisUrl ? { REDIS_URL: target.redisUrl } : {}) } : {}),
    ...extra,
  });
}

/** The real app over `services`, as main.ts serves it. */
async function serveApp(services: Services, fixture: Fixture): Promise<RunningServer> {
  const server = createServer(createApp(services));
  return {
    port: await listen(server),
    fixture,
    async close() {
      await closeServer(server);
      await services.close();
    },
  };
}

// Enough tokens that no per-token bucket (enterprise: 20 burst, then one per 1.2 s) empties during a
// run: each token is used about once per second at 2,000 requests per second.
const TOKENS = 2_000;

// Each token is seen about once a second; the cache must outlive that for the look-up to stay off the hot path.
const sendingAppConfig = (target: BenchTarget) => appConfig(target, { TOKEN_CACHE_MS: '60000' });

/** One enterprise workspace funded far beyond the run, with TOKENS tokens of `scopes`. */
async function prepareSendingWorkspace(services: Services, scopes: Scope[]): Promise<{ workspaceId: string; tokens: string[] }> {
  // A fresh IP hash: the account throttle in a shared Redis outlives a run by five minutes.
  const { account } = await createAccount(services, { username: 'bench', password: 'bench password 123', ipHash: newId('bench') });
  const workspace = await services.prisma.workspace.update({
    where: { accountId: account.id },
    data: { planTier: 'enterprise', spendCapCents: 2_000_000_000 },
  });
  await postLedgerEntry(services.prisma, { workspaceId: workspace.id, amountCents: 1_000_000_000, kind: 'operator_credit', reference: 'bench' });
  await services.prisma.phoneNumber.create({
    data: { id: newId('pn'), workspaceId: workspace.id, number: '+12065550100', provider: 'sandbox', status: 'connected' },
  });
  const expiresAt = new Date(Date.now() + 86_400_000);
  const tokens: string[] = [];
  for (let index = 0; index < TOKENS; index += 1) {
    const token = await issueAccessToken(services.prisma, { workspaceId: workspace.id, scopes, origin: 'api_key', expiresAt });
    tokens.push(token.access_token);
  }
  return { workspaceId: workspace.id, tokens };
}

/** The real app sending for that workspace. */
async function sendApp(target: BenchTarget, scopes: Scope[] = ['messages:write']): Promise<RunningServer> {
  const services = await createServices(sendingAppConfig(target));
  const { tokens } = await prepareSendingWorkspace(services, scopes);
  return serveApp(services, { tokens });
}

/** One more API process on the database a first one prepared: no fixture of its own. */
async function anotherApp(target: BenchTarget): Promise<RunningServer> {
  return serveApp(await createServices(sendingAppConfig(target)), {});
}

const MESSAGES_TO_READ = 1_000;

/** The sending app with MESSAGES_TO_READ messages accepted through the real send path, for GET. */
async function readApp(target: BenchTarget): Promise<RunningServer> {
  const services = await createServices(sendingAppConfig(target));
  const { workspaceId, tokens } = await prepareSendingWorkspace(services, ['messages:write']);
  const messageIds: string[] = [];
  for (let index = 0; index < MESSAGES_TO_READ; index += 1) {
    const sent = await sendMessage(services, { workspaceId }, { phoneNumber: `+1415555${1_000 + (index % RECIPIENTS)}`, body: SMS_TEXT }, { source: 'api' });
    messageIds.push(sent.message.id);
  }
  return serveApp(services, { tokens, messageIds });
}

/** GET /api/v1/messages/{id} over the fixture's messages; tokens rotate. */
function readRequests(fixture: Fixture): autocannon.Request[] {
  const { tokens = [], messageIds = [] } = fixture;
  let sequence = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        sequence += 1;
        const path = `/api/v1/messages/${messageIds[sequence % messageIds.length]}`;
        return { ...request, path, headers: { authorization: `Bearer ${tokens[sequence % tokens.length]}` } };
      },
    },
  ];
}

/** MCP tools/call send_message (stateless streamable HTTP, JSON responses): the REST scenario's sends. */
function mcpSendRequests(tokens: string[] = []): autocannon.Request[] {
  return sequencedPost('/mcp', (sequence) => ({
    headers: {
      authorization: `Bearer ${tokens[sequence % tokens.length]}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: sequence,
      method: 'tools/call',
      params: {
        name: 'send_message',
        arguments: { phone_number: `+1415555${1_000 + (sequence % RECIPIENTS)}`, body: SMS_TEXT, idempotency_key: `bench-mcp-${process.pid}-${sequence}` },
      },
    }),
  }));
}

/** Signed message.delivered events with unique ids, as a carrier posts them. */
function providerEventRequests(key: SigningKey | undefined): autocannon.Request[] {
  if (!key) throw new Error('the webhook scenario needs the signing key');
  return sequencedPost('/webhooks/sandbox/events', (sequence) => {
    const event = { type: 'message.delivered', id: `bench-${process.pid}-${sequence}`, message_id: `SBXbench${sequence % RECIPIENTS}` };
    return { headers: { 'content-type': 'application/json', ...signWebhook(key, event, Date.now()) }, body: JSON.stringify(event) };
  });
}

/** The real app receiving provider webhooks: verify, store the event and its job, answer 202. */
async function webhookApp(target: BenchTarget): Promise<RunningServer> {
  const services = await createServices(appConfig(target));
  const { provider: _provider, ...webhookKey } = services.inboundWebhooks.messaging;
  return serveApp(services, { webhookKey });
}

export const scenarios: Scenario[] = [
  {
    name: 'floor: bare node:http, one INSERT ... RETURNING (pg pool / PGlite)',
    floor: true,
    serve: driverFloor,
    requests: () => sendRequests(),
    warmupRequests: () => 2_000,
  },
  {
    name: 'floor: bare node:http, one INSERT ... RETURNING through Prisma $queryRaw',
    serve: prismaFloor,
    requests: () => sendRequests(),
    warmupRequests: () => 2_000,
  },
  {
    name: 'POST /api/v1/messages',
    serve: (target) => sendApp(target),
    serveAnother: anotherApp,
    requests: (fixture) => sendRequests(fixture.tokens),
    // Every token once, so the measured run finds each in the authenticator's cache.
    warmupRequests: (fixture) => fixture.tokens?.length ?? 0,
  },
  {
    name: 'GET /api/v1/messages/{id}',
    serve: readApp,
    serveAnother: anotherApp,
    requests: readRequests,
    warmupRequests: (fixture) => fixture.tokens?.length ?? 0,
  },
  {
    name: 'POST /mcp tools/call send_message',
    serve: (target) => sendApp(target, ['mcp:execute']),
    requests: (fixture) => mcpSendRequests(fixture.tokens),
    warmupRequests: (fixture) => fixture.tokens?.length ?? 0,
  },
  {
    name: 'POST /webhooks/sandbox/events (signed, unique event ids)',
    serve: webhookApp,
    requests: (fixture) => providerEventRequests(fixture.webhookKey),
    warmupRequests: () => 2_000,
  },
];
