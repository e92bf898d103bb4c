import { Agent, get, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operations } from '@textline/contract';
import { createApiServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import { lazyChild } from '../src/lib/lazy-child-logger.ts';
import { restRoutes } from '../src/http/rest.ts';
import { servedOperations } from '../src/operations/index.ts';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { appRouter, type AppRouter } from '../src/trpc/router.ts';
import {
  assertNoSecretsLogged,
  call,
  captureLogs,
  createAccount,
  createDeveloper,
  startTestApp,
  type TestApp,
} from './harness.ts';
import { tokenWithScopes } from './mcp-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('health', () => {
  it.each(['/health', '/api/v1/health', '/mcp/health'])('%s answers 200 with database status', async (path) => {
    const response = await call(app, 'GET', path);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok', mode: app.config.mode, version: '1.0.0-alpha' });
  });
});

describe('configuration', () => {
  it('bounds heap growth by default in both modes, and HEAP_GROWTH_PERCENT overrides it', () => {
    const scaled = { DATABASE_URL: 'postgresql://db.invalid/textline', REDIS_URL: 'redis://redis.invalid:6379' };
    expect(loadConfig({}).heapGrowthPercent).toBe(150);
    expect(loadConfig(scaled).heapGrowthPercent).toBe(150);
    expect(loadConfig({ ...scaled, HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '50' }).heapGrowthPercent).toBe(50);
  });

  it('refuses to start a production server without an https PUBLIC_BASE_URL, saying why', () => {
    const production = { NODE_ENV: 'production' };
    const refusal =
      /PUBLIC_BASE_URL: NODE_ENV=production requires the https URL clients reach this server at .*never the request's Host header/;
    expect(() => loadConfig(production)).toThrow(refusal);
    expect(() => loadConfig({ ...production, PUBLIC_BASE_URL: 'http://sms.example.test' })).toThrow(refusal);
    expect(loadConfig({ ...production, PUBLIC_BASE_URL: 'https://sms.example.test' }).publicBaseUrl).toBe(
      'https://sms.example.test',
    );
    // A worker or the operator CLI answers no HTTP, so it names no URL of its own.
    expect(loadConfig(production, { servesHttp: false }).publicBaseUrl).toBeUndefined();
    expect(loadConfig({}).publicBaseUrl).toBeUndefined();
  });
});

describe('request loggers', () => {
  it('make their child logger only for a call at an enabled level, bound to the request', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', captureLogs(lines));
    const made = vi.spyOn(logger, 'child');
    const requestLogger = lazyChild(logger, { request_id: 'req-1' });
    requestLogger.info({ detail: 1 }, 'below the level');
    expect(made).not.toHaveBeenCalled();
    requestLogger.warn({ detail: 2 }, 'at the level');
    expect(made).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ request_id: 'req-1', detail: 2, msg: 'at the level' }),
    ]);
    expect(requestLogger.isLevelEnabled('warn')).toBe(true);
  });

  it("writes what pino's own child writes, redaction, nested children and levels included", async () => {
    const written = (makeChild: (logger: ReturnType<typeof createLogger>) => ReturnType<typeof createLogger>) => {
      const lines: string[] = [];
      const requestLogger = makeChild(createLogger('info', captureLogs(lines)));
      requestLogger.debug({ detail: 0 }, 'below the level');
      requestLogger.info({ detail: 1, password: 'hunter2' }, 'at the level');
      requestLogger.child({ job: 'send' }).warn('from a grandchild');
      requestLogger.error(new Error('failed'));
      return {
        lines,
        level: requestLogger.level,
        enabled: [requestLogger.isLevelEnabled('debug'), requestLogger.isLevelEnabled('info')],
        bindings: requestLogger.bindings(),
      };
    };
    const bindings = { request_id: 'req-2' };
    const lazy = written((logger) => lazyChild(logger, bindings));
    const eager = written((logger) => logger.child(bindings));
    await new Promise((resolve) => setImmediate(resolve));
    // The time, and the stack of the logged error (the two calls come from different lines), differ.
    const comparable = (line: string) => {
      const { time: _time, err, ...fields } = JSON.parse(line) as Record<string, unknown>;
      return { ...fields, err: { ...(err as object), stack: undefined } };
    };
    expect(lazy.lines).toHaveLength(3);
    expect(lazy.lines.map(comparable)).toEqual(eager.lines.map(comparable));
    expect({ ...lazy, lines: [] }).toEqual({ ...eager, lines: [] });
  });
});

