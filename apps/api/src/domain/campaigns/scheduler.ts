import { performance } from 'node:perf_hooks';
import {
  AppError,
  type ErrorCode,
  isSendRefusal,
  isTokenSpendCapRefusal,
  type TEnrollmentSkipReason,
  type TMessagingSettings,
  ZMessageBody,
} from '@textline/contract';
import { z } from 'zod';
import { type CampaignStage, executeIn, type Prisma, queryRowsIn, type RowOf } from '@textline/db';
import { defineJob } from '../../jobs/define.ts';
import { enqueue, inJobTransaction, type JobTransaction, publishAfterCommit, wakeAfterCommit } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { recipientTimeZones } from '../../lib/recipient-time-zone.ts';
import type { Services } from '../../ports.ts';
import type { AcceptParameters, AcceptRow } from '../messages/accept-queue.ts';
import { acceptBatch } from '../messages/accept-queue.sql.ts';
import { dispatchDueNow, dispatchJob } from '../messages/dispatch.ts';
import { acceptParametersOf, sendRefusal } from '../messages/send.ts';
import { quietHoursReleaseInZones } from './quiet-hours.ts';
import { readSettings } from './settings.ts';
import { consentedNumbers } from '../compliance/consents.ts';
import { readMessagingSettings } from '../compliance/messaging-settings.ts';
import { transitionEnrollments } from './state-machine.ts';
import * as sql from './scheduler.sql.ts';
import { type ContactFields, renderTemplate, snippetNames } from './templates.ts';

/**
 * Campaign delivery. An enrollment waiting for its next step records when it is due (next_step_at)
 * and, for every distinct due time of a campaign, a `campaign_step` job exists at that time. The job
 * runs the whole campaign's due steps in batches of CAMPAIGN_BATCH_SIZE enrollments, each locked
 * with FOR UPDATE SKIP LOCKED (so concurrent runs of one campaign share the work instead of
 * repeating it), their sends accepted in one accept_message_batch call and every outcome recorded
 * in the same transaction. A batch commits whole or not at all, so a worker that dies mid-stage
 * leaves the enrollments it had not committed due, and the job's retry sends those, and only those.
 * Every send also carries the idempotency key cmp:<enrollment>:<stage>, so no step is ever sent
 * twice. schedule_seq counts an enrollment's schedules (each bumps it under the row lock).
 *
 * A step's send is the send of the token that enrolled the number (enrolled_by_token_id), held to
 * that token's daily spend cap and its ancestors' as the token's own sends are. A step a spend cap
 * refuses waits for the next UTC day; last_error says why (the enrollment's skip reason).
 */

export type CampaignDeps = Pick<
  Services,
  | 'prisma'
  | 'acceptQueue'
  | 'clock'
  | 'config'
  | 'log'
  | 'jobs'
  | 'messagingProvider'
  | 'hashIp'
  | 'selfUrl'
  | 'mediaFetcher'
  | 'messagingSettings'
> &
  Partial<Pick<Services, 'live'>>;

const ZStepPayload = z.union([
  z.object({ campaignId: z.string().min(1) }),
  // The per-enrollment form, which job rows enqueued by older releases still hold: runs its campaign.
  z.object({ enrollmentId: z.string().min(1), seq: z.number().int() }),
]);
type StepPayload = z.infer<typeof ZStepPayload>;

const MINUTE_MS = 60_000;
/** How long a step waits before trying again when the workspace cannot send (no balance, no number). */
const SEND_RETRY_MS = 15 * MINUTE_MS;
/** A batch's transaction: far above what one takes, below the job lease. */
const BATCH_TIMEOUT_MS = 30_000;

/**
 * The enrollments a schedule applies to, each kind its own statement in scheduler.sql: these ids, a
 * campaign's active enrollments waiting for their next step (not held by a suppression), or the
 * enrollment of a number in a campaign that a campaign suppression holds.
 */
export type ScheduleTarget =
  { ids: readonly string[] } | { waitingIn: string } | { heldFor: { campaignId: string; phoneNumber: string } };

/**
 * Gives every enrollment of `target` its next step at `runAt` or, with 'when_due' (waiting
 * enrollments only), at its recorded next step time if that is still ahead, and its campaign a job
 * at each of those times, in one statement however many enrollments match. The jobs due now start
 * once the transaction commits; later ones are found by the job sweep.
 */
