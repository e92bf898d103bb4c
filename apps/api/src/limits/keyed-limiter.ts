import type { Redis, Result } from 'ioredis';
import { AppError, type ErrorCode } from '@textline/contract';
import type { Clock } from '../lib/clock.ts';

/** Every family of buckets has its own namespace, so equal keys of two limits never share a bucket. */
export type LimitNamespace =
  | 'send'
  | 'account-creation'
  | 'oauth-register'
  | 'sign-in-username'
  | 'sign-in-ip'
  | 'webhook-test'
  | 'reply-wait'
  | 'approval-elicitation';

/** A bucket of `capacity` tokens refilled one per `refillMs`. */
export type KeyedLimit = { namespace: LimitNamespace; capacity: number; refillMs: number };
export type LimitedKey = { limit: KeyedLimit; key: string };
/**
 * Where the tightest bucket of a take stands once it is done (the one with the fewest tokens left):
 * what the RateLimit headers report. `resetMs` is the time until that bucket is full again.
 */
export type LimitState = { limit: KeyedLimit; remaining: number; resetMs: number };
export type LimitDecision = ({ allowed: true } | { allowed: false; retryAfterMs: number }) & { state: LimitState };
/**
 * A refused reservation says whether it was refused only for tokens that unsettled reservations
 * hold: those come back if the attempts holding them turn out not to count, so waiting may help.
 */
export type ReservationDecision = ({ allowed: true } | { allowed: false; retryAfterMs: number; onlyForUnsettled: boolean }) & {
  state: LimitState;
};
/** Receives the state of a granted take, for the response's RateLimit headers (see reportRateLimit). */
export type LimitReport = (state: LimitState) => void;

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

/**
 * The IETF RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-headers) of a bucket:
 * its capacity as the quota over the window that refills it from empty, the tokens left and the
 * seconds until it is full again.
 */
export function rateLimitHeaders({ limit, remaining, resetMs }: LimitState): Record<string, string> {
  const windowSeconds = Math.ceil((limit.capacity * limit.refillMs) / 1000);
  return {
    'RateLimit-Policy': `"burst";q=${limit.capacity};w=${windowSeconds}`,
    RateLimit: `"burst";r=${remaining};t=${Math.ceil(resetMs / 1000)}`,
  };
}

/** A LimitReport that puts the RateLimit headers on the response of `ctx` (every transport writes ctx.response.headers). */
export function reportRateLimit(ctx: { response: { headers: Record<string, string> } }): LimitReport {
  return (state) => Object.assign(ctx.response.headers, rateLimitHeaders(state));
}

/**
 * The 429 of a refused take: `code` with retry_after_seconds (and any `extra` fields), the Retry-After
 * header and the RateLimit headers.
 */
export function rateLimitedError(
  code: ErrorCode,
  refused: { retryAfterMs: number; state: LimitState },
  extra: (seconds: number) => Record<string, unknown> = () => ({}),
): AppError {
  const seconds = retryAfterSeconds(refused.retryAfterMs);
  return new AppError(code, {
    extra: { ...extra(seconds), retry_after_seconds: seconds },
    headers: { 'Retry-After': String(seconds), ...rateLimitHeaders(refused.state) },
  });
}

/** How many tokens a bucket whose TAT is `tat` holds at `now` (GCRA: one per refill interval the TAT is short of the burst). */
function tokensLeft(limit: KeyedLimit, tat: number, now: number): number {
  return Math.min(limit.capacity, Math.max(0, Math.floor((burstMs(limit) - (tat - now)) / limit.refillMs) + 1));
}

