import { AppError, type ErrorCode, ZMessageBody } from '@textline/contract';
import { z } from 'zod';
import { Prisma } from '@textline/db';
import { defineJob } from '../../jobs/define.ts';
import { inJobTransaction, insertJobs, type JobTransaction, wakeAfterCommit } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { recipientTimeZone } from '../../lib/recipient-time-zone.ts';
import type { Services } from '../../services.ts';
import { sendMessage } from '../messages/send.ts';
import { quietHoursRelease } from './quiet-hours.ts';
import { readSettings } from './settings.ts';
import { transitionEnrollments } from './state-machine.ts';
import { type ContactFields, renderTemplate, snippetNames } from './templates.ts';

/**
 * Campaign delivery. An enrollment waiting for its next step records when it is due (next_step_at)
 * and, for every distinct due time of a campaign, a `campaign_step` job exists at that time. The job
 * runs the whole campaign's due steps, in batches: each batch locks up to STEP_BATCH due enrollments
 * (FOR UPDATE SKIP LOCKED, so concurrent runs of one campaign share the work instead of repeating
 * it), accepts their sends in one accept_message_batch call and records every outcome in the same
 * transaction. A batch commits whole or not at all, so a worker that dies mid-stage leaves the
 * enrollments it had not committed due, and the job's retry sends those, and only those. Every send
 * also carries the idempotency key cmp:<enrollment>:<stage>, so no step is ever sent twice.
 * schedule_seq counts an enrollment's schedules (each bumps it under the row lock).
 */

export type CampaignDeps = Pick<Services, 'prisma' | 'acceptQueue' | 'clock' | 'config' | 'log' | 'jobs'>;

const ZStepPayload = z.union([
  z.object({ campaignId: z.string().min(1) }),
  // The per-enrollment form, which job rows enqueued by older releases still hold: runs its campaign.
  z.object({ enrollmentId: z.string().min(1), seq: z.number().int() }),
]);
type StepPayload = z.infer<typeof ZStepPayload>;

const MINUTE_MS = 60_000;
/** How long a step waits before trying again when the workspace cannot send (no balance, no number). */
const SEND_RETRY_MS = 15 * MINUTE_MS;
/**
 * Enrollments one batch takes: one accept_message_batch call, holding the workspace's row until the
 * batch commits (API sends of the workspace wait that long), and one write of each kind.
 */
const STEP_BATCH = 500;
/** A batch's transaction: far above what one takes, below the job lease. */
const BATCH_TIMEOUT_MS = 30_000;

/**
 * Gives every enrollment matched by `where` (a condition on campaign_enrollments) its next step at
 * `runAt` or, with 'when_due', at its recorded next step time if that is still ahead, and its
 * campaign a job at each of those times, in one statement however many enrollments match. The jobs
 * due now start once the transaction commits; later ones are found by the job sweep.
 */
export async function scheduleSteps(
  tx: JobTransaction,
  where: Prisma.Sql,
  options: { now: Date; runAt: Date | 'when_due' },
): Promise<void> {
  const { now } = options;
  const runAt =
    options.runAt === 'when_due' ? Prisma.sql`GREATEST(${now}, COALESCE(next_step_at, ${now}))` : Prisma.sql`${options.runAt}`;
  const due = await tx.$queryRaw<{ id: string }[]>`
    WITH scheduled AS (
      UPDATE campaign_enrollments
      SET schedule_seq = schedule_seq + 1, next_step_at = ${runAt}, held_reason = NULL, updated_at = ${now}
      WHERE ${where}
      RETURNING campaign_id, next_step_at
    ), job AS (
      ${insertJobs(
        campaignStepJob,
        Prisma.sql`SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), jsonb_build_object('campaignId', campaign_id),
                          next_step_at, ${now}::timestamptz
                   FROM (SELECT DISTINCT campaign_id, next_step_at FROM scheduled) AS due_time`,
      )}
      RETURNING id, run_at
    )
    SELECT id FROM job WHERE run_at <= ${now}`;
  wakeAfterCommit(
    tx,
    campaignStepJob,
    due.map((row) => row.id),
  );
}

/** A job for the campaign's steps due at `runAt`, for enrollments whose next_step_at the caller set to it. */
export async function enqueueSteps(tx: JobTransaction, campaignId: string, runAt: Date): Promise<void> {
  await enqueue(tx, campaignStepJob, { campaignId }, { runAt });
}

/** Active enrollments of a campaign that are waiting for their next step (not held by a suppression). */
export function waitingEnrollments(campaignId: string): Prisma.Sql {
  return Prisma.sql`campaign_id = ${campaignId} AND status = 'active' AND held_reason IS NULL`;
}

