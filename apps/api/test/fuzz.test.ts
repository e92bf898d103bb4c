import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * Hostile input over every route of /openapi.json (plus the hand-written MCP, OAuth, provider
 * webhook and tRPC routes): wrong types, huge bodies, deep nesting, bad UTF-8 and NUL bytes, bad
 * headers, path and query tricks, odd methods. The request list is generated from a fixed seed, so a
 * failure names a case that can be replayed. No response may be a 5xx, and no body may carry a
 * stack trace or an internal message.
 */

const SEED = 20_261_121;
const REQUESTS = 10_000;
const CONCURRENCY = 16;

type Case = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  raw?: Buffer;
  label: string;
};
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
};
type OpenApiOperation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Route = { method: string; path: string; bodySchema?: JsonSchema; query: { name: string; schema: JsonSchema }[] };

/** mulberry32: small, fast and good enough to pick cases reproducibly. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

// --- values -----------------------------------------------------------------------------------

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u200b\ufeff',
  '😀'.repeat(400),
  'x'.repeat(5_000),
  "' OR 1=1 --",
  '"; DROP TABLE messages; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\r\nSet-Cookie: x=1',
  'NaN',
  '-0',
  '1e999',
  '+1',
  '+999999999999999999999',
  '+14155550123',
  'txt_' + 'A'.repeat(43),
  'whsec_' + 'B'.repeat(32),
  'https://127.0.0.1/hook',
  'javascript:alert(1)',
  '__proto__',
];
const hostileNumbers = [0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE];
const wrongTypeValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  'string',
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: [] } },
  ...hostileStrings.slice(0, 8),
];

function deep(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A plausible valid value for a schema, so mutations start from something that gets past the first check. */
function sample(schema: JsonSchema | undefined, schemas: Record<string, JsonSchema>, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.$ref) return sample(schemas[schema.$ref.split('/').pop()!], schemas, name, depth + 1);
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf ?? schema.oneOf) return sample((schema.anyOf ?? schema.oneOf)![0], schemas, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) out[key] = sample(property, schemas, key, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, schemas, name, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, name.includes('cents') ? 500 : 1);
    case 'boolean':
      return true;
    case 'string':
      if (name.includes('phone')) return '+14155550123';
      if (schema.format === 'uri' || name.includes('website') || name.includes('url')) return 'https://example.com/';
      if (schema.pattern?.includes(':')) return '09:00';
      return 'fuzz'.padEnd(schema.minLength ?? 1, 'z');
    default:
      return 'fuzz';
  }
}

function mutate(value: unknown, rng: Random, depth = 0): unknown {
  if (value !== null && typeof value === 'object' && depth < 5 && rng.chance(0.7)) {
    const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
      ? [...value]
      : { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const roll = rng.next();
    if (keys.length > 0 && roll < 0.6) {
      const key = rng.pick(keys);
      (copy as Record<string, unknown>)[key] = mutate((copy as Record<string, unknown>)[key], rng, depth + 1);
    } else if (keys.length > 0 && roll < 0.75) {
      Reflect.deleteProperty(copy, rng.pick(keys));
    } else {
      (copy as Record<string, unknown>)[rng.pick(['unknown_field', '__proto__', 'constructor', 'id', 'workspace_id', ''])] =
        rng.pick(wrongTypeValues);
    }
    return copy;
  }
  if (typeof value === 'string') return rng.chance(0.5) ? rng.pick(hostileStrings) : rng.pick(wrongTypeValues);
  if (typeof value === 'number') return rng.chance(0.6) ? rng.pick(hostileNumbers) : rng.pick(wrongTypeValues);
  return rng.pick(wrongTypeValues);
}

// --- bodies, headers, paths --------------------------------------------------------------------

const invalidUtf8 = [
  Buffer.from([0xff, 0xfe, 0xfd]),
  Buffer.from([0xc0, 0xaf]), // overlong '/'
  Buffer.from([0xed, 0xa0, 0x80]), // encoded surrogate
  Buffer.from([0xe2, 0x82]), // truncated
  Buffer.from([0x00]),
];

function jsonWithBytes(template: unknown, rng: Random): Buffer {
  // Bad bytes inside a string value of an otherwise well-formed body.
  const marker = '@@BYTES@@';
  // JSON.stringify(undefined) is undefined, which its declared return type leaves out.
  const text =
    (JSON.stringify(template, (_key, value: unknown) => (typeof value === 'string' ? `${value}${marker}` : value)) as
      string | undefined) ?? 'null';
  const parts = text.split(marker);
  const bytes = rng.pick(invalidUtf8);
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [Buffer.from(part)] : [bytes, Buffer.from(part)])));
}