export async function scheduleSteps(
  tx: JobTransaction,
  target: ScheduleTarget,
  options: { now: Date; runAt: Date | 'when_due' },
): Promise<void> {
  const { now } = options;
  const { queue } = campaignStepJob;
  let due: { id: string }[];
  if ('waitingIn' in target) {
    const runAt = options.runAt === 'when_due' ? null : options.runAt;
    due = await queryRowsIn(tx, sql.scheduleWaitingSteps, [queue, now, runAt, target.waitingIn]);
  } else {
    if (options.runAt === 'when_due') throw new Error('only waiting enrollments are scheduled when due');
    const { runAt } = options;
    due =
      'ids' in target
        ? await queryRowsIn(tx, sql.scheduleStepsOf, [queue, now, runAt, target.ids])
        : await queryRowsIn(tx, sql.scheduleHeldSteps, [
            queue,
            now,
            runAt,
            target.heldFor.campaignId,
            target.heldFor.phoneNumber,
          ]);
  }
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

function startOfNextUtcDay(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
}

/** The step outcome for a send the pipeline refused; anything not listed is a fault to retry. */
function refusal(
  error: AppError,
  now: number,
): { retryAt: number; reason: TEnrollmentSkipReason } | { stop: true } | { failed: true } | undefined {
  const code: ErrorCode = error.code;
  switch (code) {
    case 'workspace_suppressed':
      return { stop: true };
    case 'spend_limit_exceeded':
      return { retryAt: startOfNextUtcDay(now), reason: code };
    case 'insufficient_balance':
    case 'branded_number_missing':
      return { retryAt: now + SEND_RETRY_MS, reason: code };
    case 'outside_allowed_hours': {
      const nextAllowedAt = Date.parse(String(error.extra?.next_allowed_at));
      return { retryAt: Number.isNaN(nextAllowedAt) ? now + SEND_RETRY_MS : nextAllowedAt, reason: code };
    }
    case 'suspected_sms_pumping':
      // The guard counts an hour's first sends: by then this block's burst is over.
      return { retryAt: now + 60 * MINUTE_MS, reason: code };
    case 'validation_failed':
    case 'destination_not_allowed':
    case 'landline_destination':
      return { failed: true };
    default:
      return undefined;
  }
}

function stageAfter(stages: CampaignStage[], stageId: string | null): CampaignStage | undefined {
  if (stageId === null) return stages[0];
  const index = stages.findIndex((stage) => stage.id === stageId);
  return index === -1 ? undefined : stages[index + 1];
}

/** A due enrollment as a batch reads it (lockDueSteps), its contact's attributes a JSON object. */
type DueStep = Omit<RowOf<typeof sql.lockDueSteps>, 'attributes'> & { attributes: Record<string, unknown> | null };

/** A step ready to send, and the smallest daily spend cap among its enrolling token and that token's ancestors (null: none). */
type Send = { step: DueStep; stage: CampaignStage; parameters: AcceptParameters; tokenCapCents: number | null };

/** How far a run has got: due enrollments are taken in (next_step_at, id) order. */
type Cursor = { at: Date; id: string };

/** Everything one batch writes, gathered by kind so that each kind is one statement (or one per stage or due time). */
type BatchWrites = {
  deliveries: { enrollmentId: string; stageId: string; outcome: string; messageId: string | null; errorCode: string | null }[];
  /** Enrollments whose stage is done (sent, or failed for good), by that stage's id. */
  done: Map<string, string[]>;
  /** Enrollments with no stage left. */
  completed: string[];
  /** Opted out workspace-wide: the enrollment ends. */
  stopped: string[];
  /** A campaign suppression: the step waits, with no job, until it is removed. */
  held: { enrollmentId: string; suppressionId: string }[];
  /** Not yet (due later, quiet hours, or the workspace cannot send now), by due time and the rule that delayed them. */
  later: Map<string, { runAt: number; lastError: TEnrollmentSkipReason | undefined; ids: string[] }>;
  /** A step over a whole day's cap of the enrolling token or an ancestor: the enrollment stops, by which cap. */
  overTokenCap: Map<TEnrollmentSkipReason, string[]>;
  /** Enrolled by a delegated or OAuth token revoked since: the enrollment stops. */
  revokedToken: string[];
  /** The campaign requires consent and the number has none recorded: the enrollment stops. */
  missingConsent: string[];
  /** Refusals by code, for one log line per batch. */
  refused: Map<string, number>;
};

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const values = map.get(key);
  if (values) values.push(value);
  else map.set(key, [value]);
}

