import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@textline/contract';
import { loadConfig } from '../src/config.ts';
import { call, freshIp, startTestApp, type TestApp } from './harness.ts';

const password = 'correct horse battery staple';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

function uniqueName(prefix = 'agent') {
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
}

describe('POST /api/v1/accounts', () => {
  it('creates an account with backup codes and a working token', async () => {
    const username = uniqueName();
    const response = await call(app, 'POST', '/api/v1/accounts', {
      body: { username, password },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(201);
    expect(response.body.account).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), username });
    expect(response.body.backup_codes).toHaveLength(10);
    expect(new Set(response.body.backup_codes).size).toBe(10);
    expect(response.body.token).toEqual({
      type: 'Bearer',
      access_token: expect.stringMatching(/^txt_[0-9A-Za-z]{43}$/),
      scopes: ['mcp:read', 'mcp:execute', 'messages:write'],
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(new Date(response.body.token.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('stores only hashes of the token, password and backup codes', async () => {
    const username = uniqueName();
    const response = await call(app, 'POST', '/api/v1/accounts', {
      body: { username, password },
      headers: { 'x-forwarded-for': freshIp() },
    });
    const account = await app.services.prisma.account.findUniqueOrThrow({
      where: { id: response.body.account.id },
      include: { backupCodes: true },
    });
    expect(account.passwordHash).not.toContain(password);
    expect(account.passwordHash).toMatch(/^scrypt\$/);
    expect(account.createdIpHmac).toMatch(/^[0-9a-f]{64}$/);
    for (const code of account.backupCodes) expect(response.body.backup_codes).not.toContain(code.codeHash);
    const tokens = await app.services.prisma.accessToken.findMany({ where: { workspace: { accountId: account.id } } });
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toContain(response.body.token.access_token);
  });

  it.each([
    ['missing body', undefined, 'validation_failed'],
    ['missing password', { username: 'someone_ok' }, 'password'],
    ['short password', { username: 'someone_ok', password: 'short' }, 'password'],
    ['bad username characters', { username: 'bad name!', password }, 'username'],
    ['short username', { username: 'ab', password }, 'username'],
    ['unknown field', { username: 'someone_ok', password, email: 'x@example.com' }, 'email'],
    ['wrong type', { username: 42, password }, 'username'],
  ])('answers 422 validation_failed for %s', async (_name, body, field) => {
    const response = await call(app, 'POST', '/api/v1/accounts', { body, headers: { 'x-forwarded-for': freshIp() } });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.fix).toEqual(expect.any(String));
    expect(response.body.error.retry).toEqual(expect.any(String));
    if (field !== 'validation_failed')
      expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('refuses a duplicate username ignoring case with 422', async () => {
    const username = uniqueName('Dup');
    expect(
      (await call(app, 'POST', '/api/v1/accounts', { body: { username, password }, headers: { 'x-forwarded-for': freshIp() } }))
        .status,
    ).toBe(201);
    const again = await call(app, 'POST', '/api/v1/accounts', {
      body: { username: username.toUpperCase(), password },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(again.status).toBe(422);
    expect(again.body.error.issues).toEqual([{ path: 'username', message: expect.stringContaining('taken') }]);
  });

  it('answers 400 invalid_json, 415 and 413 for broken bodies', async () => {
    const ip = { 'x-forwarded-for': freshIp() };
    const broken = await call(app, 'POST', '/api/v1/accounts', {
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json', ...ip },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('invalid_json');
    const form = await call(app, 'POST', '/api/v1/accounts', {
      rawBody: 'username=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...ip },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('unsupported_media_type');
    const huge = await call(app, 'POST', '/api/v1/accounts', { body: { username: 'x'.repeat(200_000), password }, headers: ip });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    const array = await call(app, 'POST', '/api/v1/accounts', { body: [1, 2], headers: ip });
    expect(array.status).toBe(422);
  });
});

describe('POST /mcp/accounts', () => {
  it('accepts the fields at the top level', async () => {
    const username = uniqueName();
    const response = await call(app, 'POST', '/mcp/accounts', {
      body: { username, password },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(201);
    expect(response.body.account.username).toBe(username);
  });

  it('accepts the fields nested under account', async () => {
    const username = uniqueName();
    const response = await call(app, 'POST', '/mcp/accounts', {
      body: { account: { username, password } },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(201);
    expect(response.body.token.scopes).toEqual(['mcp:read', 'mcp:execute', 'messages:write']);
  });

  it.each([
    ['both forms at once', { username: 'abc_def', account: { username: 'abc_def', password } }, 'account'],
    ['nested but incomplete', { account: { username: 'abc_def' } }, 'account.password'],
    ['empty object', {}, 'username'],
  ])('answers 422 for %s', async (_name, body, field) => {
    const response = await call(app, 'POST', '/mcp/accounts', { body, headers: { 'x-forwarded-for': freshIp() } });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });
});

describe('account creation throttle', () => {
  it('allows one success per IP per five minutes, shared by both routes', async () => {
    const ip = { 'x-forwarded-for': freshIp() };
    expect(
      (await call(app, 'POST', '/api/v1/accounts', { body: { username: uniqueName(), password }, headers: ip })).status,
    ).toBe(201);
    for (const path of ['/api/v1/accounts', '/mcp/accounts']) {
      const limited = await call(app, 'POST', path, { body: { username: uniqueName(), password }, headers: ip });
      expect(limited.status).toBe(429);
      // The published fields, with the catalogue's message and fix beside them.
      expect(limited.body).toEqual({
        error: 'account_creation_rate_limited',
        message: errorCatalogue.account_creation_rate_limited.message,
        fix: expect.stringContaining('retry_after_seconds'),
        retry_after_seconds: expect.any(Number),
      });
      expect(limited.body.retry_after_seconds).toBeGreaterThan(290);
      expect(limited.body.retry_after_seconds).toBeLessThanOrEqual(300);
      expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after_seconds));
    }
    // Another address is unaffected.
    expect(
      (
        await call(app, 'POST', '/mcp/accounts', {
          body: { username: uniqueName(), password },
          headers: { 'x-forwarded-for': freshIp() },
        })
      ).status,
    ).toBe(201);
  });

  it('does not count failed creations', async () => {
    const ip = { 'x-forwarded-for': freshIp() };
    const taken = uniqueName();
    expect(
      (
        await call(app, 'POST', '/api/v1/accounts', {
          body: { username: taken, password },
          headers: { 'x-forwarded-for': freshIp() },
        })
      ).status,
    ).toBe(201);
    expect((await call(app, 'POST', '/api/v1/accounts', { body: { username: taken, password }, headers: ip })).status).toBe(422);
    expect((await call(app, 'POST', '/api/v1/accounts', { body: { username: 'x', password }, headers: ip })).status).toBe(422);
    expect(
      (await call(app, 'POST', '/api/v1/accounts', { body: { username: uniqueName(), password }, headers: ip })).status,
    ).toBe(201);
  });

  it('lets exactly one of many concurrent creations from one IP succeed', async () => {
    const ip = { 'x-forwarded-for': freshIp() };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(app, 'POST', '/api/v1/accounts', { body: { username: uniqueName(), password }, headers: ip }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(5);
  });
});

describe('account creation throttle window (controlled clock)', () => {
  it('opens again after the window', async () => {
    const own = await startTestApp();
    try {
      const ip = { 'x-forwarded-for': '192.0.2.77' };
      expect(
        (await call(own, 'POST', '/api/v1/accounts', { body: { username: uniqueName(), password }, headers: ip })).status,
      ).toBe(201);
      own.clock.advance(299_000);
      const limited = await call(own, 'POST', '/api/v1/accounts', { body: { username: uniqueName(), password }, headers: ip });
      if (!own.services.redis) expect(limited.body.retry_after_seconds).toBe(1);
      expect(limited.status).toBe(429);
      if (own.services.redis) return; // Redis keeps real time; the in-memory store follows the test clock.
      own.clock.advance(1_000);
      expect(
        (await call(own, 'POST', '/api/v1/accounts', { body: { username: uniqueName(), password }, headers: ip })).status,
      ).toBe(201);
    } finally {
      await own.close();
    }
  });

  it('keeps only an HMAC of the IP in Redis and the database', async () => {
    const ip = '192.0.2.200';
    await call(app, 'POST', '/api/v1/accounts', {
      body: { username: uniqueName(), password },
      headers: { 'x-forwarded-for': ip },
    });
    const rows = await app.services.prisma.$queryRaw<
      { n: bigint }[]
    >`SELECT count(*) AS n FROM accounts WHERE created_ip_hmac LIKE ${'%' + ip + '%'}`;
    expect(Number(rows[0]!.n)).toBe(0);
    if (app.services.redis) {
      const keys = await app.services.redis.keys('*');
      expect(keys.some((key) => key.includes(ip))).toBe(false);
    }
  });
});

describe('TRUST_PROXY', () => {
  /**
   * Account creations through a loopback "proxy" that adds each X-Forwarded-For; the statuses show
   * which address the per-IP throttle (one creation per window) took for the client.
   */
  async function creationsBehind(trustProxy: string, forwardedFor: string[]): Promise<number[]> {
    const own = await startTestApp({ TRUST_PROXY: trustProxy });
    try {
      const statuses: number[] = [];
      for (const forwarded of forwardedFor) {
        const response = await call(own, 'POST', '/api/v1/accounts', {
          body: { username: uniqueName(), password },
          headers: { 'x-forwarded-for': forwarded },
        });
        statuses.push(response.status);
      }
      return statuses;
    } finally {
      await own.close();
    }
  }

  it('reads a whole number as the hops to trust: 1 takes the address the one proxy saw, not one a client forged', async () => {
    expect(await creationsBehind('1', ['198.51.100.1', '198.51.100.2', '198.51.100.99, 198.51.100.1'])).toEqual([201, 201, 429]);
    expect(await creationsBehind('2', ['198.51.100.1, 10.0.0.1', '198.51.100.1, 10.0.0.2'])).toEqual([201, 429]);
  });

  it('reads true as trusting every proxy and false as trusting none', async () => {
    expect(await creationsBehind('true', ['198.51.100.1, 10.0.0.1', '198.51.100.2, 10.0.0.1'])).toEqual([201, 201]);
    expect(await creationsBehind('false', ['198.51.100.1', '198.51.100.2'])).toEqual([201, 429]);
  });

  it('reads anything else as the addresses, CIDR ranges and range names of the trusted proxies', async () => {
    expect(await creationsBehind('10.0.0.0/8, 127.0.0.1', ['198.51.100.1', '198.51.100.2'])).toEqual([201, 201]);
    // Loopback is not in the list: the forwarded addresses are not believed and both come from 127.0.0.1.
    expect(await creationsBehind('uniquelocal,192.0.2.1', ['198.51.100.1', '198.51.100.2'])).toEqual([201, 429]);
  });

  it('refuses at start-up a value that is none of these', () => {
    for (const value of ['lookback', '1.5', '10.0.0.0/33', 'loopback, 300.1.1.1', '']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: is not a number of proxy hops \(e\.g\. 1\), true, false, or a comma-separated list/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: 'loopback, 300.1.1.1' })).toThrow(/not valid: "300\.1\.1\.1"\)/);
    expect(loadConfig({ TRUST_PROXY: ' 1 ' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, fd00::/8' }).trustProxy).toEqual(['loopback', 'fd00::/8']);
  });
});
