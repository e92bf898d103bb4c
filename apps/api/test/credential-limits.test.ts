import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAccount, freshIp, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { consolePassword, errorBody } from './console-support.ts';
import { authorizationUrl, openAuthorizationPage, pkcePair, registerClient, submitConsent } from './oauth-support.ts';

// Small limits so a test reaches them: 3 failures per username and 8 per address per hour, so a
// bucket regains one attempt every 20 minutes (username) or 7.5 minutes (address).
const limits = { SIGN_IN_FAILURES_PER_USERNAME_PER_HOUR: '3', SIGN_IN_FAILURES_PER_IP_PER_HOUR: '8' };
const USERNAME_REFILL_MS = 1_200_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(limits);
});
afterAll(async () => {
  await app.close();
});

function signIn(target: TestApp, username: string, password: string, ip = freshIp()) {
  return call(target, 'POST', '/trpc/console.signIn', { body: { username, password }, headers: { 'x-forwarded-for': ip } });
}

function resetPassword(username: string, backupCode: string, ip = freshIp()) {
  return call(app, 'POST', '/trpc/console.resetPassword', {
    body: { username, backup_code: backupCode, new_password: 'a brand new long password' },
    headers: { 'x-forwarded-for': ip },
  });
}

const uniqueName = () => `limit_${Math.random().toString(36).slice(2, 10)}`;

function expectRateLimited(response: Awaited<ReturnType<typeof signIn>>, retryAfterSeconds: number) {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe(String(retryAfterSeconds));
  expect(response.headers.get('set-cookie')).toBeNull();
  expect(errorBody(response)).toEqual({
    error: {
      code: 'sign_in_rate_limited',
      message: 'Too many failed sign-in attempts for this username or from this address.',
      fix: expect.any(String),
      retry: 'retry_after_seconds',
      retry_after_seconds: retryAfterSeconds,
    },
  });
}

describe('failed console sign-ins per username', () => {
  it('refuses the username in any case, even with the right password, until a failure has refilled', async () => {
    const { account } = await createAccount(app);
    const username = account.username;
    for (const variant of [username, username.toUpperCase(), `${username[0]!.toUpperCase()}${username.slice(1)}`]) {
      expect((await signIn(app, variant, 'not the password')).status).toBe(401);
    }
    expectRateLimited(await signIn(app, username, consolePassword), USERNAME_REFILL_MS / 1000);

    app.clock.advance(USERNAME_REFILL_MS - 1_000);
    expectRateLimited(await signIn(app, username.toUpperCase(), consolePassword), 1);
    app.clock.advance(1_000);
    expect((await signIn(app, username, consolePassword)).status).toBe(200);
  });

  it('answers an unknown username exactly as a wrong password, before and after the limit', async () => {
    const known = (await createAccount(app)).account.username;
    const attempts = async (username: string) => {
      const responses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await signIn(app, username, 'not the password');
        responses.push({ status: response.status, retryAfter: response.headers.get('retry-after'), body: errorBody(response) });
      }
      return responses;
    };
    const knownResponses = await attempts(known);
    expect(knownResponses.map((response) => response.status)).toEqual([401, 401, 401, 429]);
    expect(await attempts(uniqueName())).toEqual(knownResponses);
  });

  it('never counts successful sign-ins', async () => {
    const { account } = await createAccount(app);
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await signIn(app, account.username, consolePassword, ip)).status).toBe(200);
    expect((await signIn(app, account.username, 'not the password', ip)).status).toBe(401);
  });

  it('lets no more concurrent guesses through than the limit', async () => {
    const { account } = await createAccount(app);
    const responses = await Promise.all(Array.from({ length: 10 }, () => signIn(app, account.username, 'not the password')));
    expect(responses.filter((response) => response.status === 401)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(7);
  });

  it('signs in every one of many parallel attempts with the right password, and counts none of them', async () => {
    const { account } = await createAccount(app);
    const ip = freshIp();
    // Five times the username limit at once: none may be refused for the others still being checked.
    const responses = await Promise.all(Array.from({ length: 15 }, () => signIn(app, account.username, consolePassword, ip)));
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 15 }, () => 200));
    expect(await app.services.prisma.consoleSession.count({ where: { accountId: account.id } })).toBe(15);
    // The whole failure budget is still there.
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await signIn(app, account.username, 'not the password', ip)).status).toBe(401);
    expectRateLimited(await signIn(app, account.username, consolePassword, ip), USERNAME_REFILL_MS / 1000);
  });

  it('checks no more wrong passwords than the limit when right and wrong ones arrive together', async () => {
    const { account } = await createAccount(app);
    const passwords = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? consolePassword : `wrong guess ${index}`));
    const responses = await Promise.all(passwords.map((password) => signIn(app, account.username, password)));
    const outcomes = responses.map((response, index) => ({
      right: passwords[index] === consolePassword,
      status: response.status,
    }));
    // Every wrong password checked answers 401; the budget of 3 bounds them however the arrivals interleave.
    expect(outcomes.filter((outcome) => outcome.status === 401)).toHaveLength(3);
    expect(outcomes.every((outcome) => (outcome.right ? [200, 429] : [401, 429]).includes(outcome.status))).toBe(true);
    // A right password is refused only once failures alone have used the budget up.
    expectRateLimited(await signIn(app, account.username, consolePassword), USERNAME_REFILL_MS / 1000);
  });
});