function startOfNextUtcDay(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
}

/** The step outcome for a send the pipeline refused; anything not listed is a fault to retry. */
function refusal(code: ErrorCode, now: number): { retryAt: number } | { stop: true } | { failed: true } | undefined {
  switch (code) {
    case 'workspace_suppressed':
      return { stop: true };
    case 'spend_limit_exceeded':
      return { retryAt: startOfNextUtcDay(now) };
    case 'insufficient_balance':
    case 'branded_number_missing':
      return { retryAt: now + SEND_RETRY_MS };
    case 'validation_failed':
      return { failed: true };
    default:
      return undefined;
  }
}

type Enrollment = Prisma.CampaignEnrollmentGetPayload<{ include: { campaign: { include: { stages: true } } } }>;
type Stage = Enrollment['campaign']['stages'][number];

function stageAfter(stages: Stage[], stageId: string | null): Stage | undefined {
  if (stageId === null) return stages[0];
  const index = stages.findIndex((stage) => stage.id === stageId);
  return index === -1 ? undefined : stages[index + 1];
}

async function contactFields(deps: CampaignDeps, enrollment: Enrollment): Promise<ContactFields> {
  const contact = await deps.prisma.contact.findUnique({
    where: { workspaceId_phoneNumber: { workspaceId: enrollment.workspaceId, phoneNumber: enrollment.phoneNumber } },
  });
  return {
    phone_number: enrollment.phoneNumber,
    first_name: contact?.firstName ?? null,
    last_name: contact?.lastName ?? null,
    attributes: (contact?.attributes ?? {}) as Record<string, unknown>,
  };
}

async function snippetBodies(deps: CampaignDeps, workspaceId: string, template: string): Promise<Map<string, string>> {
  const names = snippetNames(template);
  if (names.length === 0) return new Map();
  const snippets = await deps.prisma.snippet.findMany({ where: { workspaceId, name: { in: names } } });
  return new Map(snippets.map((snippet) => [snippet.name, snippet.body]));
}

/** Everything one run of a step job writes, each guarded by the schedule_seq the job carries. */
function stepWriter(deps: CampaignDeps, enrollment: Enrollment, seq: number, now: Date) {
  // The step job's own enrollment, at the generation the job carries; transitions add their status guard.
  const thisJob = Prisma.sql`id = ${enrollment.id} AND schedule_seq = ${seq}`;
  const current = Prisma.sql`${thisJob} AND status = 'active'`;

  async function record(
    db: Prisma.TransactionClient,
    stage: Stage,
    outcome: { outcome: string; messageId?: string; errorCode?: string },
  ) {
    const fields = {
      outcome: outcome.outcome,
      messageId: outcome.messageId ?? null,
      errorCode: outcome.errorCode ?? null,
      updatedAt: now,
    };
    await db.campaignDelivery.upsert({
      where: { enrollmentId_stageId: { enrollmentId: enrollment.id, stageId: stage.id } },
      create: { id: newId('cdl'), campaignId: enrollment.campaignId, enrollmentId: enrollment.id, stageId: stage.id, ...fields },
      update: fields,
    });
  }

  return {
    /** Not yet: due later, in quiet hours, or the workspace cannot send now (`lastError`). */
    async reschedule(runAt: number, lastError?: ErrorCode): Promise<void> {
      await inJobTransaction(deps, async (tx) => {
        if (lastError) await tx.$executeRaw`UPDATE campaign_enrollments SET last_error = ${lastError} WHERE ${current}`;
        await scheduleSteps(tx, current, { now, runAt: new Date(runAt) });
      });
    },

    async complete(): Promise<void> {
      await transitionEnrollments(deps.prisma, thisJob, 'complete', { now });
    },

    /** Campaign suppression: the skip is recorded and the enrollment waits, with no job, until it is removed. */
    async hold(stage: Stage, suppressionId: string): Promise<void> {
      await deps.prisma.$transaction(async (tx) => {
        if ((await transitionEnrollments(tx, thisJob, 'hold', { now })) === 0) return;
        await record(tx, stage, { outcome: 'suppressed', errorCode: 'campaign_suppressed' });
        await tx.campaignSuppression.update({
          where: { id: suppressionId },
          data: { skippedCount: { increment: 1 }, lastSkippedAt: now },
        });
      });
    },

    /** Workspace suppression (opt-out): the enrollment ends. */
    async stop(stage: Stage): Promise<void> {
      await deps.prisma.$transaction(async (tx) => {
        const stopped = await transitionEnrollments(tx, thisJob, 'stopForOptOut', { now });
        if (stopped > 0) await record(tx, stage, { outcome: 'suppressed', errorCode: 'workspace_suppressed' });
      });
    },

    /** The step is done (sent, or failed for good): record it and move on to the next stage. */
    async advance(
      stage: Stage,
      outcome: { outcome: 'sent'; messageId: string } | { outcome: 'failed'; errorCode: string },
    ): Promise<void> {
      const next = stageAfter(enrollment.campaign.stages, stage.id);
      await inJobTransaction(deps, async (tx) => {
        const advanced = await transitionEnrollments(tx, thisJob, next ? 'advance' : 'complete', { now, stageDone: stage.id });
        if (advanced === 0) return;
        await record(tx, stage, outcome);
        if (next) await scheduleSteps(tx, current, { now, runAt: new Date(now.getTime() + next.delayMinutes * MINUTE_MS) });
      });
    },
  };
}