function stepLater(writes: BatchWrites, step: DueStep, runAt: number, lastError?: TEnrollmentSkipReason): void {
  const key = `${runAt} ${lastError ?? ''}`;
  const group = writes.later.get(key);
  if (group) group.ids.push(step.id);
  else writes.later.set(key, { runAt, lastError, ids: [step.id] });
}

function stepDone(
  writes: BatchWrites,
  step: DueStep,
  stage: CampaignStage,
  outcome: { outcome: 'sent'; messageId: string } | { outcome: 'failed'; errorCode: string },
): void {
  push(writes.done, stage.id, step.id);
  writes.deliveries.push({
    enrollmentId: step.id,
    stageId: stage.id,
    outcome: outcome.outcome,
    messageId: outcome.outcome === 'sent' ? outcome.messageId : null,
    errorCode: outcome.outcome === 'failed' ? outcome.errorCode : null,
  });
}

/** A step the send rules (or its rendering) refused: what `refusal` says, or the error again for the job to retry. */
function stepRefused(writes: BatchWrites, step: DueStep, stage: CampaignStage, error: AppError, now: number): void {
  const verdict = refusal(error, now);
  if (!verdict) throw error;
  writes.refused.set(error.code, (writes.refused.get(error.code) ?? 0) + 1);
  if ('stop' in verdict) {
    writes.stopped.push(step.id);
    writes.deliveries.push({
      enrollmentId: step.id,
      stageId: stage.id,
      outcome: 'suppressed',
      messageId: null,
      errorCode: 'workspace_suppressed',
    });
  } else if ('failed' in verdict) stepDone(writes, step, stage, { outcome: 'failed', errorCode: error.code });
  else stepLater(writes, step, verdict.retryAt, verdict.reason);
}

/**
 * A step the daily spend cap of its enrolling token or of an ancestor refused (`reason` says whose):
 * it waits for the next UTC day, when every cap starts again, unless it costs more than one of these
 * caps admits in a whole day: then it could never be sent, and the enrollment stops instead of
 * trying every day.
 */
function stepOverTokenCap(writes: BatchWrites, send: Send, reason: TEnrollmentSkipReason, now: number): void {
  writes.refused.set(reason, (writes.refused.get(reason) ?? 0) + 1);
  if (send.tokenCapCents === null || send.parameters.cost_cents <= send.tokenCapCents) {
    stepLater(writes, send.step, startOfNextUtcDay(now), reason);
    return;
  }
  push(writes.overTokenCap, reason, send.step.id);
  writes.deliveries.push({
    enrollmentId: send.step.id,
    stageId: send.stage.id,
    outcome: 'failed',
    messageId: null,
    errorCode: reason,
  });
}

/** What an enrolling token allows its steps: the smallest daily spend cap of its chain, and whether it was revoked. */
type TokenLimits = { capCents: number | null; revoked: boolean };

/** The limits of each enrolling token (enrollingTokenLimits in scheduler.sql). */
async function enrollingTokenLimits(tx: JobTransaction, tokenIds: string[]): Promise<Map<string, TokenLimits>> {
  if (tokenIds.length === 0) return new Map();
  const rows = await queryRowsIn(tx, sql.enrollingTokenLimits, [tokenIds]);
  return new Map(rows.map((row) => [row.token_id, { capCents: row.cap_cents, revoked: row.revoked }]));
}

