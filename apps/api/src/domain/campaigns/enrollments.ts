import { AppError, type TEnrollmentResult } from '@textline/contract';
import { Prisma } from '@textline/db';
import { inJobTransaction } from '../../jobs/enqueue.ts';
import { toE164 } from '../../lib/phone.ts';
import { newId } from '../../lib/crypto.ts';
import { lockCampaign } from './campaigns.ts';
import { type CampaignDeps, scheduleSteps } from './scheduler.ts';
import { assertEditable } from './state-machine.ts';

/** The numbers to enroll, valid and de-duplicated, plus the entries that are not phone numbers. */
async function candidates(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  input: { phone_numbers?: string[] | undefined; contact_list_id?: string | undefined },
): Promise<{ phoneNumbers: string[]; invalid: string[] }> {
  if (input.contact_list_id !== undefined) {
    const list = await tx.contactList.findFirst({ where: { id: input.contact_list_id, workspaceId }, select: { id: true } });
    if (!list) throw new AppError('not_found', { message: 'No contact list with this id exists in this workspace.' });
    const members = await tx.contact.findMany({
      where: { memberships: { some: { contactListId: list.id } } },
      select: { phoneNumber: true },
    });
    return { phoneNumbers: members.map((member) => member.phoneNumber), invalid: [] };
  }
  const phoneNumbers = new Set<string>();
  const invalid: string[] = [];
  for (const entry of input.phone_numbers ?? []) {
    const phoneNumber = toE164(entry);
    if (phoneNumber) phoneNumbers.add(phoneNumber);
    else invalid.push(entry);
  }
  return { phoneNumbers: [...phoneNumbers], invalid };
}

/**
 * Enrolls numbers in a campaign, idempotently: a number is enrolled at most once per campaign, and
 * numbers with a workspace opt-out or a suppression in this campaign are left out (the unique
 * (campaign, phone number) index keeps it so even under concurrency). In an active
 * campaign each new enrollment's first stage is scheduled its delay from now; otherwise activation
 * schedules it.
 */
export async function enroll(
  deps: CampaignDeps,
  workspaceId: string,
  campaignId: string,
  input: { phone_numbers?: string[] | undefined; contact_list_id?: string | undefined },
): Promise<TEnrollmentResult> {
  const now = new Date(deps.clock.now());
  const { counts, invalid } = await inJobTransaction(deps, async (tx) => {
    const campaign = await lockCampaign(tx, workspaceId, campaignId);
    assertEditable(campaign.status);
    const { phoneNumbers, invalid } = await candidates(tx, workspaceId, input);
    const existing = new Set(
      (
        await tx.campaignEnrollment.findMany({
          where: { campaignId, phoneNumber: { in: phoneNumbers } },
          select: { phoneNumber: true },
        })
      ).map((row) => row.phoneNumber),
    );
    const fresh = phoneNumbers.filter((phoneNumber) => !existing.has(phoneNumber));
    const suppressed = new Set(
      [
        ...(await tx.workspaceSuppression.findMany({
          where: { workspaceId, active: true, phoneNumber: { in: fresh } },
          select: { phoneNumber: true },
        })),
        ...(await tx.campaignSuppression.findMany({
          where: { campaignId, phoneNumber: { in: fresh } },
          select: { phoneNumber: true },
        })),
      ].map((row) => row.phoneNumber),
    );
    const eligible = fresh.filter((phoneNumber) => !suppressed.has(phoneNumber));
    const created = await tx.campaignEnrollment.createManyAndReturn({
      data: eligible.map((phoneNumber) => ({
        id: newId('enr'),
        campaignId,
        workspaceId,
        phoneNumber,
        anchorAt: now,
        updatedAt: now,
      })),
      skipDuplicates: true,
      select: { id: true },
    });
    const firstStage = await tx.campaignStage.findFirst({ where: { campaignId }, orderBy: { position: 'asc' } });
    if (campaign.status === 'active' && firstStage && created.length > 0) {
      await scheduleSteps(tx, Prisma.sql`id = ANY(${created.map((row) => row.id)}::text[])`, {
        now,
        runAt: new Date(now.getTime() + firstStage.delayMinutes * 60_000),
      });
    }
    return {
      counts: {
        enrolled: created.length,
        alreadyEnrolled: existing.size + eligible.length - created.length,
        suppressed: suppressed.size,
      },
      invalid,
    };
  });
  return {
    campaign_id: campaignId,
    enrolled: counts.enrolled,
    already_enrolled: counts.alreadyEnrolled,
    suppressed: counts.suppressed,
    invalid: invalid.length,
    invalid_phone_numbers: invalid,
  };
}
