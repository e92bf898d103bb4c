import { sha256Hex } from '../lib/crypto.ts';
import type { Services } from '../services.ts';
import { type LimitedKey, perHour, rateLimitedError } from './keyed-limiter.ts';

export type CredentialAttempt = { username: string; ipHash: string };

/**
 * Runs one password or backup-code check under the failed-attempt limits: per username (lower-cased,
 * as accounts are looked up, and counted whether or not the account exists) and, looser, per client
 * IP hash. The attempt takes its tokens before the check, so concurrent guesses cannot all slip in,
 * and gives them back when the check succeeds: only failures count. `check` answers undefined for
 * wrong credentials.
 */
export async function limitFailedAttempts<T>(
  deps: Pick<Services, 'rateLimiter' | 'config'>,
  attempt: CredentialAttempt,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const buckets: LimitedKey[] = [
    // Hashed: people type their password into the username field, and the key outlives the request.
    { limit: perHour('sign-in-username', deps.config.signInFailuresPerUsernamePerHour), key: sha256Hex(attempt.username.toLowerCase()) },
    { limit: perHour('sign-in-ip', deps.config.signInFailuresPerIpPerHour), key: attempt.ipHash },
  ];
  const decision = await deps.rateLimiter.take(...buckets);
  if (!decision.allowed) throw rateLimitedError('sign_in_rate_limited', decision.retryAfterMs);
  const result = await check();
  if (result !== undefined) await deps.rateLimiter.refund(...buckets);
  return result;
}