describe('credential checks in a tRPC batch', () => {
  const batchPath = (procedures: string[]) => `/trpc/${procedures.join(',')}?batch=1`;
  const batchBody = (inputs: unknown[]) => Object.fromEntries(inputs.map((input, index) => [String(index), input]));

  it('refuses a batch of many sign-ins whole, checking no password and creating no session', async () => {
    const { account } = await createAccount(app);
    const ip = freshIp();
    const calls = Array.from({ length: 50 }, (_, index) => ({
      username: account.username,
      password: index === 0 ? consolePassword : `guess ${index}`,
    }));
    const response = await call(app, 'POST', batchPath(calls.map(() => 'console.signIn')), {
      body: batchBody(calls),
      headers: { 'x-forwarded-for': ip },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.body).toEqual({
      error: {
        code: 'batch_not_allowed',
        message: 'This operation checks a password or backup code and must be the only call in its request.',
        fix: expect.stringContaining('in a request of its own'),
        retry: 'retry_after_fixing_request',
      },
    });
    expect(await app.services.prisma.consoleSession.count({ where: { accountId: account.id } })).toBe(0);
    // Not one of the 49 wrong guesses counted.
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await signIn(app, account.username, 'not the password', ip)).status).toBe(401);
  });

  it('refuses a sign-in or password reset batched with any other call, percent-encoded or not', async () => {
    const { account } = await createAccount(app);
    const signInInput = { username: account.username, password: consolePassword };
    const refused = [
      call(app, 'POST', batchPath(['console.session', 'console.signIn']), { body: batchBody([{}, signInInput]) }),
      call(app, 'POST', '/trpc/console.signIn%2Cconsole.signIn?batch=1', { body: batchBody([signInInput, signInInput]) }),
      call(app, 'POST', batchPath(['console.resetPassword', 'health.root']), {
        body: batchBody([
          { username: account.username, backup_code: 'aaaa-bbbb-cccc', new_password: 'a brand new long password' },
          {},
        ]),
      }),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('batch_not_allowed');
    }
    expect(await app.services.prisma.consoleSession.count({ where: { accountId: account.id } })).toBe(0);
  });

  it('serves a batch of one sign-in', async () => {
    const { account } = await createAccount(app);
    const response = await call(app, 'POST', batchPath(['console.signIn']), {
      body: batchBody([{ username: account.username, password: consolePassword }]),
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(200);
    expect(response.body[0].result.data.account.username).toBe(account.username);
    expect(response.headers.get('set-cookie')).toMatch(/^textline_session=/);
  });
});

describe('failed sign-ins per client address', () => {
  it("blocks another user's sign-in only through the shared address limit", async () => {
    const victim = (await createAccount(app)).account.username;
    const bystander = (await createAccount(app)).account.username;
    const attackerIp = freshIp();
    // The attacker exhausts the victim's username; the bystander, even on the attacker's address, signs in.
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signIn(app, victim, 'guess', attackerIp)).status).toBe(401);
    expect((await signIn(app, bystander, consolePassword, attackerIp)).status).toBe(200);
    // Five more failures on other names use up the address's 8.
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await signIn(app, uniqueName(), 'guess', attackerIp)).status).toBe(401);
    expectRateLimited(await signIn(app, bystander, consolePassword, attackerIp), 450);
    expect((await signIn(app, bystander, consolePassword, freshIp())).status).toBe(200);
    expect((await signIn(app, uniqueName(), 'guess', freshIp())).status).toBe(401);
  });
});

