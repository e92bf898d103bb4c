import {
  AppError,
  enrollmentSkipReasons,
  maxStagesPerCampaign,
  type TCampaign,
  type TCampaignSettingsInput,
  type TCampaignStage,
  type TCampaignStatus,
} from '@textline/contract';
import { executeIn, Prisma, queryRowsIn } from '@textline/db';
import { inJobTransaction, type JobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import type { Services } from '../../ports.ts';
import { consentedNumbers } from '../compliance/consents.ts';
import { anchorWaitingEnrollments, campaignForUpdate } from './campaigns.sql.ts';
import { fanOutEstimates } from './fan-out-estimate.ts';
import { type CampaignDeps, scheduleSteps } from './scheduler.ts';
import { defaultCampaignSettings, mergeSettings, readSettings } from './settings.ts';
import { assertEditable, type CampaignTransition, invalidState, nextStatus, transitionEnrollments } from './state-machine.ts';
import { assertValidTemplate, snippetNames } from './templates.ts';

type CampaignRow = Prisma.CampaignGetPayload<{ include: { stages: true } }>;
type EnrollmentCounts = TCampaign['enrollment_counts'];
type SkippedCounts = TCampaign['skipped_counts'];
type StepCounts = TCampaignStage['step_counts'];
type Counts = {
  enrollments: EnrollmentCounts;
  skipped: SkippedCounts;
  steps: Map<string, StepCounts>;
  fanOut: TCampaign['fan_out_estimate'];
};

function noCounts(): Counts {
  return {
    enrollments: { active: 0, completed: 0, stopped: 0 },
    skipped: Object.fromEntries(enrollmentSkipReasons.map((reason) => [reason, 0])) as SkippedCounts,
    steps: new Map(),
    fanOut: null,
  };
}

const noSteps = (): StepCounts => ({ sent: 0, suppressed: 0, failed: 0 });

const withStages = { stages: { orderBy: { position: 'asc' } } } as const;

/** Transactions that may update every enrollment of a campaign (100,000 rows and more) in one statement. */
const wholeCampaign = { timeoutMs: 120_000 };

export function campaignNotFound(): AppError {
  return new AppError('not_found', { message: 'No campaign with this id exists in this workspace.' });
}

/**
 * What stops a step of the campaign to `phoneNumber` before it is sent: consent_missing when the
 * campaign requires a consent (settings.require_consent) that the number lacks, as the scheduler
 * skips it. 404 for a campaign not in the workspace.
 */
export async function campaignConsentRefusal(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
  campaignId: string,
  phoneNumber: string,
): Promise<AppError | undefined> {
  const campaign = await deps.prisma.campaign.findFirst({ where: { id: campaignId, workspaceId }, select: { settings: true } });
  if (!campaign) throw campaignNotFound();
  if (!readSettings(campaign.settings).require_consent) return undefined;
  const consented = await consentedNumbers(deps.prisma, workspaceId, [phoneNumber]);
  return consented.has(phoneNumber) ? undefined : new AppError('consent_missing');
}

/** 404 unless the workspace has this campaign. */
export async function assertCampaignExists(deps: CampaignDeps, workspaceId: string, campaignId: string): Promise<void> {
  const campaign = await deps.prisma.campaign.findFirst({ where: { id: campaignId, workspaceId }, select: { id: true } });
  if (!campaign) throw campaignNotFound();
}

/** Locks the campaign row for the rest of the transaction, so status changes and enrollments serialise. */
export async function lockCampaign(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  campaignId: string,
): Promise<{ id: string; status: TCampaignStatus; activatedAt: Date | null }> {
  const [campaign] = await queryRowsIn(tx, campaignForUpdate, [campaignId, workspaceId]);
  if (!campaign) throw campaignNotFound();
  // The status column holds the contract's campaign statuses.
  return { id: campaign.id, status: campaign.status as TCampaignStatus, activatedAt: campaign.activated_at };
}

function toStage(stage: CampaignRow['stages'][number], steps: StepCounts = noSteps()): TCampaignStage {
  return {
    id: stage.id,
    position: stage.position,
    body: stage.body,
    delay_minutes: stage.delayMinutes,
    shorten_links: stage.shortenLinks,
    step_counts: steps,
    created_at: stage.createdAt.toISOString(),
  };
}

function toCampaign(row: CampaignRow, counts: Counts = noCounts()): TCampaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as TCampaignStatus,
    settings: readSettings(row.settings),
    stages: row.stages.map((stage) => toStage(stage, counts.steps.get(stage.id))),
    enrollment_counts: counts.enrollments,
    skipped_counts: counts.skipped,
    fan_out_estimate: counts.fanOut,
    activated_at: row.activatedAt?.toISOString() ?? null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function withCounts(deps: CampaignDeps, workspaceId: string, rows: CampaignRow[]): Promise<TCampaign[]> {
  const groups = await deps.prisma.campaignEnrollment.groupBy({
    by: ['campaignId', 'status', 'lastError'],
    where: { campaignId: { in: rows.map((row) => row.id) } },
    _count: { _all: true },
  });
  const counts = new Map<string, Counts>();
  for (const group of groups) {
    const entry = counts.get(group.campaignId) ?? noCounts();
    entry.enrollments[group.status as keyof EnrollmentCounts] += group._count._all;
    // last_error is the skip reason: why the enrollment's last due step was not sent (scheduler.ts).
    if (group.lastError !== null && group.lastError in entry.skipped)
      entry.skipped[group.lastError as keyof SkippedCounts] += group._count._all;
    counts.set(group.campaignId, entry);
  }
  // Each processed step is one campaign_deliveries row with its outcome (sent, suppressed or failed).
  const steps = await deps.prisma.campaignDelivery.groupBy({
    by: ['campaignId', 'stageId', 'outcome'],
    where: { campaignId: { in: rows.map((row) => row.id) } },
    _count: { _all: true },
  });
  for (const step of steps) {
    const entry = counts.get(step.campaignId) ?? noCounts();
    const stage = entry.steps.get(step.stageId) ?? noSteps();
    if (step.outcome in stage) stage[step.outcome as keyof StepCounts] += step._count._all;
    entry.steps.set(step.stageId, stage);
    counts.set(step.campaignId, entry);
  }
  for (const [campaignId, estimate] of await fanOutEstimates(deps, workspaceId, rows)) {
    const entry = counts.get(campaignId) ?? noCounts();
    entry.fanOut = estimate;
    counts.set(campaignId, entry);
  }
  return rows.map((row) => toCampaign(row, counts.get(row.id)));
}

export async function listCampaigns(
  deps: CampaignDeps,
  workspaceId: string,
  query: { status?: TCampaignStatus | undefined; limit: number; cursor?: string | undefined },
): Promise<{ campaigns: TCampaign[]; next_cursor: string | null }> {
  const page = newestFirst('campaigns', workspaceId, query);
  const rows = await deps.prisma.campaign.findMany({
    where: { workspaceId, ...(query.status ? { status: query.status } : {}), ...page.where },
    orderBy: page.orderBy,
    take: page.take,
    include: withStages,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { campaigns: await withCounts(deps, workspaceId, pageRows), next_cursor: nextCursor };
}

export async function getCampaign(deps: CampaignDeps, workspaceId: string, campaignId: string): Promise<TCampaign> {
  const row = await deps.prisma.campaign.findFirst({ where: { id: campaignId, workspaceId }, include: withStages });
  if (!row) throw campaignNotFound();
  const [campaign] = await withCounts(deps, workspaceId, [row]);
  if (!campaign) throw new Error('withCounts returned no campaign for the row it was given');
  return campaign;
}

export async function createCampaign(
  deps: CampaignDeps,
  workspaceId: string,
  input: { name: string; description?: string | undefined; settings?: TCampaignSettingsInput | undefined },
): Promise<TCampaign> {
  const row = await deps.prisma.campaign.create({
    data: {
      id: newId('cmp'),
      workspaceId,
      name: input.name,
      description: input.description || null,
      settings: mergeSettings(defaultCampaignSettings, input.settings),
      updatedAt: new Date(deps.clock.now()),
    },
    include: withStages,
  });
  return toCampaign(row);
}

/**
 * Makes waiting enrollments work out their next step again (after a stage is inserted or the quiet
 * hours change): each gets a job now, which sends or reschedules. While paused the jobs do nothing
 * and resuming runs them again.
 */
function recomputeSchedules(tx: JobTransaction, campaignId: string, now: Date): Promise<void> {
  return scheduleSteps(tx, { waitingIn: campaignId }, { now, runAt: now });
}

export async function updateCampaign(
  deps: CampaignDeps,
  workspaceId: string,
  input: {
    id: string;
    name?: string | undefined;
    description?: string | null | undefined;
    settings?: TCampaignSettingsInput | undefined;
  },
): Promise<TCampaign> {
  const now = new Date(deps.clock.now());
  await inJobTransaction(
    deps,
    async (tx) => {
      const campaign = await lockCampaign(tx, workspaceId, input.id);
      assertEditable(campaign.status);
      const stored = await tx.campaign.findUniqueOrThrow({ where: { id: campaign.id }, select: { settings: true } });
      const settings = mergeSettings(readSettings(stored.settings), input.settings);
      await tx.campaign.update({
        where: { id: campaign.id },
        data: {
          name: input.name,
          description: input.description === undefined ? undefined : input.description || null,
          settings,
          updatedAt: now,
        },
      });
      if (input.settings?.quiet_hours && campaign.status !== 'draft') await recomputeSchedules(tx, campaign.id, now);
    },
    wholeCampaign,
  );
  return getCampaign(deps, workspaceId, input.id);
}

/** activate, pause or archive, with what each means for enrollments (see campaignTransitions). */
export async function transitionCampaign(
  deps: CampaignDeps,
  workspaceId: string,
  campaignId: string,
  transition: CampaignTransition,
): Promise<TCampaign> {
  const now = new Date(deps.clock.now());
  await inJobTransaction(
    deps,
    async (tx) => {
      const campaign = await lockCampaign(tx, workspaceId, campaignId);
      const status = nextStatus(campaign.status, transition);
      if (transition === 'activate' && campaign.status === 'draft') {
        if ((await tx.campaignStage.count({ where: { campaignId } })) === 0) {
          throw invalidState(campaign.status, 'Add at least one stage before activating the campaign.');
        }
        // Numbers enrolled before launch count their first delay from now.
        await executeIn(tx, anchorWaitingEnrollments, [campaignId, now]);
      }
      await tx.campaign.update({
        where: { id: campaignId },
        data: {
          status,
          updatedAt: now,
          activatedAt: campaign.activatedAt ?? (status === 'active' ? now : null),
          ...(status === 'archived' ? { archivedAt: now } : {}),
        },
      });
      if (status === 'active') await scheduleSteps(tx, { waitingIn: campaignId }, { now, runAt: 'when_due' });
      if (status === 'archived') await transitionEnrollments(tx, { campaignId }, 'stopForArchive', { now });
    },
    wholeCampaign,
  );
  return getCampaign(deps, workspaceId, campaignId);
}

function stageIssue(path: string, message: string): AppError {
  return new AppError('validation_failed', { message, extra: { issues: [{ path, message }] } });
}

export async function addStage(
  deps: CampaignDeps,
  workspaceId: string,
  input: { id: string; body: string; delay_minutes: number; position?: number | undefined; shorten_links?: boolean | undefined },
): Promise<{ stage: TCampaignStage; campaign: TCampaign }> {
  const referenced = snippetNames(input.body);
  const known = referenced.length
    ? await deps.prisma.snippet.findMany({ where: { workspaceId, name: { in: referenced } }, select: { name: true } })
    : [];
  const now = new Date(deps.clock.now());
  const stage = await inJobTransaction(
    deps,
    async (tx) => {
      const campaign = await lockCampaign(tx, workspaceId, input.id);
      assertEditable(campaign.status);
      assertValidTemplate('body', input.body, { allowed: true, known: new Set(known.map((snippet) => snippet.name)) });
      const count = await tx.campaignStage.count({ where: { campaignId: campaign.id } });
      if (count >= maxStagesPerCampaign) throw stageIssue('body', `A campaign has at most ${maxStagesPerCampaign} stages.`);
      const position = input.position ?? count + 1;
      if (position > count + 1)
        throw stageIssue('position', `must be between 1 and ${count + 1} (the campaign has ${count} stages)`);
      await tx.campaignStage.updateMany({
        where: { campaignId: campaign.id, position: { gte: position } },
        data: { position: { increment: 1 } },
      });
      const created = await tx.campaignStage.create({
        data: {
          id: newId('stg'),
          campaignId: campaign.id,
          position,
          body: input.body,
          delayMinutes: input.delay_minutes,
          shortenLinks: input.shorten_links ?? false,
        },
      });
      await tx.campaign.update({ where: { id: campaign.id }, data: { updatedAt: now } });
      // An appended stage only concerns enrollments still before it, whose schedules stand.
      const inserted = position <= count && campaign.status !== 'draft';
      if (inserted) await recomputeSchedules(tx, campaign.id, now);
      return created;
    },
    wholeCampaign,
  );
  return { stage: toStage(stage), campaign: await getCampaign(deps, workspaceId, input.id) };
}
