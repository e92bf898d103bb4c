import { type SendRateTier, sendRateTiers } from '@textline/contract';
import { type KeyedLimit, type KeyedLimiter, rateLimitedError } from './keyed-limiter.ts';

/** SPEC section 8: burst capacity per plan tier; every tier refills one token per 1,200 ms. */
export const sendRateLimits = {
  starter: { namespace: 'send', capacity: 1, refillMs: 1_200 },
  growth: { namespace: 'send', capacity: 5, refillMs: 1_200 },
  scale: { namespace: 'send', capacity: 10, refillMs: 1_200 },
  enterprise: { namespace: 'send', capacity: 20, refillMs: 1_200 },
} as const satisfies Record<SendRateTier, KeyedLimit>;

export type PlanTier = SendRateTier;

/** A stored tier name as a tier; an unknown one is the lowest. */
export function tierOf(planTier: string): PlanTier {
  return Object.hasOwn(sendRateLimits, planTier) ? (planTier as PlanTier) : 'starter';
}

/** The lower of two tiers (sendRateTiers runs from the smallest burst up). */
export function lowerTier(a: PlanTier, b: PlanTier): PlanTier {
  return sendRateTiers.indexOf(a) <= sendRateTiers.indexOf(b) ? a : b;
}

/** A delegated token's own tier (sendRateTier) holds it below the plan's, never above: the plan may have been lowered since. */
type SendCaller = { tokenId: string; planTier: string; sendRateTier?: string | null };

function sendBucket(caller: SendCaller) {
  const planTier = tierOf(caller.planTier);
  const tier = caller.sendRateTier ? lowerTier(planTier, tierOf(caller.sendRateTier)) : planTier;
  return { tier, bucket: { limit: sendRateLimits[tier], key: caller.tokenId } };
}

/**
 * Takes one send from the token's bucket or throws the SPEC section 8 429. Transports call it per
 * access token before validating the request (operations with `rateLimit: 'message_send'`).
 *
 * An idempotent replay creates nothing, so it is answered whatever the bucket holds: only when the
 * bucket is empty is `isReplay` asked (a database look-up, so never on the way of a send that
 * finds a token). Returns whether a token was taken; a replay that took one gives it back with
 * `refundSend` once it is known to be one.
 */
export async function enforceSendRateLimit(
  limiter: KeyedLimiter,
  caller: SendCaller,
  isReplay?: () => Promise<boolean>,
): Promise<{ tokenTaken: boolean }> {
  const { tier, bucket } = sendBucket(caller);
  const limit = bucket.limit;
  const decision = await limiter.take(bucket);
  if (decision.allowed) return { tokenTaken: true };
  if (isReplay && (await isReplay())) return { tokenTaken: false };
  throw rateLimitedError('message_send_rate_limited', decision.retryAfterMs, (seconds) => ({
    message: `Send rate limit reached for this token; retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
    limit: { tier, capacity: limit.capacity, refill_ms: limit.refillMs },
  }));
}

/** Gives back the send token of a request that turned out to create nothing (an idempotent replay). */
export async function refundSend(limiter: KeyedLimiter, caller: SendCaller): Promise<void> {
  await limiter.refund(sendBucket(caller).bucket);
}