describe('backup-code guesses on password reset', () => {
  it('count with wrong passwords towards one limit, and a refused reset spends no code', async () => {
    const created = await createAccount(app);
    const username = created.account.username;
    expect((await resetPassword(username, 'aaaa-bbbb-cccc')).status).toBe(401);
    expect((await resetPassword(username.toUpperCase(), 'aaaa-bbbb-dddd')).status).toBe(401);
    expect((await signIn(app, username, 'not the password')).status).toBe(401);

    expectRateLimited(await resetPassword(username, created.backup_codes[0]!), USERNAME_REFILL_MS / 1000);
    expectRateLimited(await signIn(app, username, consolePassword), USERNAME_REFILL_MS / 1000);

    app.clock.advance(USERNAME_REFILL_MS);
    const reset = await resetPassword(username, created.backup_codes[0]!);
    expect(reset.status).toBe(200);
    expect(reset.body.result.data).toEqual({ username, backup_codes_remaining: 9 });
  });

  it('answers an unknown username like a known one', async () => {
    const known = (await createAccount(app)).account.username;
    const unknown = uniqueName();
    const statuses = async (username: string) => {
      const responses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) responses.push(await resetPassword(username, 'aaaa-bbbb-cccc'));
      return responses.map((response) => [response.status, errorBody(response)]);
    };
    const knownResponses = await statuses(known);
    expect(knownResponses.map(([status]) => status)).toEqual([401, 401, 401, 429]);
    expect(await statuses(unknown)).toEqual(knownResponses);
  });
});

describe('the OAuth consent page', () => {
  it('shares the per-username limit and answers 429 with Retry-After on the page', async () => {
    const created = await createAccount(app);
    const user = { username: created.account.username, password: consolePassword };
    const client = await registerClient(app);
    const page = await openAuthorizationPage(app, authorizationUrl(app, client, { challenge: pkcePair().challenge }));
    expect(page.status).toBe(200);

    expect((await submitConsent(app, page, { ...user, password: 'wrong one' })).status).toBe(400);
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await signIn(app, user.username, 'not the password')).status).toBe(401);
    const limited = await submitConsent(app, page, user);
    expect(limited.status).toBe(429);
    expect(limited.location).toBeNull();
    expect(limited.headers.get('retry-after')).toBe(String(USERNAME_REFILL_MS / 1000));
    expect(limited.html).toContain('Too many failed sign-in attempts. Try again in 20 minutes.');

    app.clock.advance(USERNAME_REFILL_MS);
    const approved = await submitConsent(app, page, user);
    expect(approved.status).toBe(302);
    expect(new URL(approved.location!).searchParams.get('code')).toBeTruthy();
  });
});

describe.runIf(scaledMode)('failed sign-ins across API processes', () => {
  it('counts in one Redis bucket shared by every process, under the key prefix, with no username or address in the keys', async () => {
    const second = await startTestApp(
      { ...limits, DATABASE_URL: app.config.databaseUrl!, REDIS_KEY_PREFIX: app.config.redisKeyPrefix },
      { clock: app.clock },
    );
    try {
      const { account } = await createAccount(app);
      const ip = freshIp();
      expect((await signIn(app, account.username, 'not the password', ip)).status).toBe(401);
      expect((await signIn(second, account.username, 'not the password', ip)).status).toBe(401);
      expect((await signIn(app, account.username, 'not the password', ip)).status).toBe(401);
      expect((await signIn(second, account.username, consolePassword)).status).toBe(429);

      const keys = await app.services.redis!.keys(`${app.config.redisKeyPrefix}:limit:sign-in-*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.some((key) => key.includes(account.username) || key.includes(ip))).toBe(false);
    } finally {
      await second.close();
    }
  });

  it('signs in parallel attempts with the right password on every process, then still limits wrong ones', async () => {
    const second = await startTestApp(limits, { shareWith: app });
    try {
      const { account } = await createAccount(app);
      const responses = await Promise.all(
        Array.from({ length: 16 }, (_, index) => signIn(index % 2 ? second : app, account.username, consolePassword)),
      );
      expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 16 }, () => 200));
      // Every hold was released: nothing is left to wait for, and the failure budget is whole.
      expect(await app.services.redis!.keys(`${app.config.redisKeyPrefix}:held:*`)).toEqual([]);
      const guesses = await Promise.all(
        Array.from({ length: 10 }, (_, index) => signIn(index % 2 ? second : app, account.username, 'not the password')),
      );
      expect(guesses.filter((response) => response.status === 401)).toHaveLength(3);
      expect(guesses.filter((response) => response.status === 429)).toHaveLength(7);
    } finally {
      await second.close();
    }
  });
});
