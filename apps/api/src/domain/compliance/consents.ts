import { AppError, type TConsent, type TConsentInput } from '@textline/contract';
import type { Prisma } from '@textline/db';
import { newId } from '../../lib/crypto.ts';
import { requireE164 } from '../../lib/phone.ts';
import type { Services } from '../../ports.ts';

type ConsentRow = { phoneNumber: string; source: string; capturedAt: Date; evidence: string; recordedAt: Date };

function consentOf(row: ConsentRow): TConsent {
  return {
    phone_number: row.phoneNumber,
    source: row.source as TConsent['source'],
    captured_at: row.capturedAt.toISOString(),
    evidence: row.evidence,
    recorded_at: row.recordedAt.toISOString(),
  };
}

/** Records a recipient's opt-in; a number keeps its newest consent. */
export async function recordConsent(
  deps: Pick<Services, 'prisma' | 'clock'>,
  workspaceId: string,
  input: TConsentInput,
): Promise<TConsent> {
  const phoneNumber = requireE164(input.phone_number);
  const capturedAt = new Date(input.captured_at);
  const now = deps.clock.now();
  if (capturedAt.getTime() > now) {
    throw new AppError('validation_failed', {
      message: 'captured_at must not be in the future.',
      extra: { issues: [{ path: 'captured_at', message: 'must not be in the future' }] },
    });
  }
  const details = { source: input.source, capturedAt, evidence: input.evidence, recordedAt: new Date(now) };
  const row = await deps.prisma.consent.upsert({
    where: { workspaceId_phoneNumber: { workspaceId, phoneNumber } },
    create: { id: newId('cns'), workspaceId, phoneNumber, ...details },
    update: details,
  });
  return consentOf(row);
}

/** The consent recorded for a number of the workspace, or 404. */
export async function getConsent(deps: Pick<Services, 'prisma'>, workspaceId: string, rawPhoneNumber: string): Promise<TConsent> {
  const phoneNumber = requireE164(rawPhoneNumber);
  const row = await deps.prisma.consent.findUnique({ where: { workspaceId_phoneNumber: { workspaceId, phoneNumber } } });
  if (!row) throw new AppError('not_found', { message: 'No consent is recorded for this number.' });
  return consentOf(row);
}

/** Which of `phoneNumbers` have a recorded consent in the workspace (one query for a campaign batch). */
export async function consentedNumbers(
  tx: Pick<Prisma.TransactionClient, 'consent'>,
  workspaceId: string,
  phoneNumbers: readonly string[],
): Promise<Set<string>> {
  const rows = await tx.consent.findMany({
    where: { workspaceId, phoneNumber: { in: [...new Set(phoneNumbers)] } },
    select: { phoneNumber: true },
  });
  return new Set(rows.map((row) => row.phoneNumber));
}
