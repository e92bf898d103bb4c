import type { Redis, Result } from 'ioredis';
import { AppError, type ErrorCode } from '@textline/contract';
import type { Clock } from '../lib/clock.ts';

/** Every family of buckets has its own namespace, so equal keys of two limits never share a bucket. */
export type LimitNamespace = 'send' | 'account-creation' | 'oauth-register' | 'sign-in-username' | 'sign-in-ip' | 'webhook-test';

/** A bucket of `capacity` tokens refilled one per `refillMs`. */
export type KeyedLimit = { namespace: LimitNamespace; capacity: number; refillMs: number };
export type LimitedKey = { limit: KeyedLimit; key: string };
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };
/**
 * A refused reservation says whether it was refused only for tokens that unsettled reservations
 * hold: those come back if the attempts holding them turn out not to count, so waiting may help.
 */
export type ReservationDecision = { allowed: true } | { allowed: false; retryAfterMs: number; onlyForUnsettled: boolean };

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
  /**
   * Takes as `take` does, for an attempt whose outcome decides whether it counts, and keeps the
   * tokens marked as held until `settle`: a refusal then tells held tokens from spent ones.
   */
  reserve(...buckets: LimitedKey[]): Promise<ReservationDecision>;
  /** Ends a granted reservation: its tokens stay spent when the attempt counts, and come back when it does not. */
  settle(counts: boolean, ...buckets: LimitedKey[]): Promise<void>;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** `count` per hour, all of them usable at once, then one more every hour / count (whole ms, as Redis's PX needs). */
export function perHour(namespace: LimitNamespace, count: number): KeyedLimit {
  return { namespace, capacity: count, refillMs: Math.ceil(HOUR_MS / count) };
}

/** `count` per minute, as perHour does it per hour. */
export function perMinute(namespace: LimitNamespace, count: number): KeyedLimit {
  return { namespace, capacity: count, refillMs: Math.ceil(MINUTE_MS / count) };
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
  return new AppError(code, {
    extra: { ...extra(seconds), retry_after_seconds: seconds },
    headers: { 'Retry-After': String(seconds) },
  });
}

const burstMs = ({ capacity, refillMs }: KeyedLimit) => (capacity - 1) * refillMs;
const SWEEP_INTERVAL_MS = 60_000;
/**
 * How long a count of held tokens outlives its latest reservation in Redis: a process that dies
 * before settling leaves it behind, and it must not make later attempts wait for ever.
 */
const HELD_EXPIRY_MS = 60_000;

export function memoryKeyedLimiter(clock: Clock): KeyedLimiter {
  const arrivals = new Map<string, number>();
  /** Tokens held by unsettled reservations, per bucket. */
  const held = new Map<string, number>();
  const storeKey = ({ limit, key }: LimitedKey) => `${limit.namespace}:${key}`;
  let nextSweepAt = clock.now() + SWEEP_INTERVAL_MS;

  /** How long each bucket is short of a token (0: it has one), and takes one from all when none is. */
  function takeTokens(buckets: LimitedKey[]): number[] {
    const now = clock.now();
    // An entry whose TAT has passed is a full bucket, the same as no entry: drop those now and then.
    if (now >= nextSweepAt) {
      for (const [idle, at] of arrivals) if (at <= now) arrivals.delete(idle);
      nextSweepAt = now + SWEEP_INTERVAL_MS;
    }
    const taken = buckets.map((bucket) => {
      const key = storeKey(bucket);
      const tat = Math.max(arrivals.get(key) ?? now, now);
      return { key, wait: Math.max(0, tat - burstMs(bucket.limit) - now), nextTat: tat + bucket.limit.refillMs };
    });
    const waits = taken.map(({ wait }) => wait);
    if (waits.every((wait) => wait === 0)) for (const { key, nextTat } of taken) arrivals.set(key, nextTat);
    return waits;
  }

  function refundTokens(buckets: LimitedKey[]): void {
    const now = clock.now();
    for (const bucket of buckets) {
      const tat = arrivals.get(storeKey(bucket));
      if (tat === undefined) continue;
      const earlier = tat - bucket.limit.refillMs;
      if (earlier > now) arrivals.set(storeKey(bucket), earlier);
      else arrivals.delete(storeKey(bucket));
    }
  }

  return {
    async take(...buckets) {
      const waitMs = Math.max(0, ...takeTokens(buckets));
      return waitMs > 0 ? { allowed: false, retryAfterMs: waitMs } : { allowed: true };
    },
    async refund(...buckets) {
      refundTokens(buckets);
    },
    async reserve(...buckets) {
      const waits = takeTokens(buckets);
      const waitMs = Math.max(0, ...waits);
      if (waitMs === 0) {
        for (const bucket of buckets) held.set(storeKey(bucket), (held.get(storeKey(bucket)) ?? 0) + 1);
        return { allowed: true };
      }
      const heldMs = buckets.map((bucket) => (held.get(storeKey(bucket)) ?? 0) * bucket.limit.refillMs);
      const onlyForUnsettled = waits.every((wait, index) => wait <= (heldMs[index] ?? 0));
      return { allowed: false, retryAfterMs: waitMs, onlyForUnsettled };
    },
    async settle(counts, ...buckets) {
      if (!counts) refundTokens(buckets);
      for (const bucket of buckets) {
        const remaining = (held.get(storeKey(bucket)) ?? 0) - 1;
        if (remaining > 0) held.set(storeKey(bucket), remaining);
        else held.delete(storeKey(bucket));
      }
    },
  };
}

// Same algorithm as the memory limiter, atomic in Redis so every API process shares each bucket.
// ARGV is now, then refill and capacity per bucket. The caller passes `now`, so one clock (the tests'
// manual one included) rules both implementations. A key's expiry is only clean-up (a TAT in the
// past reads as a full bucket either way), so it gets a minute of slack: Redis counts it in real
// time, which need not run with the caller's clock.
// KEYS are the buckets, followed for a reservation by the count of held tokens of each; the answer
// is {longest wait, whether held tokens alone explain every bucket's wait (reservations only)}.
const takeScript = `
local now = tonumber(ARGV[1])
local n = (#ARGV - 1) / 2
local reserving = #KEYS > n
local tats, waits, wait = {}, {}, 0
for i = 1, n do
  local refill = tonumber(ARGV[2 * i])
  local burst = (tonumber(ARGV[2 * i + 1]) - 1) * refill
  local tat = math.max(tonumber(redis.call('GET', KEYS[i]) or now), now)
  tats[i] = tat
  waits[i] = math.max(0, tat - burst - now)
  wait = math.max(wait, waits[i])
end
if wait > 0 then
  local onlyForHeld = 0
  if reserving then
    onlyForHeld = 1
    for i = 1, n do
      if waits[i] > tonumber(redis.call('GET', KEYS[n + i]) or 0) * tonumber(ARGV[2 * i]) then onlyForHeld = 0 end
    end
  end
  return {wait, onlyForHeld}
end
for i = 1, n do
  local nextTat = tats[i] + tonumber(ARGV[2 * i])
  redis.call('SET', KEYS[i], string.format('%.0f', nextTat), 'PX', nextTat - now + 60000)
  if reserving then
    redis.call('INCR', KEYS[n + i])
    redis.call('PEXPIRE', KEYS[n + i], ${HELD_EXPIRY_MS})
  end
end
return {0, 0}`;

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

// KEYS are counts of held tokens; a count that expired (see HELD_EXPIRY_MS) stays gone.
const releaseScript = `
for i, key in ipairs(KEYS) do
  if redis.call('DECR', key) <= 0 then redis.call('DEL', key) end
end
return 0`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    takeLimitTokens(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Result<[number, number], Context>;
    refundLimitTokens(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Result<number, Context>;
    releaseHeldTokens(numberOfKeys: number, ...keys: string[]): Result<number, Context>;
  }
}

export function redisKeyedLimiter(redis: Redis, clock: Clock, keyPrefix: string): KeyedLimiter {
  // defineCommand sends EVALSHA and falls back to EVAL once per connection.
  redis.defineCommand('takeLimitTokens', { lua: takeScript });
  redis.defineCommand('refundLimitTokens', { lua: refundScript });
  redis.defineCommand('releaseHeldTokens', { lua: releaseScript });
  const bucketKeys = (buckets: LimitedKey[]) => buckets.map(({ limit, key }) => `${keyPrefix}:limit:${limit.namespace}:${key}`);
  const heldKeys = (buckets: LimitedKey[]) => buckets.map(({ limit, key }) => `${keyPrefix}:held:${limit.namespace}:${key}`);
  const scriptArguments = (keys: string[], buckets: LimitedKey[]): [number, ...(string | number)[]] => [
    keys.length,
    ...keys,
    clock.now(),
    ...buckets.flatMap(({ limit }) => [limit.refillMs, limit.capacity]),
  ];
  const refund = async (buckets: LimitedKey[]) => {
    await redis.refundLimitTokens(...scriptArguments(bucketKeys(buckets), buckets));
  };
  return {
    async take(...buckets) {
      const [retryAfterMs] = await redis.takeLimitTokens(...scriptArguments(bucketKeys(buckets), buckets));
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
    },
    refund: (...buckets) => refund(buckets),
    async reserve(...buckets) {
      const [retryAfterMs, onlyForHeld] = await redis.takeLimitTokens(
        ...scriptArguments([...bucketKeys(buckets), ...heldKeys(buckets)], buckets),
      );
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs, onlyForUnsettled: onlyForHeld === 1 } : { allowed: true };
    },
    async settle(counts, ...buckets) {
      // Given back before the hold ends, so no attempt sees a bucket both empty and with nothing held.
      if (!counts) await refund(buckets);
      await redis.releaseHeldTokens(buckets.length, ...heldKeys(buckets));
    },
  };
}