/** Writes what a batch decided, its enrollments still locked by the batch's transaction. */
async function recordBatch(
  tx: JobTransaction,
  campaignId: string,
  stages: CampaignStage[],
  writes: BatchWrites,
  now: Date,
): Promise<void> {
  const { deliveries } = writes;
  if (deliveries.length > 0) {
    const column = <K extends keyof BatchWrites['deliveries'][number]>(key: K) =>
      deliveries.map((delivery) => delivery[key] ?? '');
    await executeIn(tx, sql.recordDeliveries, [
      campaignId,
      now,
      deliveries.map(() => newId('cdl')),
      column('enrollmentId'),
      column('stageId'),
      column('outcome'),
      column('messageId'),
      column('errorCode'),
    ]);
  }
  for (const [stageId, ids] of writes.done) {
    const next = stageAfter(stages, stageId);
    await transitionEnrollments(tx, { ids }, next ? 'advance' : 'complete', { now, stageDone: stageId });
    if (next) await scheduleSteps(tx, { ids }, { now, runAt: new Date(now.getTime() + next.delayMinutes * MINUTE_MS) });
  }
  if (writes.completed.length > 0) await transitionEnrollments(tx, { ids: writes.completed }, 'complete', { now });
  if (writes.stopped.length > 0) await transitionEnrollments(tx, { ids: writes.stopped }, 'stopForOptOut', { now });
  if (writes.held.length > 0) {
    await transitionEnrollments(tx, { ids: writes.held.map((held) => held.enrollmentId) }, 'hold', { now });
    await executeIn(tx, sql.countSuppressionSkips, [now, writes.held.map((held) => held.suppressionId)]);
  }
  if (writes.revokedToken.length > 0)
    await transitionEnrollments(tx, { ids: writes.revokedToken }, 'stopForRevokedToken', { now });
  if (writes.missingConsent.length > 0)
    await transitionEnrollments(tx, { ids: writes.missingConsent }, 'stopForMissingConsent', { now });
  for (const [reason, ids] of writes.overTokenCap) {
    await executeIn(tx, sql.recordStepError, [reason, ids]);
    await transitionEnrollments(tx, { ids }, 'stopForSpendCap', { now });
  }
  for (const { runAt, lastError, ids } of writes.later.values()) {
    if (lastError) await executeIn(tx, sql.recordStepError, [lastError, ids]);
    await scheduleSteps(tx, { ids }, { now, runAt: new Date(runAt) });
  }
}

/**
 * Locks up to CAMPAIGN_BATCH_SIZE of the campaign's due steps after `cursor` (none: from the
 * start), in (next_step_at, id) order, skipping those a concurrent batch holds.
 */
async function lockDueSteps(
  tx: JobTransaction,
  deps: CampaignDeps,
  campaignId: string,
  cursor: Cursor | undefined,
  now: Date,
): Promise<DueStep[]> {
  const rows = await queryRowsIn(tx, sql.lockDueSteps, [
    campaignId,
    now,
    cursor?.at ?? '-infinity',
    cursor?.id ?? '',
    deps.config.campaignBatchSize,
  ]);
  return rows as DueStep[];
}

/** What every step of one batch is decided against, read once per batch, and the look-ups it caches. */
type BatchContext = {
  tx: JobTransaction;
  deps: CampaignDeps;
  campaignId: string;
  workspaceId: string;
  stages: CampaignStage[];
  quietHours: ReturnType<typeof readSettings>['quiet_hours'];
  /** The workspace's messaging settings, which every send follows (allowed hours on top of quiet hours). */
  messagingSettings: TMessagingSettings;
  /** With settings.require_consent, the batch's numbers that have a recorded consent. */
  consented: Set<string> | undefined;
  /** By enrolling token (enrollingTokenLimits). */
  tokenLimits: Map<string, TokenLimits>;
  nowMs: number;
  /** When quiet hours end, by the recipient's time zones joined by spaces (undefined: not quiet now). */
  releases: Map<string, number | undefined>;
  /** Snippet bodies by stage. */
  snippets: Map<string, Map<string, string>>;
};

/** A step's send as the API would make it: its stage rendered for the contact, checked, with its token's caps. */
async function prepareSend(context: BatchContext, step: DueStep, stage: CampaignStage): Promise<Send> {
  const { deps, campaignId, workspaceId } = context;
  let stageSnippets = context.snippets.get(stage.id);
  if (!stageSnippets) {
    stageSnippets = await snippetBodies(context.tx, workspaceId, stage.body);
    context.snippets.set(stage.id, stageSnippets);
  }
  const contact: ContactFields = {
    phone_number: step.phone_number,
    first_name: step.first_name,
    last_name: step.last_name,
    attributes: step.attributes ?? {},
  };
  const body = renderTemplate(stage.body, contact, stageSnippets);
  // The API checks bodies at its edge; a rendered one is checked here, e.g. a template of only {{first_name}}.
  if (!ZMessageBody.safeParse(body).success) {
    throw new AppError('validation_failed', { message: 'The rendered message is blank or too long.' });
  }
  const tokenId = step.enrolled_by_token_id;
  const tokenCapCents = tokenId === null ? null : (context.tokenLimits.get(tokenId)?.capCents ?? null);
  const parameters = await acceptParametersOf(
    deps,
    { workspaceId, tokenId: tokenId ?? undefined, tokenSpendCapped: tokenCapCents !== null },
    {
      phoneNumber: step.phone_number,
      body,
      shortenLinks: stage.shortenLinks,
      idempotencyKey: `cmp:${step.id}:${stage.id}`,
      metadata: { campaign_id: campaignId, stage_id: stage.id, enrollment_id: step.id },
    },
    { source: 'campaign', settings: context.messagingSettings },
  );
  return { step, stage, parameters, tokenCapCents };
}

