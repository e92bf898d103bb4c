import { type KeyedLimit, type KeyedLimiter, rateLimitedError } from './keyed-limiter.ts';

/** SPEC section 8: burst capacity per plan tier; every tier refills one token per 1,200 ms. */
export const sendRateLimits = {
  starter: { namespace: 'send', capacity: 1, refillMs: 1_200 },
  growth: { namespace: 'send', capacity: 5, refillMs: 1_200 },
  scale: { namespace: 'send', capacity: 10, refillMs: 1_200 },
  enterprise: { namespace: 'send', capacity: 20, refillMs: 1_200 },
} as const satisfies Record<string, KeyedLimit>;

export type PlanTier = keyof typeof sendRateLimits;

function tierOf(planTier: string): PlanTier {
  return Object.hasOwn(sendRateLimits, planTier) ? (planTier as PlanTier) : 'starter';
}

/**
 * Takes one send from the token's bucket or throws the SPEC section 8 429. Transports call it per
 * access token before validating the request (operations with `rateLimit: 'message_send'`).
 */
export async function enforceSendRateLimit(limiter: KeyedLimiter, caller: { tokenId: string; planTier: string }): Promise<void> {
  const tier = tierOf(caller.planTier);
  const limit = sendRateLimits[tier];
  const decision = await limiter.take({ limit, key: caller.tokenId });
  if (decision.allowed) return;
  throw rateLimitedError('message_send_rate_limited', decision.retryAfterMs, (seconds) => ({
    message: `Send rate limit reached for this token; retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
    limit: { tier, capacity: limit.capacity, refill_ms: limit.refillMs },
  }));
}
