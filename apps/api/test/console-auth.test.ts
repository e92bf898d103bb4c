import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@textline/contract';
import { restRoutes } from '../src/http/rest.ts';
import { TOKEN_USE_FLUSH_DELAY_MS, TOKEN_USE_RECORD_INTERVAL_MS } from '../src/auth/token-use.ts';
import { call, createAccount, createDeveloper, eventually, startTestApp, type TestApp } from './harness.ts';
import { consolePassword, consoleUser, data, errorBody, signIn, trpcMutation, trpcQuery } from './console-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('sign in', () => {
  it('sets an httpOnly SameSite=Strict session cookie and returns the CSRF token', async () => {
    const account = await createAccount(app);
    const response = await trpcMutation(app, 'console.signIn', {
      username: account.account.username.toUpperCase(),
      password: consolePassword,
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^textline_session=[0-9A-Za-z]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const session = data(response);
    expect(session).toMatchObject({
      account: { id: account.account.id, username: account.account.username },
      csrf_token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const current = await trpcQuery(app, 'console.session', {}, { cookie: cookie.split(';')[0] });
    expect(data(current)).toEqual(session);
    // Only a hash of the session secret is stored, and it never reaches the logs.
    const secret = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await app.services.prisma.consoleSession.findMany({ where: { accountId: account.account.id } });
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(app.logs.some((line) => line.includes(secret))).toBe(false);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const account = await createAccount(app);
    const response = await call(app, 'POST', '/trpc/console.signIn', {
      body: { username: account.account.username, password: consolePassword },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers.get('set-cookie')).toContain('Secure');
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const account = await createAccount(app);
    const wrong = await trpcMutation(app, 'console.signIn', { username: account.account.username, password: 'not the password' });
    const unknown = await trpcMutation(app, 'console.signIn', { username: 'nobody_here', password: consolePassword });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(errorBody(response)).toEqual({ error: { code: 'unauthorized', message: 'The username or password is incorrect.' } });
    }
  });
});

describe('session checks', () => {
  it('refuses console operations without a valid session', async () => {
    for (const cookie of [undefined, 'textline_session=short', `textline_session=${'A'.repeat(43)}`]) {
      const response = await trpcQuery(app, 'webhookEndpoints.list', {}, { cookie });
      expect(response.status).toBe(401);
      expect(errorBody(response).error.code).toBe('unauthorized');
    }
  });

  it('requires the CSRF token on every mutation', async () => {
    const { session } = await consoleUser(app);
    const input = { url: 'https://hooks.example.com/a' };
    for (const csrf of [undefined, 'f'.repeat(64)]) {
      const response = await trpcMutation(app, 'webhookEndpoints.create', input, { cookie: session.cookie, csrf });
      expect(response.status).toBe(403);
      expect(errorBody(response).error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('X-CSRF-Token') });
    }
    // Another session's token does not fit this one.
    const { session: other } = await consoleUser(app);
    expect((await trpcMutation(app, 'webhookEndpoints.create', input, { cookie: session.cookie, csrf: other.csrf })).status).toBe(
      403,
    );
    expect((await trpcMutation(app, 'webhookEndpoints.create', input, session)).status).toBe(200);
  });

  it('refuses tRPC posts that are not JSON (no CORS-free form posts)', async () => {
    const { session } = await consoleUser(app);
    const response = await call(app, 'POST', '/trpc/console.signOut', {
      rawBody: '{}',
      headers: { 'content-type': 'text/plain', cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(response.status).toBe(415);
    expect(data(await trpcQuery(app, 'console.session', {}, session)).account.username).toBe(session.username);
  });

  it('ends sessions on sign-out and after their lifetime', async () => {
    const { session } = await consoleUser(app);
    const signedOut = await trpcMutation(app, 'console.signOut', {}, session);
    expect(data(signedOut)).toEqual({ signed_out: true });
    expect(signedOut.headers.get('set-cookie')).toMatch(/^textline_session=; .*Expires=Thu, 01 Jan 1970/);
    expect((await trpcQuery(app, 'console.session', {}, session)).status).toBe(401);

    const { session: later } = await consoleUser(app);
    app.clock.advance(app.config.consoleSessionTtlHours * 3_600_000 + 1);
    expect((await trpcQuery(app, 'console.session', {}, later)).status).toBe(401);
  });
});

describe('password reset with a backup code', () => {
  it('spends one code, sets the new password and ends existing sessions', async () => {
    const account = await createAccount(app);
    const username = account.account.username;
    const before = await signIn(app, username);
    const newPassword = 'a brand new long password';

    const wrongCode = await trpcMutation(app, 'console.resetPassword', {
      username,
      backup_code: 'aaaa-bbbb-cccc',
      new_password: newPassword,
    });
    expect(wrongCode.status).toBe(401);
    const shortPassword = await trpcMutation(app, 'console.resetPassword', {
      username,
      backup_code: account.backup_codes[0],
      new_password: 'short',
    });
    expect(shortPassword.status).toBe(422);

    const reset = await trpcMutation(app, 'console.resetPassword', {
      username,
      backup_code: ` ${account.backup_codes[0]!.toUpperCase()} `,
      new_password: newPassword,
    });
    expect(data(reset)).toEqual({ username, backup_codes_remaining: 9 });
    expect((await trpcQuery(app, 'console.session', {}, before)).status).toBe(401);
    expect((await trpcMutation(app, 'console.signIn', { username, password: consolePassword })).status).toBe(401);
    expect(data(await trpcQuery(app, 'console.session', {}, await signIn(app, username, newPassword))).account.username).toBe(
      username,
    );

    const reused = await trpcMutation(app, 'console.resetPassword', {
      username,
      backup_code: account.backup_codes[0],
      new_password: 'yet another long password',
    });
    expect(reused.status).toBe(401);
    expect(errorBody(reused).error.message).toMatch(/already used/);
  });
});

describe('console surface', () => {
  it('serves console operations on /trpc only, never as REST routes or in openapi.json', async () => {
    const consoleOperations = Object.values(operations).filter((operation) => operation.path === null);
    expect(consoleOperations.map((operation) => operation.name)).toEqual(
      expect.arrayContaining(['console.signIn', 'console.session']),
    );
    const restNames = restRoutes().map(({ operation }) => operation.name);
    for (const operation of consoleOperations) expect(restNames).not.toContain(operation.name);
    const document = await call(app, 'GET', '/openapi.json');
    const text = JSON.stringify(document.body);
    for (const operation of consoleOperations) expect(text).not.toContain(`"${operation.name}"`);
    expect(text).not.toContain('/trpc/console');
  });

  it('lets the session act as the workspace owner on /trpc but not on REST', async () => {
    const { session } = await consoleUser(app);
    expect(data(await trpcQuery(app, 'mcp.listOAuthClients', {}, session))).toEqual({ oauth_clients: [] });
    const withoutCsrf = await trpcMutation(app, 'mcp.revokeOAuthClient', { client_id: 'nope' }, { cookie: session.cookie });
    expect(withoutCsrf.status).toBe(403);
    const rest = await call(app, 'GET', '/api/v1/mcp/oauth-clients', { headers: { cookie: session.cookie } });
    expect(rest.status).toBe(401);
  });

  it('lists and revokes API tokens; a revoked token stops working at once', async () => {
    const developer = await createDeveloper(app);
    const session = await signIn(app, developer.account.account.username);
    const { tokens } = data(await trpcQuery(app, 'apiTokens.list', {}, session));
    expect(tokens.map((token: any) => token.origin).sort()).toEqual(['account_creation', 'api_key']);
    expect(JSON.stringify(tokens)).not.toContain('txt_');
    const apiKey = tokens.find((token: any) => token.origin === 'api_key');
    expect((await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: developer.token })).status).toBe(200);

    const revoked = data(await trpcMutation(app, 'apiTokens.revoke', { id: apiKey.id }, session)).token;
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expect((await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: developer.token })).status).toBe(401);

    const { session: intruder } = await consoleUser(app);
    expect((await trpcMutation(app, 'apiTokens.revoke', { id: tokens[0].id }, intruder)).status).toBe(404);
  });

  it("records an API token's last use, at most once a minute and off the request path", async () => {
    const developer = await createDeveloper(app);
    const session = await signIn(app, developer.account.account.username);
    const lastUsed = async () =>
      (data(await trpcQuery(app, 'apiTokens.list', {}, session)).tokens as any[]).find((token) => token.origin === 'api_key')
        .last_used_at as string | null;
    const use = async () =>
      expect((await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: developer.token })).status).toBe(200);
    expect(await lastUsed()).toBeNull();

    await use();
    const first = new Date(app.clock.now()).toISOString();
    await eventually('the first use to be recorded', async () => (await lastUsed()) === first, 10_000);

    // Within the minute: not written again, even once the batch of uses has been flushed.
    app.clock.advance(30_000);
    await use();
    await new Promise((resolve) => setTimeout(resolve, TOKEN_USE_FLUSH_DELAY_MS + 500));
    expect(await lastUsed()).toBe(first);

    app.clock.advance(TOKEN_USE_RECORD_INTERVAL_MS);
    await use();
    const later = new Date(app.clock.now()).toISOString();
    await eventually('a use after the minute to be recorded', async () => (await lastUsed()) === later, 10_000);
  });

  it('shows balance and invoices', async () => {
    const { session } = await consoleUser(app);
    expect(data(await trpcQuery(app, 'billing.summary', {}, session))).toEqual({ balance_cents: 0, invoices: [] });
  });
});
