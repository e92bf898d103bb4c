import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developerScopes, grantsScope } from '@textline/contract';
import type { SqlClient } from '@textline/db';
import { adminCommands } from '../src/admin/commands.ts';
import { createAuthenticator } from '../src/auth/authenticator.ts';
import { restRoutes } from '../src/http/rest.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { call, createAccount, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { tokenWithScopes } from './mcp-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const bearerRoutes = restRoutes().filter(({ operation }) => operation.auth.kind === 'bearer');

function concretePath(path: string) {
  return path.replace(/\{\w+\}/g, 'does_not_exist');
}

async function legacyKeyFor(username: string, scopes = ['messages:write', 'numbers:read']) {
  const created = (await adminCommands['create-legacy-key'](app.services, { username, scopes: scopes as never })) as {
    legacy_key: string;
  };
  return created.legacy_key;
}

describe('bearer authentication on every authenticated route', () => {
  it('has routes to check', () => {
    expect(bearerRoutes.length).toBeGreaterThan(0);
  });

  it.each(bearerRoutes.map(({ operation }) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s refuses missing, malformed, unknown, expired, revoked, txk_ and under-scoped tokens',
    async (_label, operation) => {
      const path = concretePath(operation.path);
      const developer = await createDeveloper(app);
      const expired = await createDeveloper(app);
      await app.services.prisma.accessToken.updateMany({
        where: { tokenHash: sha256Hex(expired.token) },
        data: { expiresAt: new Date(app.clock.now() - 1000) },
      });
      const revoked = await createDeveloper(app);
      await app.services.prisma.accessToken.updateMany({
        where: { tokenHash: sha256Hex(revoked.token) },
        data: { revokedAt: new Date() },
      });
      app.services.authenticator.forget();
      const legacy = await legacyKeyFor(developer.account.account.username, [...developerScopes]);

      const cases: [string, Record<string, string>][] = [
        ['missing', {}],
        ['not bearer', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
        ['malformed', { authorization: 'Bearer txt_short' }],
        ['unknown', { authorization: `Bearer txt_${'A'.repeat(43)}` }],
        ['expired', { authorization: `Bearer ${expired.token}` }],
        ['revoked', { authorization: `Bearer ${revoked.token}` }],
        ['legacy key', { authorization: `Bearer ${legacy}` }],
      ];
      for (const [name, headers] of cases) {
        const response = await call(app, operation.method, path, {
          headers,
          body: operation.method === 'GET' || operation.method === 'DELETE' ? undefined : {},
        });
        expect(response.status, name).toBe(401);
        expect(response.body, name).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
        expect(response.headers.get('www-authenticate'), name).toMatch(/^Bearer /);
      }

      const scope = operation.auth.kind === 'bearer' ? operation.auth.scope : '';
      // Without the scope and without the write scope that implies it.
      const withoutScope = developerScopes.filter((candidate) => scope === '' || !grantsScope([candidate], scope));
      const narrow = await app.services.prisma.accessToken.findFirstOrThrow({ where: { tokenHash: sha256Hex(developer.token) } });
      await app.services.prisma.accessToken.update({ where: { id: narrow.id }, data: { scopes: withoutScope } });
      app.services.authenticator.forget();
      const forbidden = await call(app, operation.method, path, {
        token: developer.token,
        body: operation.method === 'GET' ? undefined : {},
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ error: { code: 'unauthorized', message: expect.stringContaining(scope) } });
      expect(forbidden.headers.get('www-authenticate')).toContain('insufficient_scope');
    },
  );

  it('takes a revocation into account within the cache time', async () => {
    const developer = await createDeveloper(app);
    const ok = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: developer.token });
    expect(ok.status).toBe(201);
    await app.services.prisma.accessToken.updateMany({
      where: { tokenHash: sha256Hex(developer.token) },
      data: { revokedAt: new Date() },
    });
    app.clock.advance(app.config.tokenCacheMs + 1);
    expect((await call(app, 'POST', '/api/v1/onboarding/api-key', { token: developer.token })).status).toBe(401);
  });
});

