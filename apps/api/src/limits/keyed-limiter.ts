import type { Redis, Result } from 'ioredis';
import { AppError, type ErrorCode } from '@textline/contract';
import type { Clock } from '../lib/clock.ts';

/** Every family of buckets has its own namespace, so equal keys of two limits never share a bucket. */
export type LimitNamespace = 'send' | 'account-creation' | 'oauth-register' | 'sign-in-username' | 'sign-in-ip';

/** A bucket of `capacity` tokens refilled one per `refillMs`. */
export type KeyedLimit = { namespace: LimitNamespace; capacity: number; refillMs: number };
export type LimitedKey = { limit: KeyedLimit; key: string };
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Token buckets per key, kept as GCRA: one number per key, the theoretical arrival time (TAT) of the
 * next request once the bucket is empty. A request at `now` is allowed when TAT - now is at most
 * (capacity - 1) x refill, and then moves TAT one refill interval on. This is exactly a bucket of
 * `capacity` tokens refilled one per `refillMs`, with integer state and no per-key timer.
 */
export type KeyedLimiter = {
  /** Takes one token from every bucket named, or from none when any is empty (answering the longest wait). */
  take(...buckets: LimitedKey[]): Promise<LimitDecision>;
  /** Gives back a token taken for an attempt that turned out not to count (a failed creation, a successful sign-in). */
  refund(...buckets: LimitedKey[]): Promise<void>;
};

const HOUR_MS = 3_600_000;

/** `count` per hour, all of them usable at once, then one more every hour / count (whole ms, as Redis's PX needs). */
export function perHour(namespace: LimitNamespace, count: number): KeyedLimit {
  return { namespace, capacity: count, refillMs: Math.ceil(HOUR_MS / count) };
}

/** Whole seconds for Retry-After and retry_after_seconds: never 0, which would invite an immediate retry. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/** The 429 of a refused take: `code` with retry_after_seconds (and any `extra` fields) and the Retry-After header. */
export function rateLimitedError(
  code: ErrorCode,
  retryAfterMs: number,
  extra: (seconds: number) => Record<string, unknown> = () => ({}),
): AppError {
  const seconds = retryAfterSeconds(retryAfterMs);
  return new AppError(code, { extra: { ...extra(seconds), retry_after_seconds: seconds }, headers: { 'Retry-After': String(seconds) } });
}

const burstMs = ({ capacity, refillMs }: KeyedLimit) => (capacity - 1) * refillMs;
const SWEEP_INTERVAL_MS = 60_000;

export function memoryKeyedLimiter(clock: Clock): KeyedLimiter {
  const arrivals = new Map<string, number>();
  const storeKey = ({ limit, key }: LimitedKey) => `${limit.namespace}:${key}`;
  let nextSweepAt = clock.now() + SWEEP_INTERVAL_MS;
  return {
    async take(...buckets) {
      const now = clock.now();
      // An entry whose TAT has passed is a full bucket, the same as no entry: drop those now and then.
      if (now >= nextSweepAt) {
        for (const [idle, at] of arrivals) if (at <= now) arrivals.delete(idle);
        nextSweepAt = now + SWEEP_INTERVAL_MS;
      }
      const tats = buckets.map((bucket) => Math.max(arrivals.get(storeKey(bucket)) ?? now, now));
      const waitMs = Math.max(0, ...buckets.map((bucket, index) => tats[index]! - burstMs(bucket.limit) - now));
      if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs };
      buckets.forEach((bucket, index) => arrivals.set(storeKey(bucket), tats[index]! + bucket.limit.refillMs));
      return { allowed: true };
    },
    async refund(...buckets) {
      const now = clock.now();
      for (const bucket of buckets) {
        const tat = arrivals.get(storeKey(bucket));
        if (tat === undefined) continue;
        const earlier = tat - bucket.limit.refillMs;
        if (earlier > now) arrivals.set(storeKey(bucket), earlier);
        else arrivals.delete(storeKey(bucket));
      }
    },
  };
}

// Same algorithm as the memory limiter, atomic in Redis so every API process shares each bucket.
// ARGV is now, then refill and capacity per key. The caller passes `now`, so one clock (the tests'
// manual one included) rules both implementations. A key's expiry is only clean-up (a TAT in the
// past reads as a full bucket either way), so it gets a minute of slack: Redis counts it in real
// time, which need not run with the caller's clock.
const takeScript = `
local now = tonumber(ARGV[1])
local tats, wait = {}, 0
for i, key in ipairs(KEYS) do
  local refill = tonumber(ARGV[2 * i])
  local burst = (tonumber(ARGV[2 * i + 1]) - 1) * refill
  local tat = math.max(tonumber(redis.call('GET', key) or now), now)
  tats[i] = tat
  wait = math.max(wait, tat - burst - now)
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  local nextTat = tats[i] + tonumber(ARGV[2 * i])
  redis.call('SET', key, string.format('%.0f', nextTat), 'PX', nextTat - now + 60000)
end
return 0`;

const refundScript = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local tat = tonumber(redis.call('GET', key))
  if tat then
    local earlier = tat - tonumber(ARGV[2 * i])
    if earlier > now then
      redis.call('SET', key, string.format('%.0f', earlier), 'PX', earlier - now + 60000)
    else
      redis.call('DEL', key)
    end
  end
end
return 0`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    takeLimitTokens(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Result<number, Context>;
    refundLimitTokens(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Result<number, Context>;
  }
}

export function redisKeyedLimiter(redis: Redis, clock: Clock, keyPrefix: string): KeyedLimiter {
  // defineCommand sends EVALSHA and falls back to EVAL once per connection.
  redis.defineCommand('takeLimitTokens', { lua: takeScript });
  redis.defineCommand('refundLimitTokens', { lua: refundScript });
  const scriptArguments = (buckets: LimitedKey[]): [number, ...(string | number)[]] => [
    buckets.length,
    ...buckets.map(({ limit, key }) => `${keyPrefix}:limit:${limit.namespace}:${key}`),
    clock.now(),
    ...buckets.flatMap(({ limit }) => [limit.refillMs, limit.capacity]),
  ];
  return {
    async take(...buckets) {
      const retryAfterMs = await redis.takeLimitTokens(...scriptArguments(buckets));
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
    },
    async refund(...buckets) {
      await redis.refundLimitTokens(...scriptArguments(buckets));
    },
  };
}