/**
 * Decides a due step without sending: its send, or what `writes` records instead (no stage left,
 * not yet due, quiet hours, a revoked enrolling token, a campaign suppression, a refused rendering).
 */
async function planStep(context: BatchContext, writes: BatchWrites, step: DueStep): Promise<Send | undefined> {
  const { nowMs, quietHours } = context;
  const stage = stageAfter(context.stages, step.last_stage_id);
  if (!stage) {
    writes.completed.push(step.id);
    return undefined;
  }
  const dueAt = step.anchor_at.getTime() + stage.delayMinutes * MINUTE_MS;
  if (dueAt > nowMs) {
    stepLater(writes, step, dueAt);
    return undefined;
  }
  if (quietHours.enabled) {
    // Without a zone of its own, the recipient's: every zone its area code spans must be out of quiet hours.
    const zones = quietHours.timezone ? [quietHours.timezone] : recipientTimeZones(step.phone_number);
    const key = zones.join(' ');
    if (!context.releases.has(key)) context.releases.set(key, quietHoursReleaseInZones(nowMs, quietHours, zones));
    const releaseAt = context.releases.get(key);
    if (releaseAt !== undefined) {
      stepLater(writes, step, releaseAt);
      return undefined;
    }
  }
  if (step.enrolled_by_token_id !== null && context.tokenLimits.get(step.enrolled_by_token_id)?.revoked) {
    writes.revokedToken.push(step.id);
    return undefined;
  }
  if (context.consented && !context.consented.has(step.phone_number)) {
    writes.missingConsent.push(step.id);
    return undefined;
  }
  if (step.suppression_id !== null) {
    writes.held.push({ enrollmentId: step.id, suppressionId: step.suppression_id });
    writes.deliveries.push({
      enrollmentId: step.id,
      stageId: stage.id,
      outcome: 'suppressed',
      messageId: null,
      errorCode: 'campaign_suppressed',
    });
    return undefined;
  }
  try {
    return await prepareSend(context, step, stage);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    stepRefused(writes, step, stage, error, nowMs);
    return undefined;
  }
}

/**
 * The batch's sends through the send rules of every send (accept_message_batch, with the
 * parameters acceptParametersOf builds for the API) in one call; each outcome goes to `writes`, and
 * the accepted messages' dispatch jobs start, and the workspace's console pages hear of them, once
 * the batch commits.
 */
async function acceptSends(
  tx: JobTransaction,
  workspaceId: string,
  sends: Send[],
  writes: BatchWrites,
  nowMs: number,
): Promise<void> {
  if (sends.length === 0) return;
  // The function's outcome and status columns are text; their values are the contract's.
  const accepted = (await queryRowsIn(tx, acceptBatch, [JSON.stringify(sends.map((send) => send.parameters))])) as (AcceptRow & {
    item: number;
  })[];
  if (accepted.length !== sends.length) throw new Error('accept_message_batch answered a batch with a row per send missing');
  const dispatchJobs: string[] = [];
  for (const row of accepted) {
    const send = sends[row.item];
    if (!send) throw new Error(`accept_message_batch answered for no send (item ${row.item})`);
    if (row.outcome === 'accept') {
      if (dispatchDueNow(row.estimated_send_at, send.parameters.now)) dispatchJobs.push(send.parameters.job_id);
      if (row.message_id !== null && row.message_status !== null)
        publishAfterCommit(tx, workspaceId, { resource: 'message', id: row.message_id, status: row.message_status });
    }
    // Accepted, or the message an earlier attempt sent for this step (a replay or conflict of its
    // idempotency key): accept_message_batch names a message for these outcomes only.
    if (row.message_id !== null) stepDone(writes, send.step, send.stage, { outcome: 'sent', messageId: row.message_id });
    else if (isTokenSpendCapRefusal(row.outcome)) stepOverTokenCap(writes, send, row.outcome, nowMs);
    else if (isSendRefusal(row.outcome) && row.outcome !== 'idempotency_conflict')
      stepRefused(writes, send.step, send.stage, sendRefusal(row.outcome, send.parameters), nowMs);
    else throw new Error(`accept_message_batch answered ${row.outcome} without its message`);
  }
  wakeAfterCommit(tx, dispatchJob, dispatchJobs);
}