describe('token look-ups', () => {
  /**
   * The app's own database, with every look-up counted and, while `gate` is set, its answer held
   * until the gate opens; `read` settles once a held look-up has read its rows.
   */
  function countedSql() {
    let answered = () => {};
    const counted = {
      calls: 0,
      gate: undefined as Promise<void> | undefined,
      read: new Promise<void>((resolve) => (answered = resolve)),
    };
    const sql: SqlClient = {
      async query<Row>(text: string, values: unknown[]): Promise<Row[]> {
        counted.calls += 1;
        const gate = counted.gate;
        const rows = await app.services.sql.query<Row>(text, values);
        if (gate) answered();
        await gate;
        return rows;
      },
    };
    return {
      counted,
      authenticator: createAuthenticator(
        { prisma: app.services.prisma, sql, log: app.services.log },
        app.clock,
        app.config.tokenCacheMs,
      ),
    };
  }

  it('shares one look-up among concurrent requests with a token that is not cached, then caches it', async () => {
    const developer = await createDeveloper(app);
    const { counted, authenticator } = countedSql();
    const results = await Promise.all(Array.from({ length: 20 }, () => authenticator.authenticate(`Bearer ${developer.token}`)));
    for (const result of results) expect(result).toMatchObject({ ok: true, value: { workspaceId: developer.workspaceId } });
    expect(counted.calls).toBe(1);
    await authenticator.authenticate(`Bearer ${developer.token}`);
    expect(counted.calls).toBe(1);
    app.clock.advance(app.config.tokenCacheMs + 1);
    await authenticator.authenticate(`Bearer ${developer.token}`);
    expect(counted.calls).toBe(2);
  });

  it('neither shares nor caches a look-up that forget() overtook', async () => {
    const developer = await createDeveloper(app);
    const { counted, authenticator } = countedSql();
    let open = () => {};
    counted.gate = new Promise<void>((resolve) => (open = resolve));
    const before = authenticator.authenticate(`Bearer ${developer.token}`);
    // Revoked only once that look-up has read the token: on PostgreSQL the two use separate connections.
    await counted.read;
    await app.services.prisma.accessToken.updateMany({
      where: { tokenHash: sha256Hex(developer.token) },
      data: { revokedAt: new Date() },
    });
    authenticator.forget(sha256Hex(developer.token));
    counted.gate = undefined;
    expect(await authenticator.authenticate(`Bearer ${developer.token}`)).toEqual({ ok: false, reason: 'revoked' });
    open();
    // Asked before the revocation, answered from before it; and that answer is not kept.
    expect(await before).toMatchObject({ ok: true });
    expect(await authenticator.authenticate(`Bearer ${developer.token}`)).toEqual({ ok: false, reason: 'revoked' });
    expect(counted.calls).toBe(2);
  });
});

describe('POST /api/v1/onboarding/api-key', () => {
  it('issues a token with all nine developer scopes that works', async () => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: developer.token, body: { name: 'ci' } });
    expect(response.status).toBe(201);
    expect(response.body.token.scopes).toEqual([...developerScopes]);
    expect(response.body.token.access_token).toMatch(/^txt_/);
    const again = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: response.body.token.access_token });
    expect(again.status).toBe(201);
  });

  it('refuses an account-creation token (no onboarding:write) with 403', async () => {
    const account = await createAccount(app);
    const response = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: account.token.access_token });
    expect(response.status).toBe(403);
  });

  it('answers 422 for unknown fields', async () => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: developer.token, body: { scopes: ['x'] } });
    expect(response.status).toBe(422);
    expect(response.body.error.issues).toEqual([{ path: 'scopes', message: expect.any(String) }]);
  });

  it('issues a key that expires no later than the token that asked for it and holds no scope that token lacks', async () => {
    const developer = await createDeveloper(app);
    // tokenWithScopes tokens live one hour, far less than TOKEN_TTL_DAYS.
    const shortLived = await tokenWithScopes(app, developer.workspaceId, ['onboarding:write', 'messages:write']);
    const creator = await app.services.prisma.accessToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(shortLived) } });
    const response = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: shortLived });
    expect(response.status).toBe(201);
    expect(response.body.token.expires_at).toBe(creator.expiresAt.toISOString());
    expect(response.body.token.scopes).toEqual(['messages:write', 'onboarding:write']);
    const stored = await app.services.prisma.accessToken.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(response.body.token.access_token) },
    });
    expect(stored.expiresAt).toEqual(creator.expiresAt);
  });

  it("gives the account-creation token's key every scope, but not a day past that token", async () => {
    const account = await createAccount(app);
    app.clock.advance(30 * 86_400_000);
    const response = await call(app, 'POST', '/mcp/tools/create_api_key', {
      token: account.token.access_token,
      body: { params: {} },
    });
    expect(response.status).toBe(200);
    expect(response.body.result.token.scopes).toEqual([...developerScopes]);
    expect(response.body.result.token.expires_at).toBe(account.token.expires_at);
  });
});

