import { type AppError, type SendRateTier, sendRateTiers } from '@textline/contract';
import { type KeyedLimit, type KeyedLimiter, type LimitReport, type LimitState, rateLimitedError } from './keyed-limiter.ts';

/** The published send rate limit (docs/api-rules.md): burst capacity per plan tier; each refills one token per 1,200 ms. */
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

/**
 * A delegated token's own tier (sendRateTier) holds it below the plan's, never above: the plan may
 * have been lowered since. Its ancestors (parent first) each keep their own bucket and tier.
 */
type SendCaller = {
  tokenId: string;
  planTier: string;
  sendRateTier?: string | null;
  ancestors: readonly { tokenId: string; sendRateTier: string | null }[];
};

function tierFor(planTier: PlanTier, sendRateTier: string | null | undefined): PlanTier {
  return sendRateTier ? lowerTier(planTier, tierOf(sendRateTier)) : planTier;
}

/**
 * The buckets a send takes from: the token's own, then each ancestor's, so children share their
 * ancestors' tiers instead of multiplying them (ten children of a starter token send one at a time).
 */
function sendBuckets(caller: SendCaller) {
  const planTier = tierOf(caller.planTier);
  const tier = tierFor(planTier, caller.sendRateTier);
  const ancestors = caller.ancestors.map((ancestor) => ({
    limit: sendRateLimits[tierFor(planTier, ancestor.sendRateTier)],
    key: ancestor.tokenId,
  }));
  return { tier, buckets: [{ limit: sendRateLimits[tier], key: caller.tokenId }, ...ancestors] };
}

/**
 * Takes one send from the token's bucket and each of its ancestors', all or none (one atomic take),
 * or throws 429 message_send_rate_limited. Transports call it per access token before validating the
 * request (operations with `rateLimit: 'message_send'`).
 *
 * An idempotent replay creates nothing, so it is answered whatever the buckets hold: only when one
 * is empty is `isReplay` asked (a database look-up, so never on the way of a send that finds its
 * tokens). Returns whether tokens were taken; only an accepted send keeps them, so a replay or a
 * refused send gives them back with `refundSend`. `report` gets the tightest bucket's state.
 */
export async function enforceSendRateLimit(
  limiter: KeyedLimiter,
  caller: SendCaller,
  isReplay?: () => Promise<boolean>,
  report: LimitReport = () => {},
): Promise<{ tokenTaken: boolean }> {
  const { buckets } = sendBuckets(caller);
  const decision = await limiter.take(...buckets);
  report(decision.state);
  if (decision.allowed) return { tokenTaken: true };
  if (isReplay && (await isReplay())) return { tokenTaken: false };
  throw sendRateLimited(caller, decision);
}

/** The 429 message_send_rate_limited of a send the token's buckets did not hold. */
function sendRateLimited(caller: SendCaller, refused: { retryAfterMs: number; state: LimitState }): AppError {
  const { tier, buckets } = sendBuckets(caller);
  const limit = sendRateLimits[tier];
  const shared = buckets.length > 1 ? ' (or for a token it was created from, whose sends it shares)' : '';
  return rateLimitedError('message_send_rate_limited', refused, (seconds) => ({
    message: `Send rate limit reached for this token${shared}; retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
    limit: { tier, capacity: limit.capacity, refill_ms: limit.refillMs },
  }));
}

/**
 * Takes up to `count` sends from the token's buckets at once (a batch's items, in one take instead
 * of one each): how many it took, and the 429 of the sends past them, if any.
 */
export async function takeSends(
  limiter: KeyedLimiter,
  caller: SendCaller,
  count: number,
  report: LimitReport = () => {},
): Promise<{ taken: number; refusal: AppError | undefined }> {
  const decision = await limiter.takeUpTo(count, ...sendBuckets(caller).buckets);
  report(decision.state);
  return { taken: decision.taken, refusal: decision.taken < count ? sendRateLimited(caller, decision) : undefined };
}

/** Gives back the send tokens of a request that created nothing (an idempotent replay, a refused send). */
export async function refundSend(limiter: KeyedLimiter, caller: SendCaller): Promise<void> {
  await limiter.refund(...sendBuckets(caller).buckets);
}
