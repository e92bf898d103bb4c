import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sha256Hex } from '../lib/crypto.ts';
import type { Services } from '../ports.ts';
import { type LimitedKey, type LimitReport, type LimitState, perHour, rateLimitedError } from './keyed-limiter.ts';

export type CredentialAttempt = { username: string; ipHash: string };

/**
 * How long an attempt refused only for tokens that attempts still being checked hold waits for them
 * to settle (a correct password gives its token back), and how often it looks again. Past the wait
 * (say a process died mid-check and its hold has yet to expire), the attempt is refused.
 */
const SETTLE_WAIT_MS = 10_000;
const SETTLE_POLL_MS = 25;

/**
 * Runs one password or backup-code check under the failed-attempt limits: per username (lower-cased,
 * as accounts are looked up, and counted whether or not the account exists) and, looser, per client
 * IP hash. `check` answers undefined for wrong credentials.
 *
 * Only failures count, and no more wrong credentials are ever checked than the limits allow, however
 * many arrive at once: an attempt reserves its tokens before the check and gives them back when the
 * check succeeds. An attempt that finds the tokens held by attempts still being checked (not spent
 * by failures) waits for those to settle instead of being refused, so parallel correct sign-ins all
 * succeed. `report` gets the tightest bucket's state once the attempt is settled.
 */
export async function limitFailedAttempts<T>(
  deps: Pick<Services, 'rateLimiter' | 'config'>,
  attempt: CredentialAttempt,
  check: () => Promise<T | undefined>,
  report: LimitReport = () => {},
): Promise<T | undefined> {
  const buckets: LimitedKey[] = [
    // Hashed: people type their password into the username field, and the key outlives the request.
    {
      limit: perHour('sign-in-username', deps.config.signInFailuresPerUsernamePerHour),
      key: sha256Hex(attempt.username.toLowerCase()),
    },
    { limit: perHour('sign-in-ip', deps.config.signInFailuresPerIpPerHour), key: attempt.ipHash },
  ];
  const waitUntil = performance.now() + SETTLE_WAIT_MS;
  let reserved: LimitState;
  for (;;) {
    const decision = await deps.rateLimiter.reserve(...buckets);
    if (decision.allowed) {
      reserved = decision.state;
      break;
    }
    if (!decision.onlyForUnsettled || performance.now() >= waitUntil) throw rateLimitedError('sign_in_rate_limited', decision);
    await sleep(SETTLE_POLL_MS);
  }
  let result: T | undefined;
  try {
    result = await check();
  } finally {
    // A check that threw counts as a failure: it must not become a way around the limit.
    await deps.rateLimiter.settle(result === undefined, ...buckets);
  }
  report(result === undefined ? reserved : givenBack(reserved));
  return result;
}

/** A bucket's state once the token it gave an attempt that did not count is back. */
function givenBack({ limit, remaining, resetMs }: LimitState): LimitState {
  return { limit, remaining: Math.min(limit.capacity, remaining + 1), resetMs: Math.max(0, resetMs - limit.refillMs) };
}
