import type { TNumberHealth } from '@textline/contract';
import { type PhoneNumber, queryRowsIn } from '@textline/db';
import { insertJob, type JobTransaction, wakeAfterCommit } from '../jobs/enqueue.ts';
import { newId } from '../lib/crypto.ts';
import type { Services } from '../ports.ts';
import { senderFailoverJob } from './messages/failing-sender.ts';
import { recordCarrierError } from './sender-health.sql.ts';

/**
 * The error codes a message is left with (its error_code, from a hand-off the carrier refused or a
 * failed report) that are the sending number's fault at the carrier, not the recipient's nor the
 * message's: a run of them marks the number failing (docs/sending.md#failover).
 * - `branded_number_missing`: the carrier refuses the number as a sender (not SMS-capable, not
 *   ours, not registered or verified for the traffic; Twilio 21212, 21606, 21659, 30032, 30034).
 * - `sender_queue_full`: the number's queue at the carrier overflowed (Twilio 21611, 30001).
 * - `sender_limit_reached`: the number hit a carrier's rate or daily limit (Twilio 30022, 30023, 30027).
 * Not counted: the recipient's (unreachable, landline, unsubscribed, invalid), filtering of the
 * content (carrier_filtered, 30007: moving filtered traffic to another number is snowshoeing, which
 * carriers punish), and a carrier that does not answer at all (provider_error), which every number
 * of the pool would meet alike.
 */
export const senderFaultErrorCodes: ReadonlySet<string> = new Set([
  'branded_number_missing',
  'sender_queue_full',
  'sender_limit_reached',
]);

export type SenderHealthDeps = Pick<Services, 'config' | 'log'>;

/**
 * Counts a carrier error against the number that sent (senderFaultErrorCodes says which do), in the
 * caller's transaction. At SENDER_FAILURE_THRESHOLD errors within SENDER_FAILURE_WINDOW_SECONDS, with
 * no delivery in between (a delivered report resets the count), the number is failing for
 * SENDER_FAILURE_COOLDOWN_SECONDS: skipped by sender selection, its waiting pool messages moved at
 * dispatch (reselect-sender.ts) and, paced, the ones queued for its slots moved at once
 * (senderFailoverJob), so their estimates are their new numbers'.
 */
export async function noteCarrierError(
  deps: SenderHealthDeps,
  tx: JobTransaction,
  error: { phoneNumberId: string | null; errorCode: string | null | undefined; at: Date },
): Promise<void> {
  if (error.phoneNumberId === null || !error.errorCode || !senderFaultErrorCodes.has(error.errorCode)) return;
  const { senderFailureThreshold, senderFailureWindowSeconds, senderFailureCooldownSeconds } = deps.config;
  const [counted] = await queryRowsIn(tx, recordCarrierError, [
    error.phoneNumberId,
    error.at.toISOString(),
    senderFailureWindowSeconds,
    senderFailureThreshold,
    senderFailureCooldownSeconds,
  ]);
  if (counted?.becameFailing) {
    deps.log.warn(
      { phoneNumberId: counted.id, errorCode: error.errorCode, cooldownSeconds: senderFailureCooldownSeconds },
      'sender number failing at the carrier: skipped until its cooldown ends',
    );
    if (!deps.config.senderPacing) return;
    const jobId = newId('job');
    await insertJob(tx, senderFailoverJob, {
      id: jobId,
      payload: { phoneNumberId: counted.id },
      runAt: error.at,
      enqueuedAt: error.at,
    });
    wakeAfterCommit(tx, senderFailoverJob, [jobId]);
  }
}

/** What a number's health is judged against: the moment, and how long a run of errors lasts. */
export type HealthJudgement = { now: Date; windowSeconds: number };

export function healthJudgement(deps: Pick<Services, 'clock' | 'config'>, now = new Date(deps.clock.now())): HealthJudgement {
  return { now, windowSeconds: deps.config.senderFailureWindowSeconds };
}

/**
 * A number's health as sender selection judges it (failing_until ahead: skipped). Its run of errors
 * counts while its window lasts, and while the failing it caused lasts: the row keeps a finished run
 * until the number's next error replaces it.
 */
export function numberHealth(
  row: Pick<PhoneNumber, 'carrierErrors' | 'carrierErrorsSince' | 'failingUntil'>,
  judgement: HealthJudgement,
): TNumberHealth {
  const now = judgement.now.getTime();
  const failingUntil = row.failingUntil !== null && row.failingUntil.getTime() > now ? row.failingUntil : null;
  const runSince =
    row.carrierErrors > 0 &&
    row.carrierErrorsSince !== null &&
    (failingUntil !== null || row.carrierErrorsSince.getTime() > now - judgement.windowSeconds * 1_000)
      ? row.carrierErrorsSince
      : null;
  return {
    status: failingUntil ? 'failing' : 'healthy',
    recent_errors: runSince ? row.carrierErrors : 0,
    first_error_at: runSince?.toISOString() ?? null,
    failing_until: failingUntil?.toISOString() ?? null,
  };
}
