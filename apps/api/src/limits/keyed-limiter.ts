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
/** A take of up to `count` tokens: how many it took, and how long until the next when fewer than asked. */
export type PartialTake = { taken: number; retryAfterMs: number; state: LimitState };
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
  /** Takes as many tokens as every bucket named holds, up to `count`, from all of them at once (a batch of sends). */
  takeUpTo(count: number, ...buckets: LimitedKey[]): Promise<PartialTake>;
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
   * Takes as many tokens as every bucket holds, up to `count`, from all of them; with how long each
   * bucket is then short of one more (0: it has one) and the tightest bucket's state.
   */
  function takeTokens(buckets: LimitedKey[], count = 1): { taken: number; waits: number[]; state: LimitState } {
    const now = clock.now();
    // An entry whose TAT has passed is a full bucket, the same as no entry: drop those now and then.
    if (now >= nextSweepAt) {
      for (const [idle, at] of arrivals) if (at <= now) arrivals.delete(idle);
      nextSweepAt = now + SWEEP_INTERVAL_MS;
    }
    const tats = buckets.map((bucket) => Math.max(arrivals.get(storeKey(bucket)) ?? now, now));
    const taken = Math.min(count, ...buckets.map(({ limit }, index) => tokensLeft(limit, tats[index] ?? now, now)));
    buckets.forEach((bucket, index) => {
      const tat = (tats[index] ?? now) + taken * bucket.limit.refillMs;
      tats[index] = tat;
      if (taken > 0) arrivals.set(storeKey(bucket), tat);
    });
    const waits = buckets.map(({ limit }, index) => Math.max(0, (tats[index] ?? now) - burstMs(limit) - now));
    const states = buckets.map(({ limit }, index): LimitState => {
      const tat = tats[index] ?? now;
      return { limit, remaining: tokensLeft(limit, tat, now), resetMs: Math.max(0, tat - now) };
    });
    return { taken, waits, state: tightest(states) };
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
      const { taken, waits, state } = takeTokens(buckets);
      return taken === 0 ? { allowed: false, retryAfterMs: Math.max(0, ...waits), state } : { allowed: true, state };
    },
    async takeUpTo(count, ...buckets) {
      const { taken, waits, state } = takeTokens(buckets, count);
      return { taken, retryAfterMs: taken < count ? Math.max(0, ...waits) : 0, state };
    },
    async refund(...buckets) {
      refundTokens(buckets);
    },
    async reserve(...buckets) {
      const { taken, waits, state } = takeTokens(buckets);
      const waitMs = Math.max(0, ...waits);
      if (taken > 0) {
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
// ARGV is now, the tokens asked for, then refill and capacity per bucket. The caller passes `now`, so one clock (the tests'
// manual one included) rules both implementations. A key's expiry is only clean-up (a TAT in the
// past reads as a full bucket either way), so it gets a minute of slack: Redis counts it in real
// time, which need not run with the caller's clock.
// KEYS are the buckets, followed for a reservation by the count of held tokens of each; the answer
// is {the wait for one token more than taken (0 when all asked for were), whether held tokens alone
// explain every bucket's wait (a refused reservation only), then the tightest bucket after the take:
// its index (1-based), tokens left and ms until it is full, then the tokens taken}.
const takeScript = `
local now = tonumber(ARGV[1])
local count = tonumber(ARGV[2])
local n = (#ARGV - 2) / 2
local reserving = #KEYS > n
local tats = {}
local function refill(i) return tonumber(ARGV[2 * i + 1]) end
local function capacity(i) return tonumber(ARGV[2 * i + 2]) end
local function left(i) return math.min(capacity(i), math.max(0, math.floor(((capacity(i) - 1) * refill(i) - (tats[i] - now)) / refill(i)) + 1)) end
local function waitOf(i) return math.max(0, tats[i] - (capacity(i) - 1) * refill(i) - now) end
local taken = count
for i = 1, n do
  tats[i] = math.max(tonumber(redis.call('GET', KEYS[i]) or now), now)
  taken = math.min(taken, left(i))
end
local function tightest()
  local index, fewest, reset = 0, math.huge, 0
  for i = 1, n do
    local ahead = tats[i] - now
    local tokens = left(i)
    if tokens < fewest or (tokens == fewest and ahead > reset) then index, fewest, reset = i, tokens, math.max(0, ahead) end
  end
  return index, fewest, reset
end
if taken == 0 then
  local wait, onlyForHeld = 0, 0
  for i = 1, n do wait = math.max(wait, waitOf(i)) end
  if reserving then
    onlyForHeld = 1
    for i = 1, n do
      if waitOf(i) > tonumber(redis.call('GET', KEYS[n + i]) or 0) * refill(i) then onlyForHeld = 0 end
    end
  end
  local index, fewest, reset = tightest()
  return {wait, onlyForHeld, index, fewest, reset, 0}
end
local wait = 0
for i = 1, n do
  tats[i] = tats[i] + taken * refill(i)
  redis.call('SET', KEYS[i], string.format('%.0f', tats[i]), 'PX', math.ceil(tats[i] - now + 60000))
  if taken < count then wait = math.max(wait, waitOf(i)) end
  if reserving then
    redis.call('INCR', KEYS[n + i])
    redis.call('PEXPIRE', KEYS[n + i], ${HELD_EXPIRY_MS})
  end
end
local index, fewest, reset = tightest()
return {wait, 0, index, fewest, reset, taken}`;

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
    ): Result<[wait: number, onlyForHeld: number, tightest: number, remaining: number, resetMs: number, taken: number], Context>;
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
  const bucketLimits = (buckets: LimitedKey[]) => buckets.flatMap(({ limit }) => [limit.refillMs, limit.capacity]);
  const refund = async (buckets: LimitedKey[]) => {
    const keys = bucketKeys(buckets);
    await redis.refundLimitTokens(keys.length, ...keys, clock.now(), ...bucketLimits(buckets));
  };
  const takeTokens = async (keys: string[], buckets: LimitedKey[], count = 1) => {
    const [retryAfterMs, onlyForHeld, tightestIndex, remaining, resetMs, taken] = await redis.takeLimitTokens(
      keys.length,
      ...keys,
      clock.now(),
      count,
      ...bucketLimits(buckets),
    );
    const tightestBucket = buckets[tightestIndex - 1];
    if (!tightestBucket) throw new Error(`the limiter script named bucket ${tightestIndex} of ${buckets.length}`);
    const state: LimitState = { limit: tightestBucket.limit, remaining, resetMs };
    return { taken, retryAfterMs, onlyForHeld, state };
  };
  return {
    async take(...buckets) {
      const { taken, retryAfterMs, state } = await takeTokens(bucketKeys(buckets), buckets);
      return taken === 0 ? { allowed: false, retryAfterMs, state } : { allowed: true, state };
    },
    async takeUpTo(count, ...buckets) {
      const { taken, retryAfterMs, state } = await takeTokens(bucketKeys(buckets), buckets, count);
      return { taken, retryAfterMs, state };
    },
    refund: (...buckets) => refund(buckets),
    async reserve(...buckets) {
      const { taken, retryAfterMs, onlyForHeld, state } = await takeTokens(
        [...bucketKeys(buckets), ...heldKeys(buckets)],
        buckets,
      );
      return taken === 0
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
