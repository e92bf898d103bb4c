import {
  AppError,
  enrollmentStatuses,
  type TCampaignStatus,
  type TEnrollmentStatus,
  type TEnrollmentStopReason,
} from '@textline/contract';
import { Prisma, type PrismaClient } from '@textline/db';

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

export type EnrollmentTransition = 'advance' | 'complete' | 'hold' | 'stopForOptOut' | 'stopForArchive' | 'stopForSpendCap';

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
};

/**
 * Applies `transition` to the enrollments matched by `which` (a condition on campaign_enrollments,
 * e.g. an id and the schedule_seq a step job carries) that are in one of its `from` statuses, in one
 * UPDATE. `stageDone` also records a processed stage: delays of the next one count from now and the
 * last send error is cleared. Returns how many enrollments moved; 0 means the guard refused.
 */
export async function transitionEnrollments(
  db: Pick<PrismaClient, '$executeRaw'>,
  which: Prisma.Sql,
  transition: EnrollmentTransition,
  options: { now: Date; stageDone?: string | undefined },
): Promise<number> {
  const rule = enrollmentTransitions[transition];
  const { now, stageDone } = options;
  const sets = [
    Prisma.sql`status = ${rule.to}`,
    Prisma.sql`next_step_at = NULL`,
    Prisma.sql`schedule_seq = schedule_seq + ${rule.bumpsScheduleSeq ? 1 : 0}`,
    Prisma.sql`updated_at = ${now}`,
  ];
  if (rule.stopReason) sets.push(Prisma.sql`stop_reason = ${rule.stopReason}`);
  if (rule.heldReason) sets.push(Prisma.sql`held_reason = ${rule.heldReason}`);
  if (stageDone !== undefined) sets.push(Prisma.sql`last_stage_id = ${stageDone}, anchor_at = ${now}, last_error = NULL`);
  return db.$executeRaw`
    UPDATE campaign_enrollments SET ${Prisma.join(sets)}
    WHERE (${which}) AND status IN (${Prisma.join(rule.from)})`;
}
