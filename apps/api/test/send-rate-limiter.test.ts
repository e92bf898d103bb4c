import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { manualClock } from '../src/lib/clock.ts';
import { randomBase62 } from '../src/lib/crypto.ts';
import {
  memorySendRateLimiter,
  redisSendRateLimiter,
  sendRateLimits,
  type SendRateLimiter,
} from '../src/limits/send-rate-limiter.ts';
import { call, scaledMode, startTestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

type Clock = ReturnType<typeof manualClock>;

const redisClients: Redis[] = [];
afterAll(async () => {
  await Promise.all(redisClients.map((client) => client.quit()));
});

const implementations: [string, (clock: Clock) => SendRateLimiter][] = [['memory', (clock) => memorySendRateLimiter(clock)]];
if (scaledMode) {
  implementations.push([
    'redis',
    (clock) => {
      const client = new Redis(process.env.TEST_REDIS_URL!);
      redisClients.push(client);
      return redisSendRateLimiter(client, clock, `limiter-test-${randomUUID()}`);
    },
  ]);
}

const enterprise = sendRateLimits.enterprise;
const starter = sendRateLimits.starter;

describe.each(implementations)('%s send rate limiter', (_name, create) => {
  function setup() {
    const clock = manualClock(1_800_000_000_000);
    // Random keys: the Redis database is shared with the other test files.
    return { clock, limiter: create(clock), key: `token_${randomBase62(12)}` };
  }

  async function takeMany(limiter: SendRateLimiter, key: string, count: number, limit = enterprise) {
    const decisions = [];
    for (let index = 0; index < count; index += 1) decisions.push(await limiter.take(key, limit));
    return decisions;
  }

  it('allows a burst of the capacity, then refuses with the time to the next token', async () => {
    const { limiter, key } = setup();
    const decisions = await takeMany(limiter, key, 20);
    expect(decisions.every((decision) => decision.allowed)).toBe(true);
    expect(await limiter.take(key, enterprise)).toEqual({ allowed: false, retryAfterMs: 1_200 });
  });

  it('refills one token per refill interval and never beyond the capacity', async () => {
    const { clock, limiter, key } = setup();
    await takeMany(limiter, key, 20);
    clock.advance(500);
    expect(await limiter.take(key, enterprise)).toEqual({ allowed: false, retryAfterMs: 700 });
    clock.advance(700);
    expect(await limiter.take(key, enterprise)).toEqual({ allowed: true });
    expect(await limiter.take(key, enterprise)).toEqual({ allowed: false, retryAfterMs: 1_200 });
    clock.advance(3 * 1_200);
    expect((await takeMany(limiter, key, 4)).map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    clock.advance(24 * 60 * 60 * 1_000);
    const afterIdle = await takeMany(limiter, key, 21);
    expect(afterIdle.filter((decision) => decision.allowed)).toHaveLength(20);
  });

  it('keeps one bucket per key and sizes it by the limit passed', async () => {
    const { limiter, key } = setup();
    expect(await limiter.take(key, starter)).toEqual({ allowed: true });
    expect(await limiter.take(key, starter)).toEqual({ allowed: false, retryAfterMs: 1_200 });
    expect(await limiter.take(`${key}_other`, starter)).toEqual({ allowed: true });
  });

  it('lets exactly the capacity through when requests arrive at once', async () => {
    const { limiter, key } = setup();
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.take(key, enterprise)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(20);
  });
});

describe.runIf(scaledMode)('the Redis limiter across API processes', () => {
  it('shares each token bucket between two app instances', async () => {
    const first = await startTestApp();
    const second = await startTestApp({ DATABASE_URL: first.config.databaseUrl!, REDIS_KEY_PREFIX: first.config.redisKeyPrefix }, { clock: first.clock });
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
