import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { manualClock } from '../src/lib/clock.ts';
import { randomBase62 } from '../src/lib/crypto.ts';
import { type KeyedLimit, type KeyedLimiter, memoryKeyedLimiter, redisKeyedLimiter } from '../src/limits/keyed-limiter.ts';
import { sendRateLimits } from '../src/limits/send-rate-limiter.ts';
import { call, closeStarted, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { connectNumber, sendingWorkspace } from './sending-support.ts';

type Clock = ReturnType<typeof manualClock>;

const redisClients: Redis[] = [];
afterAll(async () => {
  await Promise.all(redisClients.map((client) => client.quit()));
});

const implementations: [string, (clock: Clock) => KeyedLimiter][] = [['memory', (clock) => memoryKeyedLimiter(clock)]];
if (scaledMode) {
  implementations.push([
    'redis',
    (clock) => {
      const client = new Redis(process.env.TEST_REDIS_URL!);
      redisClients.push(client);
      return redisKeyedLimiter(client, clock, `limiter-test-${randomUUID()}`);
    },
  ]);
}

const enterprise = sendRateLimits.enterprise;
const starter = sendRateLimits.starter;

describe.each(implementations)('%s keyed limiter', (_name, create) => {
  function setup() {
    const clock = manualClock(1_800_000_000_000);
    // Random keys: the Redis database is shared with the other test files.
    return { clock, limiter: create(clock), key: `token_${randomBase62(12)}` };
  }

  async function takeMany(limiter: KeyedLimiter, key: string, count: number, limit: KeyedLimit = enterprise) {
    const decisions = [];
    for (let index = 0; index < count; index += 1) decisions.push(await limiter.take({ limit, key }));
    return decisions;
  }

  it('allows a burst of the capacity, then refuses with the time to the next token', async () => {
    const { limiter, key } = setup();
    const decisions = await takeMany(limiter, key, 20);
    expect(decisions.every((decision) => decision.allowed)).toBe(true);
    expect(await limiter.take({ limit: enterprise, key })).toMatchObject({ allowed: false, retryAfterMs: 1_200 });
  });

  it('takes up to a count at once: what every bucket holds, with the wait for the next', async () => {
    const { clock, limiter, key } = setup();
    const parent = `${key}_parent`;
    await takeMany(limiter, parent, 15);
    // The parent's bucket holds 5 of the 8 asked for; the child's, 20.
    const partial = await limiter.takeUpTo(8, { limit: enterprise, key }, { limit: enterprise, key: parent });
    expect(partial).toMatchObject({ taken: 5, retryAfterMs: 1_200, state: { remaining: 0 } });
    expect(await limiter.takeUpTo(3, { limit: enterprise, key })).toMatchObject({
      taken: 3,
      retryAfterMs: 0,
      state: { remaining: 12 },
    });
    expect(await limiter.take({ limit: enterprise, key: parent })).toMatchObject({ allowed: false, retryAfterMs: 1_200 });
    clock.advance(2_400);
    expect(await limiter.takeUpTo(5, { limit: enterprise, key: parent })).toMatchObject({ taken: 2, retryAfterMs: 1_200 });
  });

  it('refills one token per refill interval and never beyond the capacity', async () => {
    const { clock, limiter, key } = setup();
    await takeMany(limiter, key, 20);
    clock.advance(500);
    expect(await limiter.take({ limit: enterprise, key })).toMatchObject({ allowed: false, retryAfterMs: 700 });
    clock.advance(700);
    expect(await limiter.take({ limit: enterprise, key })).toMatchObject({ allowed: true });
    expect(await limiter.take({ limit: enterprise, key })).toMatchObject({ allowed: false, retryAfterMs: 1_200 });
    clock.advance(3 * 1_200);
    expect((await takeMany(limiter, key, 4)).map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    clock.advance(24 * 60 * 60 * 1_000);
    const afterIdle = await takeMany(limiter, key, 21);
    expect(afterIdle.filter((decision) => decision.allowed)).toHaveLength(20);
  });

  it('keeps one bucket per key and namespace and sizes it by the limit passed', async () => {
    const { limiter, key } = setup();
    expect(await limiter.take({ limit: starter, key })).toMatchObject({ allowed: true });
    expect(await limiter.take({ limit: starter, key })).toMatchObject({ allowed: false, retryAfterMs: 1_200 });
    expect(await limiter.take({ limit: starter, key: `${key}_other` })).toMatchObject({ allowed: true });
    expect(await limiter.take({ limit: { ...starter, namespace: 'oauth-register' }, key })).toMatchObject({ allowed: true });
  });

  it('lets exactly the capacity through when requests arrive at once', async () => {
    const { limiter, key } = setup();
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.take({ limit: enterprise, key })));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(20);
  });

  it('takes from several buckets all or nothing, answering the longest wait', async () => {
    const { clock, limiter, key } = setup();
    const small = { limit: { namespace: 'sign-in-username', capacity: 2, refillMs: 10_000 }, key } as const;
    const large = { limit: { namespace: 'sign-in-ip', capacity: 3, refillMs: 1_000 }, key } as const;
    expect(await limiter.take(small, large)).toMatchObject({ allowed: true });
    expect(await limiter.take(small, large)).toMatchObject({ allowed: true });
    expect(await limiter.take(small, large)).toMatchObject({ allowed: false, retryAfterMs: 10_000 });
    // The refused take left the larger bucket its last token.
    expect(await limiter.take(large)).toMatchObject({ allowed: true });
    expect(await limiter.take(large)).toMatchObject({ allowed: false, retryAfterMs: 1_000 });
    clock.advance(10_000);
    expect(await limiter.take(small, large)).toMatchObject({ allowed: true });
  });

  it('settles takes that arrive at once in arrival order, a refused one taking nothing', async () => {
    const { limiter, key } = setup();
    const small = { limit: { namespace: 'sign-in-username', capacity: 1, refillMs: 10_000 }, key } as const;
    const large = { limit: { namespace: 'sign-in-ip', capacity: 2, refillMs: 1_000 }, key } as const;
    const decisions = await Promise.all([
      limiter.take(small, large),
      limiter.take(small, large),
      limiter.take(large),
      limiter.take(large),
    ]);
    expect(decisions).toMatchObject([
      { allowed: true },
      { allowed: false, retryAfterMs: 10_000 },
      { allowed: true },
      { allowed: false, retryAfterMs: 1_000 },
    ]);
  });

  it('takes and refunds with a clock that reads fractions of a millisecond', async () => {
    const { clock, limiter, key } = setup();
    await takeMany(limiter, key, 2);
    clock.advance(0.25);
    expect(await limiter.take({ limit: enterprise, key })).toMatchObject({ allowed: true });
    await limiter.refund({ limit: enterprise, key });
  });

  it("reports the tightest bucket's tokens left and time until full, for the RateLimit headers", async () => {
    const { clock, limiter, key } = setup();
    const small = { limit: { namespace: 'sign-in-username', capacity: 2, refillMs: 10_000 }, key } as const;
    const large = { limit: { namespace: 'sign-in-ip', capacity: 5, refillMs: 1_000 }, key } as const;
    expect(await limiter.take(large)).toEqual({ allowed: true, state: { limit: large.limit, remaining: 4, resetMs: 1_000 } });
    expect((await limiter.take(small, large)).state).toEqual({ limit: small.limit, remaining: 1, resetMs: 10_000 });
    expect((await limiter.take(small, large)).state).toEqual({ limit: small.limit, remaining: 0, resetMs: 20_000 });
    // Refused: nothing taken, the state as it stands.
    expect(await limiter.take(small, large)).toEqual({
      allowed: false,
      retryAfterMs: 10_000,
      state: { limit: small.limit, remaining: 0, resetMs: 20_000 },
    });
    clock.advance(2_500);
    // Three taken from the large bucket, two and a half back: a fourth taken leaves three, full in 1.5 s.
    expect((await limiter.take(large)).state).toEqual({ limit: large.limit, remaining: 3, resetMs: 1_500 });
    expect((await limiter.reserve(small)).state).toEqual({ limit: small.limit, remaining: 0, resetMs: 17_500 });
  });

  it('gives a refunded token back, never beyond the capacity', async () => {
    const { limiter, key } = setup();
    const bucket = { limit: { namespace: 'account-creation', capacity: 1, refillMs: 300_000 }, key } as const;
    expect(await limiter.take(bucket)).toMatchObject({ allowed: true });
    await limiter.refund(bucket);
    expect(await limiter.take(bucket)).toMatchObject({ allowed: true });
    expect(await limiter.take(bucket)).toMatchObject({ allowed: false, retryAfterMs: 300_000 });
    await limiter.refund(bucket);
    await limiter.refund(bucket);
    await limiter.refund({ ...bucket, key: `${key}_never_taken` });
    expect(await limiter.take(bucket)).toMatchObject({ allowed: true });
    expect(await limiter.take(bucket)).toMatchObject({ allowed: false, retryAfterMs: 300_000 });
  });

  it('tells a refusal for tokens unsettled reservations hold from one for spent tokens', async () => {
    const { limiter, key } = setup();
    const username = { limit: { namespace: 'sign-in-username', capacity: 2, refillMs: 1_800_000 }, key } as const;
    const address = { limit: { namespace: 'sign-in-ip', capacity: 10, refillMs: 360_000 }, key } as const;
    expect(await limiter.reserve(username, address)).toMatchObject({ allowed: true });
    expect(await limiter.reserve(username, address)).toMatchObject({ allowed: true });
    expect(await limiter.reserve(username, address)).toMatchObject({
      allowed: false,
      retryAfterMs: 1_800_000,
      onlyForUnsettled: true,
    });
    // The first attempt does not count: its tokens come back.
    await limiter.settle(false, username, address);
    expect(await limiter.reserve(username, address)).toMatchObject({ allowed: true });
    // Both remaining attempts count: nothing is held any more, and the tokens stay spent.
    await limiter.settle(true, username, address);
    await limiter.settle(true, username, address);
    expect(await limiter.reserve(username, address)).toMatchObject({
      allowed: false,
      retryAfterMs: 1_800_000,
      onlyForUnsettled: false,
    });
    expect(await limiter.take(username)).toMatchObject({ allowed: false, retryAfterMs: 1_800_000 });
  });
});

