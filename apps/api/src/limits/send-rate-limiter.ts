import type { Redis, Result } from 'ioredis';
import { AppError } from '@textline/contract';
import type { Clock } from '../lib/clock.ts';

/** SPEC section 8: burst capacity per plan tier; every tier refills one token per 1,200 ms. */
export const sendRateLimits = {
  starter: { capacity: 1, refillMs: 1_200 },
  growth: { capacity: 5, refillMs: 1_200 },
  scale: { capacity: 10, refillMs: 1_200 },
  enterprise: { capacity: 20, refillMs: 1_200 },
} as const;

export type PlanTier = keyof typeof sendRateLimits;
export type BucketLimit = { capacity: number; refillMs: number };
export type BucketDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * A token bucket per key, kept as GCRA: one number per key, the theoretical arrival time (TAT) of
 * the next request once the bucket is empty. A request at `now` is allowed when TAT - now is at most
 * (capacity - 1) x refill, and then moves TAT one refill interval on. This is exactly a bucket of
 * `capacity` tokens refilled one per `refillMs`, with integer state and no per-key timer.
 */
export type SendRateLimiter = { take(key: string, limit: BucketLimit): Promise<BucketDecision> };

const SWEEP_INTERVAL_MS = 60_000;

export function memorySendRateLimiter(clock: Clock): SendRateLimiter {
  const arrivals = new Map<string, number>();
  let nextSweepAt = clock.now() + SWEEP_INTERVAL_MS;
  return {
    async take(key, { capacity, refillMs }) {
      const now = clock.now();
      // An entry whose TAT has passed is a full bucket, the same as no entry: drop those now and then.
      if (now >= nextSweepAt) {
        for (const [idle, at] of arrivals) if (at <= now) arrivals.delete(idle);
        nextSweepAt = now + SWEEP_INTERVAL_MS;
      }
      const tat = Math.max(arrivals.get(key) ?? now, now);
      const burstMs = (capacity - 1) * refillMs;
      if (tat - now > burstMs) return { allowed: false, retryAfterMs: tat - burstMs - now };
      arrivals.set(key, tat + refillMs);
      return { allowed: true };
    },
  };
}

// Same algorithm as the memory limiter, atomic in Redis so every API process shares one bucket.
// The caller passes `now`, so one clock (the tests' manual one included) rules both implementations.
const takeScript = `
local now = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local burst = (tonumber(ARGV[3]) - 1) * refill
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
if tat - now > burst then return tat - burst - now end
redis.call('SET', KEYS[1], string.format('%.0f', tat + refill), 'PX', tat + refill - now)
return 0`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    takeSendToken(key: string, now: number, refillMs: number, capacity: number): Result<number, Context>;
  }
}

export function redisSendRateLimiter(redis: Redis, clock: Clock, keyPrefix: string): SendRateLimiter {
  // defineCommand sends EVALSHA and falls back to EVAL once per connection.
  redis.defineCommand('takeSendToken', { numberOfKeys: 1, lua: takeScript });
  return {
    async take(key, { capacity, refillMs }) {
      const retryAfterMs = await redis.takeSendToken(`${keyPrefix}:send-bucket:${key}`, clock.now(), refillMs, capacity);
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
    },
  };
}

function tierOf(planTier: string): PlanTier {
  return Object.hasOwn(sendRateLimits, planTier) ? (planTier as PlanTier) : 'starter';
}

/**
 * Takes one send from the token's bucket or throws the SPEC section 8 429. Transports call it per
 * access token before validating the request (operations with `rateLimit: 'message_send'`).
 */
export async function enforceSendRateLimit(
  limiter: SendRateLimiter,
  caller: { tokenId: string; planTier: string },
): Promise<void> {
  const tier = tierOf(caller.planTier);
  const limit = sendRateLimits[tier];
  const decision = await limiter.take(caller.tokenId, limit);
  if (decision.allowed) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  throw new AppError('message_send_rate_limited', {
    extra: {
      message: `Send rate limit reached for this token; retry after ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      retry_after_seconds: retryAfterSeconds,
      limit: { tier, capacity: limit.capacity, refill_ms: limit.refillMs },
    },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}