describe('POST /api/v1/auth/migrate-legacy-key', () => {
  it('is what a 401 for a legacy key on any other route points to', async () => {
    const account = await createAccount(app);
    const legacy = await legacyKeyFor(account.account.username);
    const response = await call(app, 'GET', '/api/v1/numbers', { token: legacy });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: 'unauthorized', message: expect.stringContaining('migrate it') } });
    expect(response.body.error.message).toContain('POST /api/v1/auth/migrate-legacy-key');
  });

  it('exchanges a legacy key for a token with its supported scopes and revokes the key', async () => {
    const account = await createAccount(app);
    const legacy = await legacyKeyFor(account.account.username, ['messages:write', 'numbers:read']);
    const response = await call(app, 'POST', '/api/v1/auth/migrate-legacy-key', { token: legacy, body: { name: 'migrated' } });
    expect(response.status).toBe(201);
    expect(response.body.token).toEqual({
      type: 'Bearer',
      access_token: expect.stringMatching(/^txt_/),
      scopes: ['messages:write', 'numbers:read'],
      expires_at: expect.any(String),
    });
    const stored = await app.services.prisma.accessToken.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(response.body.token.access_token) },
    });
    expect(stored.name).toBe('migrated');
    const reuse = await call(app, 'POST', '/api/v1/auth/migrate-legacy-key', { token: legacy });
    expect(reuse.status).toBe(401);
  });

  it('works without a body', async () => {
    const account = await createAccount(app);
    const legacy = await legacyKeyFor(account.account.username);
    expect((await call(app, 'POST', '/api/v1/auth/migrate-legacy-key', { token: legacy })).status).toBe(201);
  });

  it('migrates a key exactly once under concurrency', async () => {
    const account = await createAccount(app);
    const legacy = await legacyKeyFor(account.account.username);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => call(app, 'POST', '/api/v1/auth/migrate-legacy-key', { token: legacy })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { accountId: account.account.id } });
    expect(
      await app.services.prisma.accessToken.count({ where: { workspaceId: workspace.id, origin: 'legacy_migration' } }),
    ).toBe(1);
  });

  it('answers 422 for any field but name and keeps the key', async () => {
    const account = await createAccount(app);
    const legacy = await legacyKeyFor(account.account.username);
    const response = await call(app, 'POST', '/api/v1/auth/migrate-legacy-key', {
      token: legacy,
      body: { name: 'x', scopes: ['mcp:read'] },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.issues).toEqual([{ path: 'scopes', message: expect.any(String) }]);
    expect((await call(app, 'POST', '/api/v1/auth/migrate-legacy-key', { token: legacy })).status).toBe(201);
  });

  it.each([
    ['no credential', undefined],
    ['a txt_ token', 'account'],
    ['an unknown legacy key', `txk_${'B'.repeat(43)}`],
    ['garbage', 'not-a-key'],
  ])('answers 401 for %s', async (_name, credential) => {
    const token = credential === 'account' ? (await createAccount(app)).token.access_token : credential;
    const response = await call(app, 'POST', '/api/v1/auth/migrate-legacy-key', { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });
});
