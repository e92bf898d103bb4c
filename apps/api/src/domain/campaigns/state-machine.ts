import {
  AppError,
  enrollmentStatuses,
  type TCampaignStatus,
  type TEnrollmentStatus,
  type TEnrollmentStopReason,
} from '@textline/contract';
import { executeIn, type RawQueryClient } from '@textline/db';
import * as sql from './state-machine.sql.ts';

export type CampaignTransition = 'activate' | 'pause' | 'archive';

/** Campaign lifecycle: draft -> active <-> paused, and any of them -> archived, which is final. */
export const campaignTransitions: Record<CampaignTransition, { from: readonly TCampaignStatus[]; to: TCampaignStatus }> = {
  activate: { from: ['draft', 'paused'], to: 'active' },
  pause: { from: ['active'], to: 'paused' },
  archive: { from: ['draft', 'active', 'paused'], to: 'archived' },
};

export function invalidState(currentStatus: TCampaignStatus, message: string): AppError {
  return new AppError('invalid_state', { message, extra: { current_status: currentStatus } });
}

/** The status after `transition`, or 422 invalid_state naming the current status. */
export function nextStatus(current: TCampaignStatus, transition: CampaignTransition): TCampaignStatus {
  const rule = campaignTransitions[transition];
  if (!rule.from.includes(current)) {
    throw invalidState(
      current,
      `Cannot ${transition} a campaign that is ${current}; ${transition} applies to ${rule.from.join(' or ')} campaigns.`,
    );
  }
  return rule.to;
}

/** Archived campaigns are read-only. */
export function assertEditable(current: TCampaignStatus): void {
  if (current === 'archived') throw invalidState(current, 'The campaign is archived and can no longer change.');
}

export { enrollmentStatuses };
export type EnrollmentStatus = TEnrollmentStatus;

export type EnrollmentTransition =
  | 'advance'
  | 'complete'
  | 'hold'
  | 'stopForOptOut'
  | 'stopForArchive'
  | 'stopForSpendCap'
  | 'stopForRevokedToken'
  | 'stopForMissingConsent';

type EnrollmentRule = {
  from: readonly EnrollmentStatus[];
  to: EnrollmentStatus;
  /** Whether it counts as a new schedule (see scheduler.ts); `advance` leaves that to the scheduling that follows it. */
  bumpsScheduleSeq: boolean;
  stopReason?: TEnrollmentStopReason;
  heldReason?: 'campaign_suppressed';
};

/**
 * Enrollment progress: an enrollment is active until its stages are done (completed) or it is
 * stopped; both are final. Every transition clears next_step_at, as the enrollment has no step due
 * afterwards; scheduleSteps (scheduler.ts) gives an active enrollment its next one.
 */
export const enrollmentTransitions: Record<EnrollmentTransition, EnrollmentRule> = {
  /** A stage is done and another follows; scheduleSteps then gives the next one its job. */
  advance: { from: ['active'], to: 'active', bumpsScheduleSeq: false },
  /** No stage is left. */
  complete: { from: ['active'], to: 'completed', bumpsScheduleSeq: true },
  /** A campaign suppression: the due step waits, with no job, until the suppression is removed. */
  hold: { from: ['active'], to: 'active', bumpsScheduleSeq: true, heldReason: 'campaign_suppressed' },
  /** A workspace suppression (opt-out) of the recipient. */
  stopForOptOut: { from: ['active'], to: 'stopped', bumpsScheduleSeq: true, stopReason: 'workspace_suppressed' },
  /** The campaign is archived. */
  stopForArchive: { from: ['active'], to: 'stopped', bumpsScheduleSeq: true, stopReason: 'campaign_archived' },
  /** The due step costs more than a whole day's spend cap of the enrolling token or an ancestor: it can never be sent. */
  stopForSpendCap: { from: ['active'], to: 'stopped', bumpsScheduleSeq: true, stopReason: 'step_over_spend_cap' },
  /**
   * The delegated or OAuth token that enrolled the number was revoked: what a credential started stops
   * with it, as its webhook endpoints do.
   */
  stopForRevokedToken: { from: ['active'], to: 'stopped', bumpsScheduleSeq: true, stopReason: 'enrolling_token_revoked' },
  /** The campaign requires consent and none is recorded for the number. */
  stopForMissingConsent: { from: ['active'], to: 'stopped', bumpsScheduleSeq: true, stopReason: 'consent_missing' },
};

/** The enrollments a transition applies to, each kind its own statement in state-machine.sql: these ids, or a whole campaign's. */
export type EnrollmentTarget = { ids: readonly string[] } | { campaignId: string };

/**
 * Applies `transition` to the enrollments of `target` that are in one of its `from` statuses, in
 * one UPDATE. `stageDone` also records a processed stage: delays of the next one count from now and
 * the last send error is cleared. Returns how many enrollments moved; 0 means the guard refused.
 */
export function transitionEnrollments(
  db: Pick<RawQueryClient, '$executeRawUnsafe'>,
  target: EnrollmentTarget,
  transition: EnrollmentTransition,
  options: { now: Date; stageDone?: string | undefined },
): Promise<number> {
  const rule = enrollmentTransitions[transition];
  const rest = [
    rule.to,
    rule.bumpsScheduleSeq,
    rule.stopReason ?? null,
    rule.heldReason ?? null,
    options.stageDone ?? null,
    options.now,
    rule.from,
  ] as const;
  return 'ids' in target
    ? executeIn(db, sql.transitionEnrollmentsOf, [...rest, target.ids])
    : executeIn(db, sql.transitionCampaignEnrollments, [...rest, target.campaignId]);
}
