import type autocannon from 'autocannon';
import { type SigningKey, signWebhook } from '../src/provider-callbacks/signature.ts';
import { type BenchTarget, type Fixture, RECIPIENTS, type RunningServer, SMS_TEXT } from './fixture.ts';

/**
 * One entry per measured endpoint. `prepare` runs in a child process that exits before `serve`
 * runs in another (so the server's peak RSS is what serving costs, and the load generator does not
 * share its event loop); `requests` runs in the load generator. Each side imports its module
 * lazily, so the floor's process loads none of the app.
 */
export type Scenario = {
  name: string;
  /** The floor of a run: the other scenarios print their throughput as a ratio of it. */
  floor?: boolean;
  prepare(target: BenchTarget): Promise<Fixture>;
  serve(target: BenchTarget): Promise<RunningServer>;
  /** Scaled mode: also measured on two API processes sharing the database and Redis, against one. */
  twoProcesses?: boolean;
  /** A hot path: also measured on a copy of the large fixture, against the empty database (BENCH_SCALE=0 skips it). */
  hot?: boolean;
  /** Its CPU per request is compared with this scenario's (by name), in the same database. */
  comparedWith?: string;
  requests(fixture: Fixture): autocannon.Request[];
  /** The status every answer should have, when not a 2xx (a redirect's 302). */
  expectedStatus?: number;
  /** Its steady load runs at the floor's saturated rate (measured just before it) instead of half its own. */
  atFloorRate?: boolean;
  /** Requests sent before measuring, to warm the JIT, caches and prepared statements. */
  warmupRequests(fixture: Fixture): number;
};

// Shared by every request list of this process (warm-up, saturation, the paced load, the second API
// process's load), so no idempotency key or event id repeats: a repeat is a cheaper replay or
// duplicate, and two processes racing on one key fail each other's batches.
let lastSequence = 0;

/** One POST whose headers and body are built per request from its sequence number. */
function sequencedPost(
  path: string,
  build: (sequence: number) => { headers: Record<string, string>; body: string },
): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path,
      setupRequest: (request) => {
        lastSequence += 1;
        return { ...request, ...build(lastSequence) };
      },
    },
  ];
}

/** POST /api/v1/messages (or `path`) bodies over a pool of recipients with unique idempotency keys; tokens rotate. */
export function sendRequests(tokens: string[] = [], path = '/api/v1/messages'): autocannon.Request[] {
  return sequencedPost(path, (sequence) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (tokens.length > 0) headers.authorization = `Bearer ${tokens[sequence % tokens.length]}`;
    const phoneNumber = `+1415555${1_000 + (sequence % RECIPIENTS)}`;
    return {
      headers,
      body: JSON.stringify({ phone_number: phoneNumber, body: SMS_TEXT, idempotency_key: `bench-${process.pid}-${sequence}` }),
    };
  });
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

/** GET /api/v1/messages?<query(recipient)>&limit=25 over the fixture's numbers; tokens rotate. */
function listRequests(fixture: Fixture, query: (recipient: string) => string): autocannon.Request[] {
  const { tokens = [], listRecipients = [] } = fixture;
  let sequence = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        sequence += 1;
        const path = `/api/v1/messages?${query(listRecipients[sequence % listRecipients.length]!)}&limit=25`;
        return { ...request, path, headers: { authorization: `Bearer ${tokens[sequence % tokens.length]}` } };
      },
    },
  ];
}

/** GET /l/{code} over the fixture's tracked links, as phones following them would (a browser's user agent). */
function linkRequests(fixture: Fixture): autocannon.Request[] {
  const { linkCodes = [] } = fixture;
  let sequence = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        sequence += 1;
        const path = `/l/${linkCodes[sequence % linkCodes.length]}`;
        return { ...request, path, headers: { 'user-agent': LINK_USER_AGENT } };
      },
    },
  ];
}

const LINK_USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1';

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
        arguments: {
          phone_number: `+1415555${1_000 + (sequence % RECIPIENTS)}`,
          body: SMS_TEXT,
          idempotency_key: `bench-mcp-${process.pid}-${sequence}`,
        },
      },
    }),
  }));
}