/**
 * Runs one step job: sends the enrollment's next stage if it is due and outside quiet hours, through
 * the same send pipeline as the API (sendMessage, which applies the send rules).
 */
export async function runCampaignStep(deps: CampaignDeps, payload: StepPayload): Promise<void> {
  const enrollment = await deps.prisma.campaignEnrollment.findUnique({
    where: { id: payload.enrollmentId },
    include: { campaign: { include: { stages: { orderBy: { position: 'asc' } } } } },
  });
  // Stale: a newer job exists, or the enrollment ended. Paused: activation reschedules every step.
  if (!enrollment || enrollment.scheduleSeq !== payload.seq || enrollment.status !== 'active') return;
  if (enrollment.campaign.status !== 'active') return;

  const now = deps.clock.now();
  const writer = stepWriter(deps, enrollment, payload.seq, new Date(now));
  const stage = stageAfter(enrollment.campaign.stages, enrollment.lastStageId);
  if (!stage) return writer.complete();

  const dueAt = enrollment.anchorAt.getTime() + stage.delayMinutes * MINUTE_MS;
  if (dueAt > now) return writer.reschedule(dueAt);
  const { quiet_hours: quietHours } = readSettings(enrollment.campaign.settings);
  const releaseAt = quietHoursRelease(now, quietHours, quietHours.timezone ?? recipientTimeZone(enrollment.phoneNumber));
  if (releaseAt !== undefined) return writer.reschedule(releaseAt);

  const suppression = await deps.prisma.campaignSuppression.findUnique({
    where: { campaignId_phoneNumber: { campaignId: enrollment.campaignId, phoneNumber: enrollment.phoneNumber } },
    select: { id: true },
  });
  if (suppression) return writer.hold(stage, suppression.id);

  const idempotencyKey = `cmp:${enrollment.id}:${stage.id}`;
  try {
    const body = renderTemplate(
      stage.body,
      await contactFields(deps, enrollment),
      await snippetBodies(deps, enrollment.workspaceId, stage.body),
    );
    // The API checks bodies at its edge; a rendered one is checked here, e.g. a template of only {{first_name}}.
    if (!ZMessageBody.safeParse(body).success) {
      throw new AppError('validation_failed', { message: 'The rendered message is blank or too long.' });
    }
    const { message } = await sendMessage(
      deps,
      { workspaceId: enrollment.workspaceId },
      {
        phoneNumber: enrollment.phoneNumber,
        body,
        idempotencyKey,
        metadata: { campaign_id: enrollment.campaignId, stage_id: stage.id, enrollment_id: enrollment.id },
      },
      { source: 'campaign' },
    );
    await writer.advance(stage, { outcome: 'sent', messageId: message.id });
    return;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'idempotency_conflict') {
      // Sent by an earlier attempt that died before recording it; the template changed since.
      const earlier = await deps.prisma.message.findUniqueOrThrow({
        where: { workspaceId_idempotencyKey: { workspaceId: enrollment.workspaceId, idempotencyKey } },
        select: { id: true },
      });
      return writer.advance(stage, { outcome: 'sent', messageId: earlier.id });
    }
    const verdict = refusal(error.code, now);
    if (!verdict) throw error;
    deps.log.info({ enrollmentId: enrollment.id, stageId: stage.id, code: error.code }, 'campaign step not sent');
    if ('stop' in verdict) return writer.stop(stage);
    if ('failed' in verdict) return writer.advance(stage, { outcome: 'failed', errorCode: error.code });
    return writer.reschedule(verdict.retryAt, error.code);
  }
}

/** One step of one enrollment, at the generation (schedule_seq) it was scheduled for; written by scheduleSteps. */
export const campaignStepJob = defineJob({
  queue: 'campaign_step',
  payload: ZStepPayload,
  async run(services, step) {
    await runCampaignStep(services, step);
  },
});
