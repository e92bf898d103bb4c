import {
  AppError,
  type TCampaignEnrollment,
  type TEnrollmentResult,
  type TEnrollmentSkipReason,
  type TEnrollmentStatus,
  type TEnrollmentStopReason,
} from '@textline/contract';
import { executeIn, type Prisma, queryRowsIn } from '@textline/db';
import type { AuthContext } from '../../auth/authenticator.ts';
import { inJobTransaction } from '../../jobs/enqueue.ts';
import { newestFirst } from '../../lib/pagination.ts';
import { toE164 } from '../../lib/phone.ts';
import { assertCampaignExists, lockCampaign } from './campaigns.ts';
import * as sql from './enrollments.sql.ts';
import { type CampaignDeps, enqueueSteps } from './scheduler.ts';
import { assertEditable } from './state-machine.ts';

/** A statement's worth of work over a whole contact list: far above what enrolling 100,000 numbers takes. */
const ENROLL_TIMEOUT_MS = 120_000;
/**
 * Enrollments one call must add for it to refresh the table's statistics. Until autovacuum gets to
 * it, the planner still counts a campaign's enrollments as before the call (none, for a new one) and
 * reads a large stage's due steps in a plan fit for a handful, which is slow for a large enrollment.
 */
const ANALYZE_AFTER_ENROLLED = 1_000;

/**
 * The numbers to enroll (a contact list's, or the valid numbers given: the other is empty), plus the
 * entries given that are not phone numbers.
 */
async function candidates(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  input: { phone_numbers?: string[] | undefined; contact_list_id?: string | undefined },
): Promise<{ contactListId: string | null; phoneNumbers: string[]; invalid: string[] }> {
  if (input.contact_list_id !== undefined) {
    const list = await tx.contactList.findFirst({ where: { id: input.contact_list_id, workspaceId }, select: { id: true } });
    if (!list) throw new AppError('not_found', { message: 'No contact list with this id exists in this workspace.' });
    return { contactListId: list.id, phoneNumbers: [], invalid: [] };
  }
  const phoneNumbers = new Set<string>();
  const invalid: string[] = [];
  for (const entry of input.phone_numbers ?? []) {
    const phoneNumber = toE164(entry);
    if (phoneNumber) phoneNumbers.add(phoneNumber);
    else invalid.push(entry);
  }
  return { contactListId: null, phoneNumbers: [...phoneNumbers], invalid };
}

/** The token an enrollment is made with, whose spend caps its sends count against; none for the console, which is no token. */
export function enrollingToken(auth: Pick<AuthContext, 'origin' | 'tokenId'>): string | null {
  return auth.origin === 'console' ? null : auth.tokenId;
}

/**
 * Enrolls numbers in a campaign, idempotently: a number is enrolled at most once per campaign, and
 * numbers with a workspace opt-out or a suppression in this campaign are left out (the unique
 * (campaign, phone number) index keeps it so even under concurrency). One statement, however long
 * the contact list: nothing is read into memory. In an active campaign each new enrollment's first
 * stage is due its delay from now (with a job for the campaign at that time); otherwise activation
 * schedules it. Each new enrollment records `tokenId`, the token that enrolled it: its steps' sends
 * count against that token's spend caps (scheduler.ts). A number enrolled before keeps its first enroller.
 */
export async function enroll(
  deps: CampaignDeps,
  workspaceId: string,
  campaignId: string,
  input: { phone_numbers?: string[] | undefined; contact_list_id?: string | undefined },
  tokenId: string | null,
): Promise<TEnrollmentResult> {
  const now = new Date(deps.clock.now());
  const { counts, invalid } = await inJobTransaction(
    deps,
    async (tx) => {
      const campaign = await lockCampaign(tx, workspaceId, campaignId);
      assertEditable(campaign.status);
      const { contactListId, phoneNumbers, invalid } = await candidates(tx, workspaceId, input);
      const firstStage = await tx.campaignStage.findFirst({ where: { campaignId }, orderBy: { position: 'asc' } });
      const firstStepAt =
        campaign.status === 'active' && firstStage ? new Date(now.getTime() + firstStage.delayMinutes * 60_000) : null;
      const [counted] = await queryRowsIn(tx, sql.enrollCandidates, [
        contactListId,
        phoneNumbers,
        campaignId,
        workspaceId,
        now,
        firstStepAt,
        tokenId,
      ]);
      if (!counted) throw new Error('the enrollment statement returned no row');
      if (firstStepAt && counted.enrolled > 0) await enqueueSteps(tx, campaignId, firstStepAt);
      return {
        counts: {
          enrolled: counted.enrolled,
          alreadyEnrolled: counted.candidates - counted.suppressed - counted.enrolled,
          suppressed: counted.suppressed,
        },
        invalid,
      };
    },
    { timeoutMs: ENROLL_TIMEOUT_MS },
  );
  if (counts.enrolled >= ANALYZE_AFTER_ENROLLED) {
    // After the commit, so that it counts the new rows. The enrollment stands whatever this does.
    await executeIn(deps.prisma, sql.analyzeEnrollments, []).catch((error: unknown) =>
      deps.log.warn({ err: error, campaignId }, 'could not analyze campaign_enrollments after an enrollment'),
    );
  }
  return {
    campaign_id: campaignId,
    enrolled: counts.enrolled,
    already_enrolled: counts.alreadyEnrolled,
    suppressed: counts.suppressed,
    invalid: invalid.length,
    invalid_phone_numbers: invalid,
  };
}

/** A campaign's enrollments, newest first, with why each stopped or why its due step waits. */
export async function listEnrollments(
  deps: CampaignDeps,
  workspaceId: string,
  query: { id: string; limit: number; cursor?: string | undefined },
): Promise<{ enrollments: TCampaignEnrollment[]; next_cursor: string | null }> {
  await assertCampaignExists(deps, workspaceId, query.id);
  const page = newestFirst('campaign_enrollments', workspaceId, query);
  const rows = await deps.prisma.campaignEnrollment.findMany({
    where: { campaignId: query.id, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return {
    enrollments: pageRows.map((row) => ({
      id: row.id,
      campaign_id: row.campaignId,
      phone_number: row.phoneNumber,
      status: row.status as TEnrollmentStatus,
      stop_reason: row.stopReason as TEnrollmentStopReason | null,
      skip_reason: row.lastError as TEnrollmentSkipReason | null,
      enrolled_by_token_id: row.enrolledByTokenId,
      next_step_at: row.nextStepAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
    next_cursor: nextCursor,
  };
}