function bodyFor(
  route: Route,
  schemas: Record<string, JsonSchema>,
  rng: Random,
): { body?: Buffer | string; contentType?: string; label: string } {
  const valid = sample(route.bodySchema ?? { type: 'object', properties: {} }, schemas);
  const kind = rng.next();
  if (kind < 0.4) return { body: JSON.stringify(mutate(valid, rng)), contentType: 'application/json', label: 'mutated' };
  if (kind < 0.5) return { body: JSON.stringify(valid), contentType: 'application/json', label: 'valid' };
  if (kind < 0.58)
    return { body: JSON.stringify(rng.pick(wrongTypeValues)), contentType: 'application/json', label: 'wrong top-level type' };
  if (kind < 0.64) {
    const size = rng.pick([70_000, 1_000_000, 3_000_000]);
    return { body: `{"body":"${'x'.repeat(size)}"}`, contentType: 'application/json', label: `huge ${size}` };
  }
  if (kind < 0.72) {
    const depth = rng.pick([100, 1_000, 10_000, 30_000]);
    const nested = deep(depth, rng.chance(0.5) ? 'array' : 'object');
    const container = rng.chance(0.5) && valid && typeof valid === 'object' ? { ...valid, metadata: '@@' } : '@@';
    return { body: JSON.stringify(container).replace('"@@"', nested), contentType: 'application/json', label: `nested ${depth}` };
  }
  if (kind < 0.8)
    return {
      body: jsonWithBytes(valid, rng),
      contentType: rng.pick(['application/json', 'application/json; charset=utf-8']),
      label: 'bad utf-8',
    };
  if (kind < 0.88) {
    return {
      body: rng.pick([
        '{',
        '{"a":}',
        '[1,]',
        "{'a':1}",
        'null',
        '',
        '\u0000',
        '{"a":1}{"b":2}',
        '{"__proto__":{"admin":true}}',
        '{"a":1,"a":2}',
      ]),
      contentType: 'application/json',
      label: 'malformed json',
    };
  }
  return {
    body: JSON.stringify(valid),
    contentType: rng.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json; charset=nonsense',
      'application/xml',
      '*/*',
      '',
    ]),
    label: 'content type',
  };
}

const idTricks = [
  'does_not_exist',
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '%ff',
  '%E0%A4%A',
  '%',
  'a'.repeat(5_000),
  '%F0%9F%98%80',
  "1'%20OR%20'1'='1",
  '__proto__',
  'constructor',
  '%0d%0aX-Injected:%201',
  '{id}',
  ';',
  '..%5c..%5c',
  'msg_' + 'Z'.repeat(24),
];

function pathFor(route: Route, realIds: string[], rng: Random): string {
  // Real ids of any kind (a message id on a campaign route too) as well as tricks.
  let path = route.path.replace(/\{\w+\}/g, () => (rng.chance(0.2) ? rng.pick(realIds) : rng.pick(idTricks)));
  if (rng.chance(0.1))
    path = rng.pick([
      `${path}/`,
      `${path}//`,
      path.toUpperCase(),
      `${path}/..`,
      `${path}%2f`,
      path.replace('/api/v1', '/api/v1/.'),
    ]);
  if (route.query.length > 0 || rng.chance(0.2)) {
    const queries = route.query.length > 0 ? route.query.map((parameter) => parameter.name) : ['limit', 'cursor'];
    const name = rng.pick(queries);
    path += `?${rng.pick([
      `${name}=-1`,
      `${name}=0`,
      `${name}=1e9`,
      `${name}=abc`,
      `${name}=%ff`,
      `${name}[]=1&${name}[]=2`,
      `${name}[a][b]=1`,
      `${name}=1&${name}=2`,
      `__proto__[x]=1`,
      `${name}=${'9'.repeat(400)}`,
      `${name}=`,
      name,
    ])}`;
  }
  return path;
}