/** The tightest of the buckets' states: fewest tokens left, then the longest until full. */
function tightest(states: LimitState[]): LimitState {
  return states.reduce((tight, state) =>
    state.remaining < tight.remaining || (state.remaining === tight.remaining && state.resetMs > tight.resetMs) ? state : tight,
  );
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

  /**
   * How long each bucket is short of a token (0: it has one), and takes one from all when none is;
   * with the tightest bucket's state after that.
   */
  function takeTokens(buckets: LimitedKey[]): { waits: number[]; state: LimitState } {
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
    const granted = waits.every((wait) => wait === 0);
    if (granted) for (const { key, nextTat } of taken) arrivals.set(key, nextTat);
    const states = buckets.map(({ limit }, index): LimitState => {
      const { key, nextTat } = taken[index] as (typeof taken)[number];
      const tat = granted ? nextTat : (arrivals.get(key) ?? now);
      return { limit, remaining: tokensLeft(limit, tat, now), resetMs: Math.max(0, tat - now) };
    });
    return { waits, state: tightest(states) };
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
      const { waits, state } = takeTokens(buckets);
      const waitMs = Math.max(0, ...waits);
      return waitMs > 0 ? { allowed: false, retryAfterMs: waitMs, state } : { allowed: true, state };
    },
    async refund(...buckets) {
      refundTokens(buckets);
    },
    async reserve(...buckets) {
      const { waits, state } = takeTokens(buckets);
      const waitMs = Math.max(0, ...waits);
      if (waitMs === 0) {
        for (const bucket of buckets) held.set(storeKey(bucket), (held.get(storeKey(bucket)) ?? 0) + 1);
        return { allowed: true, state };
      }
      const heldMs = buckets.map((bucket) => (held.get(storeKey(bucket)) ?? 0) * bucket.limit.refillMs);
      const onlyForUnsettled = waits.every((wait, index) => wait <= (heldMs[index] ?? 0));
      return { allowed: false, retryAfterMs: waitMs, onlyForUnsettled, state };
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
// is {longest wait, whether held tokens alone explain every bucket's wait (reservations only), then
// the tightest bucket after the take: its index (1-based), tokens left and ms until it is full}.
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
local function tightest()
  local index, left, reset = 0, math.huge, 0
  for i = 1, n do
    local refill = tonumber(ARGV[2 * i])
    local capacity = tonumber(ARGV[2 * i + 1])
    local ahead = tats[i] - now
    local tokens = math.min(capacity, math.max(0, math.floor(((capacity - 1) * refill - ahead) / refill) + 1))
    if tokens < left or (tokens == left and ahead > reset) then index, left, reset = i, tokens, math.max(0, ahead) end
  end
  return index, left, reset
end
if wait > 0 then
  local onlyForHeld = 0
  if reserving then
    onlyForHeld = 1
    for i = 1, n do
      if waits[i] > tonumber(redis.call('GET', KEYS[n + i]) or 0) * tonumber(ARGV[2 * i]) then onlyForHeld = 0 end
    end
  end
  return {wait, onlyForHeld, tightest()}
end
for i = 1, n do
  local nextTat = tats[i] + tonumber(ARGV[2 * i])
  tats[i] = nextTat
  redis.call('SET', KEYS[i], string.format('%.0f', nextTat), 'PX', math.ceil(nextTat - now + 60000))
  if reserving then
    redis.call('INCR', KEYS[n + i])
    redis.call('PEXPIRE', KEYS[n + i], ${HELD_EXPIRY_MS})
  end
end
return {0, 0, tightest()}`;

const refundScript = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local tat = tonumber(redis.call('GET', key))
  if tat then
    local earlier = tat - tonumber(ARGV[2 * i])
    if earlier > now then
      redis.call('SET', key, string.format('%.0f', earlier), 'PX', math.ceil(earlier - now + 60000))
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
    takeLimitTokens(
      numberOfKeys: number,
      ...keysThenArgs: (string | number)[]
    ): Result<[wait: number, onlyForHeld: number, tightest: number, remaining: number, resetMs: number], Context>;
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
  const takeTokens = async (keys: string[], buckets: LimitedKey[]) => {
    const [retryAfterMs, onlyForHeld, tightestIndex, remaining, resetMs] = await redis.takeLimitTokens(
      ...scriptArguments(keys, buckets),
    );
    const tightestBucket = buckets[tightestIndex - 1];
    if (!tightestBucket) throw new Error(`the limiter script named bucket ${tightestIndex} of ${buckets.length}`);
    const state: LimitState = { limit: tightestBucket.limit, remaining, resetMs };
    return { retryAfterMs, onlyForHeld, state };
  };
  return {
    async take(...buckets) {
      const { retryAfterMs, state } = await takeTokens(bucketKeys(buckets), buckets);
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs, state } : { allowed: true, state };
    },
    refund: (...buckets) => refund(buckets),
    async reserve(...buckets) {
      const { retryAfterMs, onlyForHeld, state } = await takeTokens([...bucketKeys(buckets), ...heldKeys(buckets)], buckets);
      return retryAfterMs > 0
        ? { allowed: false, retryAfterMs, onlyForUnsettled: onlyForHeld === 1, state }
        : { allowed: true, state };
    },
    async settle(counts, ...buckets) {
      // Given back before the hold ends, so no attempt sees a bucket both empty and with nothing held.
      if (!counts) await refund(buckets);
      await redis.releaseHeldTokens(buckets.length, ...heldKeys(buckets));
    },
  };
}
