import { TextlineTimeoutError } from './errors.ts';

/**
 * Automatic retries: a 429 or a 5xx is tried again, after the Retry-After the API sent (else, on a
 * 429, the reset its RateLimit header names; else an exponential backoff), with full jitter on top so
 * that clients refused together do not come back together. A POST is retried only when its body
 * carries an idempotency_key (the API then accepts it once); every other method the API serves (GET,
 * PATCH, DELETE) can be repeated with no further effect.
 */
export type RetryOptions = {
  /** Retries after the first attempt; 0 turns retrying off. Default 3. */
  maxRetries?: number;
  /** The first backoff, doubled at each retry. Default 500 ms. */
  baseDelayMs?: number;
  /** The longest wait before a retry; an answer asking for longer is not retried. Default 30 s. */
  maxDelayMs?: number;
};

export type RetryPolicy = Required<RetryOptions> & {
  /** Waits `ms` unless `signal` aborts first; tests pass a faster clock. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
};

async function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
  signal.throwIfAborted();
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  sleep: abortableSleep,
  random: Math.random,
};

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

async function carriesIdempotencyKey(request: Request): Promise<boolean> {
  try {
    const body: unknown = JSON.parse(await request.clone().text());
    return (
      typeof body === 'object' && body !== null && typeof (body as { idempotency_key?: unknown }).idempotency_key === 'string'
    );
  } catch {
    return false;
  }
}

/** Whole seconds of a header, when it holds a positive number. */
function positiveSeconds(value: string | null | undefined): number | undefined {
  const seconds = Number(value ?? undefined);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * The seconds until the quota is back that a RateLimit header names (draft-ietf-httpapi-ratelimit-headers:
 * `"burst";r=0;t=6`), when it names one.
 */
export function rateLimitResetSeconds(header: string | null): number | undefined {
  return positiveSeconds(header === null ? undefined : /(?:^|;)\s*t=(\d+)/.exec(header)?.[1]);
}

/** Seconds the answer asks to wait: Retry-After, else on a 429 the reset of its RateLimit header. */
export function requestedWaitSeconds(response: Response): number | undefined {
  const retryAfter = positiveSeconds(response.headers.get('retry-after'));
  if (retryAfter !== undefined || response.status !== 429) return retryAfter;
  return rateLimitResetSeconds(response.headers.get('ratelimit'));
}

/** The wait before retry number `retry` (0-based): at least what the answer asked for, else the backoff, plus jitter. */
export function retryDelayMs(policy: RetryPolicy, retry: number, requestedSeconds: number | undefined): number {
  const backoff = policy.baseDelayMs * 2 ** retry;
  const floor = (requestedSeconds ?? 0) * 1000;
  // Never earlier than asked; the jitter spreads a backoff's worth on top.
  return Math.max(floor, backoff / 2) + policy.random() * (backoff / 2);
}

/**
 * One try of `request`, aborted when its own signal aborts or when no answer (status and headers) came
 * within `timeoutMs`, which throws a TextlineTimeoutError. (A controller of our own: on Node 20 a
 * signal AbortSignal.any combined from AbortSignal.timeout did not abort the request.)
 */
async function attempt(
  request: Request,
  timeoutMs: number,
  fetchImpl: (request: Request) => Promise<Response>,
): Promise<Response> {
  request.signal.throwIfAborted();
  const controller = new AbortController();
  const stop = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetchImpl(new Request(request.clone(), { signal: controller.signal }));
  } catch (error) {
    if (controller.signal.aborted && !request.signal.aborted)
      throw new TextlineTimeoutError(request.method, request.url, timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', stop);
  }
}

/**
 * A fetch that retries `request` as its answers say, each attempt given at most `timeoutMs` (then a
 * TextlineTimeoutError), the whole call stopped by the request's own signal; the last answer is
 * returned whatever it is.
 */
export function retryingFetch(policy: RetryPolicy, timeoutMs: number, fetchImpl: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const repeatable = request.method !== 'POST' || (await carriesIdempotencyKey(request));
    for (let retry = 0; ; retry += 1) {
      const response = await attempt(request, timeoutMs, fetchImpl);
      if (!repeatable || retry >= policy.maxRetries || !isRetryableStatus(response.status)) return response;
      const delay = retryDelayMs(policy, retry, requestedWaitSeconds(response));
      if (delay > policy.maxDelayMs) return response;
      // The answer is dropped for the next attempt: free its connection.
      await response.body?.cancel();
      await policy.sleep(delay, request.signal);
    }
  };
}