function headersFor(token: string, rng: Random): Record<string, string> {
  const headers: Record<string, string> = {};
  const auth = rng.next();
  if (auth < 0.55) headers.authorization = `Bearer ${token}`;
  else if (auth < 0.9) {
    headers.authorization = rng.pick([
      '',
      'Bearer',
      'Bearer ',
      `Bearer ${token} extra`,
      `bearer ${token}`,
      `Bearer ${'x'.repeat(8_000)}`,
      'Bearer txt_\u00ff\u00fe',
      'Basic YTpi',
      `Bearer ${token.slice(0, -1)}`,
      'Bearer txk_' + 'C'.repeat(43),
      'Bearer ' + token + '\t',
    ]);
  }
  if (rng.chance(0.15))
    headers.cookie = rng.pick([
      'textline_session=%E0%A4%A',
      'textline_session=',
      '=;;=',
      `textline_session=${'s'.repeat(2_000)}`,
      'a=\u00ff',
    ]);
  if (rng.chance(0.1))
    headers['x-forwarded-for'] = rng.pick(['not-an-ip', '999.1.1.1', '::ffff:zz', ', , ,', '1.1.1.1, 2.2.2.2', '\u00ff']);
  if (rng.chance(0.1)) headers['x-request-id'] = rng.pick(['\u00ff', 'a'.repeat(500), '../../', '']);
  if (rng.chance(0.1)) headers.accept = rng.pick(['text/html', 'application/xml', '*/*;q=abc', '']);
  if (rng.chance(0.05)) headers['x-csrf-token'] = rng.pick(['', 'x'.repeat(3_000)]);
  if (rng.chance(0.05)) headers['content-encoding'] = rng.pick(['gzip', 'br', 'identity, gzip', 'unknown']);
  return headers;
}