/** Signed message.delivered events with unique ids, as a carrier posts them. */
function providerEventRequests(key: SigningKey | undefined): autocannon.Request[] {
  if (!key) throw new Error('the webhook scenario needs the signing key');
  return sequencedPost('/webhooks/sandbox/events', (sequence) => {
    const event = {
      type: 'message.delivered',
      id: `bench-${process.pid}-${sequence}`,
      message_id: `SBXbench${sequence % RECIPIENTS}`,
    };
    return {
      headers: { 'content-type': 'application/json', ...signWebhook(key, event, Date.now()) },
      body: JSON.stringify(event),
    };
  });
}

const floor = () => import('./floor.ts');

// The scenarios the targets name (run.ts, targets.ts).
export const SEND = 'POST /api/v1/messages';
export const GET = 'GET /api/v1/messages/{id}';
export const MCP_SEND = 'POST /mcp tools/call send_message';
export const INGESTION = 'POST /webhooks/sandbox/events (signed, unique event ids)';
export const LINK = 'GET /l/{code} (tracked link redirect)';
export const LIST = 'GET /api/v1/messages?phone_number=…&limit=25 (list)';
const app = () => import('./app.ts');

export const scenarios: Scenario[] = [
  {
    name: 'floor: bare node:http, one INSERT ... RETURNING (pg pool / PGlite)',
    floor: true,
    prepare: async (target) => (await floor()).prepareFloor(target),
    serve: async (target) => (await floor()).driverFloor(target),
    requests: () => sendRequests(),
    warmupRequests: () => 2_000,
  },
  {
    name: 'floor: bare node:http, one INSERT ... RETURNING through Prisma $queryRaw',
    prepare: async (target) => (await floor()).preparePrismaFloor(target),
    serve: async (target) => (await floor()).prismaFloor(target),
    requests: () => sendRequests(),
    warmupRequests: () => 2_000,
  },
  {
    name: SEND,
    prepare: async (target) => (await app()).prepareSending(target),
    serve: async (target) => (await app()).serveApp(target),
    twoProcesses: true,
    hot: true,
    requests: (fixture) => sendRequests(fixture.tokens),
    // Every token once, so the measured run finds each in the authenticator's cache.
    warmupRequests: (fixture) => fixture.tokens?.length ?? 0,
  },
  {
    name: GET,
    prepare: async (target) => (await app()).prepareReading(target),
    serve: async (target) => (await app()).serveApp(target),
    twoProcesses: true,
    hot: true,
    requests: readRequests,
    warmupRequests: (fixture) => fixture.tokens?.length ?? 0,
  },
  {
    name: LIST,
    prepare: async (target) => (await app()).prepareReading(target),
    serve: async (target) => (await app()).serveApp(target),
    hot: true,
    comparedWith: GET,
    requests: (fixture) => listRequests(fixture, (recipient) => `phone_number=${encodeURIComponent(recipient)}`),
    warmupRequests: (fixture) => fixture.tokens?.length ?? 0,
  },
  {
    name: 'GET /api/v1/messages?status=delivered&limit=25 (list)',
    prepare: async (target) => (await app()).prepareReading(target),
    serve: async (target) => (await app()).serveApp(target),
    hot: true,
    comparedWith: GET,
    requests: (fixture) => listRequests(fixture, () => 'status=delivered'),
    warmupRequests: (fixture) => fixture.tokens?.length ?? 0,
  },
  {
    name: MCP_SEND,
    // A tool call needs its route's scope beside mcp:execute.
    prepare: async (target) => (await app()).prepareSending(target, ['mcp:execute', 'messages:write']),
    serve: async (target) => (await app()).serveApp(target),
    hot: true,
    requests: (fixture) => mcpSendRequests(fixture.tokens),
    warmupRequests: (fixture) => fixture.tokens?.length ?? 0,
  },
  {
    name: INGESTION,
    prepare: async (target) => (await app()).prepareWebhooks(target),
    serve: async (target) => (await app()).serveApp(target),
    hot: true,
    requests: (fixture) => providerEventRequests(fixture.webhookKey),
    warmupRequests: () => 2_000,
  },
  {
    name: LINK,
    prepare: async (target) => (await app()).prepareLinks(target),
    serve: async (target) => (await app()).serveApp(target),
    expectedStatus: 302,
    atFloorRate: true,
    requests: linkRequests,
    // Every link once (its first click records the event), then repeats as the measured run has them.
    warmupRequests: (fixture) => 2 * (fixture.linkCodes?.length ?? 0),
  },
];