describe('connections', () => {
  it('keeps an idle keep-alive connection longer than a load balancer does (65 s)', async () => {
    const agent = new Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      get(`${app.baseUrl}/health`, { agent }, (response) => {
        response.resume();
        resolve(response.headers['keep-alive']?.toString());
      }).on('error', reject);
    });
    agent.destroy();
    expect(keepAlive).toBe('timeout=65');
  });

  it('hands express requests and responses born with its prototypes, so it need not swap them per request', async () => {
    const server = createApiServer(app.services);
    const seen: { requestHasGet: boolean; responseHasStatus: boolean }[] = [];
    // Runs before express: what node made, not what express turned it into.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      seen.push({
        requestHasGet: typeof (req as { get?: unknown }).get === 'function',
        responseHasStatus: typeof (res as { status?: unknown }).status === 'function',
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      expect(response.status).toBe(200);
      expect(seen).toEqual([{ requestHasGet: true, responseHasStatus: true }]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
  it('keeps the prototypes its requests and responses were born with: express sets exactly those', async () => {
    const server = createApiServer(app.services);
    const prototypes: { request: object | null; response: object | null }[] = [];
    const record = (req: IncomingMessage, res: ServerResponse) => {
      prototypes.push({
        request: Object.getPrototypeOf(req) as object | null,
        response: Object.getPrototypeOf(res) as object | null,
      });
    };
    // Before express (what node made) and after its app.handle ran synchronously (what express set).
    server.prependListener('request', record);
    server.on('request', record);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      const [born, handled] = prototypes;
      expect(handled).toEqual(born);
      expect(born?.request).not.toBe(IncomingMessage.prototype);
      expect(born?.response).not.toBe(ServerResponse.prototype);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('routing and errors', () => {
  it('serves every contract operation as a procedure, and exactly one REST route per operation with a REST path', () => {
    expect(Object.keys(appRouter._def.procedures).sort()).toEqual(Object.keys(operations).sort());
    // One handler per operation, listed under the operation's own procedure path.
    expect(servedOperations.map(({ procedurePath }) => procedurePath).sort()).toEqual(Object.keys(operations).sort());
    for (const { procedurePath, handler } of servedOperations)
      expect(handler.operation, procedurePath).toBe(operations[procedurePath]);
    const served = restRoutes().map(({ procedurePath, operation }) => [procedurePath, operation.name]);
    const withRestPath = Object.entries(operations).flatMap(([name, operation]) => (operation.path === null ? [] : [name]));
    expect(served.map(([path]) => path).sort()).toEqual(withRestPath.sort());
    for (const [path, name] of served) expect(name).toBe(path);
  });

  it('answers unknown paths with 404 not_found in the object form', async () => {
    const response = await call(app, 'GET', '/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({
      code: 'not_found',
      message: expect.any(String),
      fix: expect.any(String),
      retry: expect.any(String),
    });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await call(app, 'GET', '/api/v1/accounts');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('routes REST paths as express would: any letter case and one trailing slash, not two', async () => {
    const { token } = await createDeveloper(app);
    for (const path of ['/API/V1/Snippets', '/api/v1/snippets/']) {
      const response = await call(app, 'GET', path, { token });
      expect(response.status, path).toBe(200);
      expect(response.body, path).toMatchObject({ snippets: [] });
    }
    expect((await call(app, 'GET', '/api/v1/snippets//', { token })).status).toBe(404);
    expect((await call(app, 'GET', '/API/V1/Accounts/')).headers.get('allow')).toBe('POST');
    // Paths with parameters, and the REST routes under /mcp, whose other paths belong to the MCP router.
    expect((await call(app, 'PUT', '/API/V1/Campaigns/cmp_unknown/')).headers.get('allow')).toBe('GET, PATCH');
    expect((await call(app, 'GET', '/MCP/Health')).status).toBe(200);
    expect((await call(app, 'GET', '/mcp')).headers.get('allow')).toBe('POST');
  });

  it('sets a request id and security headers', async () => {
    const response = await call(app, 'GET', '/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('hides internal errors behind a generic 500 with a request id', async () => {
    const original = app.services.prisma.account.findUnique.bind(app.services.prisma.account);
    app.services.prisma.account.findUnique = (() => Promise.reject(new Error('secret internal detail at /srv/x.ts:12'))) as never;
    try {
      const response = await call(app, 'POST', '/api/v1/accounts', {
        body: { username: 'boom_user', password: 'long enough password' },
        headers: { 'x-forwarded-for': '192.0.2.9' },
      });
      expect(response.status).toBe(500);
      expect(response.body.error).toMatchObject({ code: 'internal_error', request_id: expect.any(String) });
      // The failure's log lines carry the same request id, for support to find them.
      const logged = app.logs.map((line) => JSON.parse(line) as { msg?: string; request_id?: string });
      const requestId = response.body.error.request_id;
      expect(logged).toContainEqual(expect.objectContaining({ msg: 'unhandled error', request_id: requestId }));
      expect(logged).toContainEqual(expect.objectContaining({ msg: 'request failed', request_id: requestId, status: 500 }));
      expect(JSON.stringify(response.body)).not.toContain('secret internal detail');
      expect(JSON.stringify(response.body)).not.toContain('.ts');
    } finally {
      app.services.prisma.account.findUnique = original;
    }
  });

  it('gives /trpc callers the same error bodies and no stack', async () => {
    const response = await call(app, 'POST', '/trpc/accounts.create', { body: { username: 'x', password: 'y' } });
    expect(response.status).toBe(422);
    const text = JSON.stringify(response.body);
    expect(text).toContain('validation_failed');
    expect(text).not.toContain('stack');
  });

  it("gives /trpc clients the tRPC code of the error's status, in the envelope and in data, with that HTTP status", async () => {
    const sender = await sendingWorkspace(app, { tier: 'starter' });
    const numbersOnly = await tokenWithScopes(app, sender.workspaceId, ['numbers:read']);
    const clientWith = (token?: string) =>
      createTRPCClient<AppRouter>({
        links: [httpLink({ url: `${app.baseUrl}/trpc`, headers: token ? { authorization: `Bearer ${token}` } : {} })],
      });
    const client = clientWith(sender.token);
    // The starter tier's burst is one send, and the test clock never refills it.
    await client.messages.create.mutate({ phone_number: '+14155550123', body: 'first' });
    const cases = [
      [() => client.messages.get.query({ id: 'msg_unknown' }), 404, 'NOT_FOUND', 'not_found'],
      [() => client.messages.get.query({ id: '' }), 422, 'UNPROCESSABLE_CONTENT', 'validation_failed'],
      [
        () => client.messages.create.mutate({ phone_number: '+14155550123', body: 'second' }),
        429,
        'TOO_MANY_REQUESTS',
        'message_send_rate_limited',
      ],
      [() => clientWith().messages.get.query({ id: 'msg_unknown' }), 401, 'UNAUTHORIZED', 'unauthorized'],
      [() => clientWith(numbersOnly).messages.get.query({ id: 'msg_unknown' }), 403, 'FORBIDDEN', 'unauthorized'],
    ] as const;
    for (const [callProcedure, status, code, catalogueCode] of cases) {
      const error = await callProcedure().then(
        () => expect.unreachable(`${code}: the call succeeded`),
        (thrown: unknown) => thrown,
      );
      if (!(error instanceof TRPCClientError)) throw error;
      expect((error.meta?.response as Response | undefined)?.status, code).toBe(status);
      expect(error.shape?.code, code).toBe(TRPC_ERROR_CODES_BY_KEY[code]);
      expect(error.data, code).toMatchObject({ code, httpStatus: status });
      const body = (error.data as { body: { error: string | { code: string } } }).body;
      expect(typeof body.error === 'string' ? body.error : body.error.code, code).toBe(catalogueCode);
    }
  });
});

describe('openapi', () => {
  it('serves the document and the docs page', async () => {
    const document = await call(app, 'GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toMatch(/^3\./);
    const accounts = document.body.paths['/api/v1/accounts'].post;
    expect(Object.keys(accounts.responses)).toEqual(expect.arrayContaining(['201', '422', '429']));
    expect(accounts.responses['200']).toBeUndefined();
    expect(accounts.responses['429'].content['application/json'].examples.account_creation_rate_limited.value).toEqual({
      error: 'account_creation_rate_limited',
      message: expect.stringContaining('one account'),
      fix: expect.stringContaining('retry_after_seconds'),
      retry_after_seconds: 300,
    });
    const apiKey = document.body.paths['/api/v1/onboarding/api-key'].post;
    expect(apiKey.security).toEqual([{ bearerAuth: ['onboarding:write'] }]);
    expect(Object.keys(apiKey.responses)).toEqual(expect.arrayContaining(['201', '401', '403']));
    const docs = await fetch(`${app.baseUrl}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui-bundle.js');
    expect((await fetch(`${app.baseUrl}/docs/assets/swagger-ui-bundle.js`)).status).toBe(200);
  });
});

describe('log hygiene', () => {
  it('the per-app log scan catches a leaked token (the guard every suite relies on)', async () => {
    const own = await startTestApp();
    const account = await createAccount(own);
    assertNoSecretsLogged(own);
    own.services.log.info(`oops ${account.token.access_token}`);
    expect(() => assertNoSecretsLogged(own)).toThrow(/secrets reached the logs/);
    own.logs.length = 0;
    await own.close();
  });
});