/** Routes openapi.json does not describe because their wire format is not the contract's. */
const handWrittenRoutes: Route[] = [
  {
    method: 'POST',
    path: '/mcp',
    query: [],
    bodySchema: {
      type: 'object',
      properties: {
        jsonrpc: { enum: ['2.0'] },
        id: { type: 'integer' },
        method: { enum: ['tools/call'] },
        params: {
          type: 'object',
          properties: {
            name: { enum: ['send_message'] },
            arguments: { type: 'object', properties: { phone_number: { type: 'string' }, body: { type: 'string' } } },
          },
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/webhooks/sandbox/events',
    query: [],
    bodySchema: {
      type: 'object',
      properties: { type: { enum: ['message.delivered'] }, id: { type: 'string' }, message_id: { type: 'string' } },
    },
  },
  {
    method: 'POST',
    path: '/webhooks/sandbox/incoming',
    query: [],
    bodySchema: {
      type: 'object',
      properties: { id: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, body: { type: 'string' } },
    },
  },
  {
    method: 'POST',
    path: '/webhooks/sandboxpay/events',
    query: [],
    bodySchema: {
      type: 'object',
      properties: {
        event: { enum: ['funding.completed'] },
        event_id: { type: 'string' },
        session_id: { type: 'string' },
        amount_cents: { type: 'integer' },
      },
    },
  },
  {
    method: 'POST',
    path: '/oauth/register',
    query: [],
    bodySchema: {
      type: 'object',
      properties: { redirect_uris: { type: 'array', items: { type: 'string', format: 'uri' } }, client_name: { type: 'string' } },
    },
  },
  {
    method: 'POST',
    path: '/oauth/token',
    query: [],
    bodySchema: {
      type: 'object',
      properties: {
        grant_type: { enum: ['authorization_code'] },
        code: { type: 'string' },
        code_verifier: { type: 'string' },
        client_id: { type: 'string' },
      },
    },
  },
  { method: 'POST', path: '/oauth/revoke', query: [], bodySchema: { type: 'object', properties: { token: { type: 'string' } } } },
  {
    method: 'GET',
    path: '/oauth/authorize',
    query: [
      { name: 'client_id', schema: {} },
      { name: 'redirect_uri', schema: {} },
      { name: 'code_challenge', schema: {} },
    ],
  },
  {
    method: 'POST',
    path: '/trpc/messages.create',
    query: [],
    bodySchema: { type: 'object', properties: { phone_number: { type: 'string' }, body: { type: 'string' } } },
  },
  { method: 'GET', path: '/trpc/messages.get', query: [{ name: 'input', schema: {} }] },
];

const oddMethods = ['PUT', 'OPTIONS', 'HEAD', 'PROPFIND', 'TRACE', 'PATCH', 'DELETE'];

function generateCases(routes: Route[], schemas: Record<string, JsonSchema>, token: string, realIds: string[]): Case[] {
  const rng = random(SEED);
  const cases: Case[] = [];
  // Every route gets the same share, whatever its position.
  for (let index = 0; cases.length < REQUESTS - RAW_CASES; index += 1) {
    const route = routes[index % routes.length]!;
    const method = rng.chance(0.06) ? rng.pick(oddMethods) : route.method;
    const headers = headersFor(token, rng);
    const path = pathFor(route, realIds, rng);
    const sendsBody =
      method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && (route.bodySchema !== undefined || rng.chance(0.3));
    if (!sendsBody) {
      cases.push({ method, path, headers, label: 'no body' });
      continue;
    }
    const { body, contentType, label } = bodyFor(route, schemas, rng);
    if (contentType) headers['content-type'] = contentType;
    cases.push({ method, path, headers, body, label });
  }
  return cases;
}

// Requests node:http refuses to build: raw bytes in the request line and headers.
const RAW_CASES = 200;
function rawCases(token: string): Case[] {
  const rng = random(SEED + 1);
  const lines = [
    (path: string) => Buffer.concat([Buffer.from(`GET ${path}`), rng.pick(invalidUtf8), Buffer.from(' HTTP/1.1\r\n')]),
    (path: string) => Buffer.from(`GET ${path}/a b HTTP/1.1\r\n`),
    (path: string) => Buffer.from(`GET ${path}\u0000 HTTP/1.1\r\n`, 'latin1'),
    (path: string) => Buffer.from(`POST ${path} HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n`),
    (path: string) => Buffer.from(`GET ${path} HTTP/1.1\r\nAuthorization: Bearer ${token}\u00ff\u00fe\r\n`, 'latin1'),
    (path: string) => Buffer.from(`GET ${path} HTTP/1.1\r\nX-Long: ${'y'.repeat(20_000)}\r\n`),
    (path: string) => Buffer.from(`GET http://evil.example${path} HTTP/1.1\r\n`),
    (path: string) => Buffer.from(`GET //${path} HTTP/1.1\r\n`),
  ];
  const paths = ['/api/v1/messages', '/api/v1/campaigns', '/mcp', '/webhooks/sandbox/events', '/api/v1/messages/msg_x'];
  return Array.from({ length: RAW_CASES }, (_, index) => {
    const line = lines[index % lines.length]!(rng.pick(paths));
    const body = index % lines.length === 3 ? Buffer.from('5\r\n{"a":\r\nZZ\r\nxx\r\n0\r\n\r\n') : Buffer.alloc(0);
    return {
      method: 'RAW',
      path: '',
      headers: {},
      raw: Buffer.concat([line, Buffer.from('Host: 127.0.0.1\r\nConnection: close\r\n\r\n'), body]),
      label: `raw ${index % lines.length}`,
    };
  });
}

// --- sending and checking ----------------------------------------------------------------------

type Outcome = { status: number; contentType: string; text: string };

function send(baseUrl: string, agent: Agent, testCase: Case): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}${testCase.path}`,
      { method: testCase.method, headers: testCase.headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    // A server that stops reading a body it refused (413) may reset the connection before we finish writing.
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve({ status: 0, contentType: '', text: '' }) : reject(error),
    );
    outgoing.end(testCase.body);
  });
}

function sendRaw(port: number, testCase: Case): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status, contentType: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '', text: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(10_000, () => socket.destroy());
    socket.end(testCase.raw ?? Buffer.alloc(0));
  });
}

const leakPatterns: [string, RegExp][] = [
  ['stack frame', /\n\s+at |\bat [\w.<>]+ \(|:\d+:\d+\)/],
  ['source path', /node_modules|\/work\/|\/src\/|\.ts:\d+|file:\/\//],
  [
    'database internals',
    /[Pp]risma|SELECT .* FROM|INSERT INTO|invalid input syntax|duplicate key value|violates .* constraint|relation "|invalid byte sequence|unsupported Unicode escape/,
  ],
  [
    'runtime error',
    /TypeError|ReferenceError|SyntaxError|RangeError|Cannot read prop|is not a function|undefined is not|Maximum call stack|in JSON at position|Unexpected token/,
  ],
  ['connection error', /ECONNREFUSED|ETIMEDOUT|EPIPE/],
];

function problemsWith(outcome: Outcome): string[] {
  const problems: string[] = [];
  if (outcome.status >= 500) problems.push(`status ${outcome.status}`);
  // Our errors are JSON; an HTML error page would be express's default handler, which prints stacks.
  if (outcome.status >= 400 && outcome.contentType.includes('text/html')) problems.push('HTML error page');
  for (const [name, pattern] of leakPatterns) if (pattern.test(outcome.text)) problems.push(name);
  return problems;
}

function describeCase(testCase: Case): string {
  const body = testCase.raw ?? testCase.body;
  const preview = body === undefined ? '' : ` body ${JSON.stringify(String(body).slice(0, 120))}`;
  return `${testCase.label}: ${testCase.method} ${testCase.path.slice(0, 150)} headers ${JSON.stringify(testCase.headers).slice(0, 200)}${preview}`;
}

let app: TestApp;
let token: string;
let messageId: string;
let realIds: string[];

beforeAll(async () => {
  // Jobs stay off: the fuzzer is about what the HTTP surface answers.
  app = await startTestApp({}, { startJobs: false });
  const sender = await sendingWorkspace(app);
  token = sender.token;
  const sent = await call(app, 'POST', '/api/v1/messages', { token, body: { phone_number: '+14155550199', body: 'fuzz seed' } });
  const campaign = await call(app, 'POST', '/api/v1/campaigns', { token, body: { name: 'fuzz' } });
  const snippet = await call(app, 'POST', '/api/v1/snippets', { token, body: { name: 'fuzz', body: 'hello' } });
  const list = await call(app, 'POST', '/api/v1/contact-lists', { token, body: { name: 'fuzz' } });
  messageId = sent.body.message.id;
  realIds = [
    messageId,
    'send_message',
    ...[campaign, snippet, list].map((created) => JSON.stringify(created.body).match(/"id":"([^"]+)"/)![1]!),
  ];
  // An unrelated second workspace, so ids of someone else's data are among the tricks.
  await createDeveloper(app);
});
afterAll(async () => {
  await app.close();
});

describe('hostile input fuzzer', () => {
  it(`answers ${REQUESTS} generated hostile requests without a 5xx or a leak`, async () => {
    const document = (await call(app, 'GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, OpenApiOperation>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const routes: Route[] = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        bodySchema: operation.requestBody?.content['application/json']?.schema,
        query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
      })),
    );
    expect(routes.length).toBeGreaterThan(30);
    const cases = [
      ...generateCases([...routes, ...handWrittenRoutes], document.components?.schemas ?? {}, token, realIds),
      ...rawCases(token),
    ];
    expect(cases.length).toBeGreaterThanOrEqual(REQUESTS);

    const port = Number(new URL(app.baseUrl).port);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const testCase = cases[next++]!;
        const outcome = testCase.raw ? await sendRaw(port, testCase) : await send(app.baseUrl, agent, testCase);
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        const problems = problemsWith(outcome);
        if (problems.length > 0 && failures.length < 20)
          failures.push(`${problems.join(', ')} <- ${describeCase(testCase)}\n   ${outcome.text.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    console.log('fuzzer status counts:', JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b))));
    expect(failures).toEqual([]);
    // The server is still healthy and still serves a legitimate request.
    expect((await call(app, 'GET', `/api/v1/messages/${messageId}`, { token })).status).toBe(200);
    // Nothing the fuzzer sent was logged as an unhandled error either.
    expect(app.logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  }, 240_000);
});