describe.runIf(scaledMode)('the Redis limiter across API processes', () => {
  it('shares each token bucket between two app instances', async () => {
    const first = await startTestApp();
    const second = await startTestApp({}, { shareWith: first });
    try {
      const developer = await sendingWorkspace(first, { tier: 'growth' });
      const body = { phone_number: '+14155550123', body: 'Shared bucket' };
      const statuses = [];
      for (let index = 0; index < 6; index += 1) {
        const app = index % 2 === 0 ? first : second;
        statuses.push((await call(app, 'POST', '/api/v1/messages', { token: developer.token, body })).status);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
      first.clock.advance(1_200);
      expect((await call(second, 'POST', '/api/v1/messages', { token: developer.token, body })).status).toBe(202);
      expect((await call(first, 'POST', '/api/v1/messages', { token: developer.token, body })).status).toBe(429);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('send buckets over HTTP and MCP', () => {
  let app: TestApp;
  /** A second API process on the same database and Redis (scaled mode only); else the same app. */
  let other: TestApp;
  beforeAll(async () => {
    // Without workers messages stay queued: nothing dispatches or refunds while the buckets are counted.
    app = await startTestApp({}, { startJobs: false });
    other = scaledMode ? await startTestApp({}, { shareWith: app }) : app;
  });
  afterAll(async () => {
    await closeStarted(other === app ? undefined : other, app);
  });

  const sms = { phone_number: '+14155550123', body: 'On my way.' };
  const sendOn = (on: TestApp, token: string, body: Record<string, unknown> = sms) =>
    call(on, 'POST', '/api/v1/messages', { token, body });

  async function child(parentToken: string, body: Record<string, unknown> = {}) {
    const response = await call(app, 'POST', '/api/v1/tokens', {
      token: parentToken,
      body: { name: 'sub-agent', scopes: ['messages:write', 'tokens:write'], ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.token.access_token as string;
  }

  describe('a delegated token', () => {
    it('takes each send from its ancestors’ buckets too: ten children of a starter token send one at once', async () => {
      const developer = await sendingWorkspace(app, { tier: 'starter' });
      const children = [];
      for (let index = 0; index < 10; index += 1) children.push(await child(developer.token));
      const burst = await Promise.all(children.map((token, index) => sendOn(index % 2 === 0 ? app : other, token)));
      expect(burst.map((response) => response.status).sort()).toEqual([202, ...Array<number>(9).fill(429)]);
      // The parent's own bucket is the one they emptied.
      expect((await sendOn(other, developer.token)).status).toBe(429);

      app.clock.advance(1_200);
      const grandchild = await child(children[0]!);
      expect((await sendOn(other, grandchild)).status).toBe(202);
      const afterGrandchild = await Promise.all([developer.token, children[0]!, children[1]!].map((token) => sendOn(app, token)));
      expect(afterGrandchild.map((response) => response.status)).toEqual([429, 429, 429]);
      expect(afterGrandchild[2]!.body.message).toContain('a token it was created from');
    });

    it('takes from each ancestor’s bucket at that ancestor’s own tier', async () => {
      const developer = await sendingWorkspace(app, { tier: 'growth' });
      const slow = await child(developer.token, { send_rate_tier: 'starter' });
      expect((await sendOn(app, slow)).status).toBe(202);
      const limited = await sendOn(other, slow);
      expect(limited.status).toBe(429);
      expect(limited.body.limit).toEqual({ tier: 'starter', capacity: 1, refill_ms: 1_200 });
      // The parent's growth bucket (5) gave one of its sends to the child.
      const burst = await Promise.all(
        Array.from({ length: 6 }, (_, index) => sendOn(index % 2 === 0 ? app : other, developer.token)),
      );
      expect(burst.filter((response) => response.status === 202)).toHaveLength(4);
    });
  });

  describe('only an accepted send spends', () => {
    /** One send over a transport: 'accepted', or the catalogue code it was refused with. */
    type Transport = (token: string, body: Record<string, unknown>) => Promise<string>;
    const codeOf = (error: unknown) => (typeof error === 'string' ? error : (error as { code: string }).code);
    const transports: [string, (on: TestApp) => Transport][] = [
      [
        'REST',
        (on) => async (token, body) => {
          const response = await sendOn(on, token, body);
          return response.status === 202 ? 'accepted' : codeOf(response.body.error);
        },
      ],
      [
        'tRPC',
        (on) => async (token, body) => {
          const response = await call(on, 'POST', '/trpc/messages.create', { token, body });
          return response.status === 200 ? 'accepted' : codeOf(response.body.error.data.body.error);
        },
      ],
      [
        'the legacy MCP tool route',
        (on) => async (token, body) => {
          const response = await call(on, 'POST', '/mcp/tools/send_message', { token, body: { params: body } });
          return response.status === 200 ? 'accepted' : codeOf(response.body.error);
        },
      ],
      [
        'MCP',
        (on) => async (token, body) => {
          const agent = await connectMcp(on, token);
          try {
            const result = await agent.callTool({ name: 'send_message', arguments: body });
            return result.isError ? String(toolError(result).code) : 'accepted';
          } finally {
            await agent.close();
          }
        },
      ],
    ];

    it.each(transports)('gives back the send token of a refused send over %s', async (_name, over) => {
      const send = over(app);
      const developer = await sendingWorkspace(app, {
        tier: 'starter',
        balanceCents: app.config.pricePerSegmentCents,
        numbers: 0,
      });
      const token = await tokenWithScopes(app, developer.workspaceId, ['mcp:execute', 'messages:write']);
      expect(await send(token, sms)).toBe('branded_number_missing');
      await connectNumber(app, developer.workspaceId);
      expect(await send(token, { ...sms, body: 'a'.repeat(200) })).toBe('insufficient_balance');
      const added = await call(app, 'POST', '/api/v1/suppressions', { token, body: { phone_number: '+14155550177' } });
      expect(added.status).toBe(201);
      expect(await send(token, { ...sms, phone_number: '+14155550177' })).toBe('workspace_suppressed');
      expect(await send(token, { ...sms, phone_number: 'not a number' })).toBe('validation_failed');
      // No time has passed on the clock: the starter bucket (1) still holds its send.
      expect(await send(token, sms)).toBe('accepted');
      expect(await over(other)(token, sms)).toBe('message_send_rate_limited');
    });

    it('gives a delegated token’s refused send back to its ancestors’ buckets too', async () => {
      const developer = await sendingWorkspace(app, { tier: 'starter', balanceCents: app.config.pricePerSegmentCents });
      const delegated = await child(developer.token);
      expect((await sendOn(app, delegated, { ...sms, body: 'a'.repeat(200) })).status).toBe(402);
      expect((await sendOn(other, developer.token)).status).toBe(202);
      expect((await sendOn(app, delegated)).status).toBe(429);
    });
  });
});
