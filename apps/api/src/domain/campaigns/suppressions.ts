import { AppError, type TCampaignSuppression } from '@textline/contract';
import type { Prisma } from '@textline/db';
import { inJobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import { toE164 } from '../../lib/phone.ts';
import { assertCampaignExists, lockCampaign } from './campaigns.ts';
import { type CampaignDeps, scheduleSteps } from './scheduler.ts';

type SuppressionRow = Prisma.CampaignSuppressionGetPayload<object>;

function toSuppression(row: SuppressionRow): TCampaignSuppression {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    phone_number: row.phoneNumber,
    reason: row.reason,
    skipped_deliveries: row.skippedCount,
    last_skipped_at: row.lastSkippedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSuppressions(
  deps: CampaignDeps,
  workspaceId: string,
  query: { id: string; limit: number; cursor?: string | undefined },
): Promise<{ suppressions: TCampaignSuppression[]; next_cursor: string | null }> {
  await assertCampaignExists(deps, workspaceId, query.id);
  const page = newestFirst('campaign_suppressions', workspaceId, query);
  const rows = await deps.prisma.campaignSuppression.findMany({
    where: { campaignId: query.id, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { suppressions: pageRows.map(toSuppression), next_cursor: nextCursor };
}

/** Suppresses a number in one campaign; an existing suppression is returned as it is (`created` false). */
export async function createSuppression(
  deps: CampaignDeps,
  workspaceId: string,
  input: { id: string; phone_number: string; reason?: string | undefined },
): Promise<{ suppression: TCampaignSuppression; created: boolean }> {
  const phoneNumber = toE164(input.phone_number);
  if (!phoneNumber) {
    throw new AppError('validation_failed', {
      message: 'phone_number must be a valid phone number in international E.164 format.',
      extra: { issues: [{ path: 'phone_number', message: 'must be a valid international number with a leading +' }] },
    });
  }
  return deps.prisma.$transaction(async (tx) => {
    await lockCampaign(tx, workspaceId, input.id);
    const existing = await tx.campaignSuppression.findUnique({
      where: { campaignId_phoneNumber: { campaignId: input.id, phoneNumber } },
    });
    if (existing) return { suppression: toSuppression(existing), created: false };
    const row = await tx.campaignSuppression.create({
      data: { id: newId('csp'), campaignId: input.id, workspaceId, phoneNumber, reason: input.reason || null },
    });
    return { suppression: toSuppression(row), created: true };
  });
}

/** Removes a suppression; the number's held step continues (if the campaign is paused, on resume). */
export async function deleteSuppression(
  deps: CampaignDeps,
  workspaceId: string,
  input: { campaign_id: string; suppression_id: string },
): Promise<TCampaignSuppression> {
  const now = new Date(deps.clock.now());
  const row = await inJobTransaction(deps, async (tx) => {
    await lockCampaign(tx, workspaceId, input.campaign_id);
    const found = await tx.campaignSuppression.findFirst({ where: { id: input.suppression_id, campaignId: input.campaign_id } });
    if (!found) throw new AppError('not_found', { message: 'No suppression with this id exists in this campaign.' });
    await tx.campaignSuppression.delete({ where: { id: found.id } });
    await scheduleSteps(tx, { heldFor: { campaignId: found.campaignId, phoneNumber: found.phoneNumber } }, { now, runAt: now });
    return found;
  });
  return toSuppression(row);
}