/**
 * One batch of a campaign's due steps, after `cursor`, in one transaction: sends each enrollment's
 * next stage if it is due and outside quiet hours, and records every outcome. Returns where the
 * next batch starts, or undefined when no due step is left.
 */
async function runBatch(deps: CampaignDeps, campaignId: string, cursor: Cursor | undefined): Promise<Cursor | undefined> {
  const nowMs = deps.clock.now();
  const now = new Date(nowMs);
  return inJobTransaction(
    deps,
    async (tx) => {
      const [campaign] = await queryRowsIn(tx, sql.campaignForShare, [campaignId]);
      if (campaign?.status !== 'active') return undefined;
      const steps = await lockDueSteps(tx, deps, campaignId, cursor, now);
      const last = steps.at(-1);
      if (!last) return undefined;
      const settings = readSettings(campaign.settings);
      const context: BatchContext = {
        tx,
        deps,
        campaignId,
        workspaceId: campaign.workspace_id,
        stages: await tx.campaignStage.findMany({ where: { campaignId }, orderBy: { position: 'asc' } }),
        quietHours: settings.quiet_hours,
        consented: settings.require_consent
          ? await consentedNumbers(
              tx,
              campaign.workspace_id,
              steps.map((step) => step.phone_number),
            )
          : undefined,
        messagingSettings: await readMessagingSettings({ config: deps.config, prisma: tx }, campaign.workspace_id),
        tokenLimits: await enrollingTokenLimits(tx, [
          ...new Set(steps.flatMap((step) => (step.enrolled_by_token_id === null ? [] : [step.enrolled_by_token_id]))),
        ]),
        nowMs,
        releases: new Map(),
        snippets: new Map(),
      };
      const writes: BatchWrites = {
        deliveries: [],
        done: new Map(),
        completed: [],
        stopped: [],
        held: [],
        later: new Map(),
        overTokenCap: new Map(),
        revokedToken: [],
        missingConsent: [],
        refused: new Map(),
      };
      const sends: Send[] = [];
      for (const step of steps) {
        const send = await planStep(context, writes, step);
        if (send) sends.push(send);
      }
      await acceptSends(tx, context.workspaceId, sends, writes, nowMs);
      await recordBatch(tx, campaignId, context.stages, writes, now);
      for (const [code, count] of writes.refused) deps.log.info({ campaignId, code, count }, 'campaign steps not sent');
      return steps.length < deps.config.campaignBatchSize ? undefined : { at: last.next_step_at, id: last.id };
    },
    { timeoutMs: BATCH_TIMEOUT_MS },
  );
}

async function snippetBodies(tx: Prisma.TransactionClient, workspaceId: string, template: string): Promise<Map<string, string>> {
  const names = snippetNames(template);
  if (names.length === 0) return new Map();
  const snippets = await tx.snippet.findMany({ where: { workspaceId, name: { in: names } } });
  return new Map(snippets.map((snippet) => [snippet.name, snippet.body]));
}

/**
 * Runs a campaign's due steps, batch after batch, for at most a quarter of the job lease (so no
 * other worker takes the job meanwhile); a new job then carries on with whatever is still due.
 */
export async function runCampaignStep(deps: CampaignDeps, payload: StepPayload): Promise<void> {
  const campaignId =
    'campaignId' in payload
      ? payload.campaignId
      : (await deps.prisma.campaignEnrollment.findUnique({ where: { id: payload.enrollmentId }, select: { campaignId: true } }))
          ?.campaignId;
  if (campaignId === undefined) return;
  const deadline = performance.now() + deps.config.jobLeaseMs / 4;
  /** Batch after batch until none is due or the time is up; returns whether steps may be left. */
  async function batches(id: string): Promise<boolean> {
    let cursor: Cursor | undefined;
    do {
      cursor = await runBatch(deps, id, cursor);
      if (cursor && performance.now() > deadline) return true;
    } while (cursor);
    return false;
  }
  // Two at once (SKIP LOCKED gives each its own enrollments): one prepares its batch while the
  // other's sends hold the workspace's row, so neither this process nor the database waits for the other.
  const left = await Promise.all([batches(campaignId), batches(campaignId)]);
  if (left.includes(true)) await inJobTransaction(deps, (tx) => enqueueSteps(tx, campaignId, new Date(deps.clock.now())));
}

/** A campaign's steps due at the job's time (and any others due by then); written by scheduleSteps and enqueueSteps. */
export const campaignStepJob = defineJob({
  queue: 'campaign_step',
  payload: ZStepPayload,
  async run(services, step) {
    await runCampaignStep(services, step);
  },
});