describe('what the fuzzer found, pinned', () => {
  const json = { 'content-type': 'application/json' };

  it.each([
    ['a path parameter that is not UTF-8', 'GET', '/api/v1/messages/%ff', undefined, {}, 404],
    ['a NUL in a path parameter', 'GET', '/api/v1/onboarding/funding-invoices/%00', undefined, {}, 404],
    ['a NUL in the query', 'GET', '/api/v1/campaigns?cursor=%00', undefined, {}, 422],
    ['a NUL in a body string', 'POST', '/api/v1/messages', '{"phone_number":"+14155550123","body":"a\\u0000b"}', json, 422],
    [
      'an unpaired surrogate in metadata',
      'POST',
      '/api/v1/messages',
      '{"phone_number":"+14155550123","body":"x","metadata":{"k":"\\ud800"}}',
      json,
      422,
    ],
    [
      'JSON nested 100 levels deep',
      'POST',
      '/api/v1/messages',
      `{"phone_number":"+14155550123","body":"x","metadata":{"k":${deep(100, 'array')}}}`,
      json,
      422,
    ],
    [
      'a gzip body that does not inflate',
      'POST',
      '/api/v1/messages',
      '{"body":"x"}',
      { ...json, 'content-encoding': 'gzip' },
      400,
    ],
    [
      'the same on a provider webhook',
      'POST',
      '/webhooks/sandbox/events',
      '{"id":"x"}',
      { ...json, 'content-encoding': 'gzip' },
      401,
    ],
    ['an unsupported method on /trpc', 'OPTIONS', '/trpc/messages.create', undefined, {}, 415],
    ['tRPC input that is not JSON', 'GET', '/trpc/messages.get?input=abc', undefined, {}, 400],
  ] as const)('%s', async (_name, method, path, rawBody, headers, status) => {
    const response = await call(app, method, path, {
      token,
      headers: { ...headers },
      ...(rawBody === undefined ? {} : { rawBody }),
    });
    expect(response.status).toBe(status);
    expect(
      problemsWith({
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text: JSON.stringify(response.body),
      }),
    ).toEqual([]);
  });
});
