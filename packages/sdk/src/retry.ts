/**
 * Automatic retries: a 429 or a 5xx is tried again, after the Retry-After the API sent or else an
 * exponential backoff, with full jitter on top so that clients refused together do not come back together.
 * A POST is retried only when its body carries an idempotency_key (the API then accepts it once); every
 * other method the API serves (GET, PATCH, DELETE) can be repeated with no further effect.
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
  /** Waits `ms`; tests pass a faster clock. */
  sleep: (ms: number) => Promise<void>;
  random: () => number;
};

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
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

/** The wait before retry number `retry` (0-based): Retry-After when given, else the backoff, plus jitter. */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterHeader: string | null): number {
  const backoff = policy.baseDelayMs * 2 ** retry;
  const retryAfter = Number(retryAfterHeader);
  const floor = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 0;
  // Never earlier than asked; the jitter spreads a backoff's worth on top.
  return Math.max(floor, backoff / 2) + policy.random() * (backoff / 2);
}

/** A fetch that retries `request` as the header says; the last answer is returned whatever it is. */
export function retryingFetch(policy: RetryPolicy, fetchImpl: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const repeatable = request.method !== 'POST' || (await carriesIdempotencyKey(request));
    for (let retry = 0; ; retry += 1) {
      const response = await fetchImpl(request.clone());
      if (!repeatable || retry >= policy.maxRetries || !isRetryableStatus(response.status)) return response;
      const delay = retryDelayMs(policy, retry, response.headers.get('retry-after'));
      if (delay > policy.maxDelayMs) return response;
      // The answer is dropped for the next attempt: free its connection.
      await response.body?.cancel();
      await policy.sleep(delay);
    }
  };
}
