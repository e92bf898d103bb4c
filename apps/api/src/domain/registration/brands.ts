import { AppError, type TBrand } from '@textline/contract';
import { enqueue, inJobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import { requireE164 } from '../../lib/phone.ts';
import type { BrandSubmission, Services } from '../../ports.ts';
import { atProvider } from '../numbers.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { registrationCheckJob } from './decisions.ts';
import { brandSubmissionOf, toBrand } from './records.ts';

export type RegistrationDeps = Pick<Services, 'prisma' | 'clock' | 'config' | 'jobs' | 'live' | 'messagingProvider'>;

export function brandNotFound(): AppError {
  return new AppError('not_found', { message: 'No brand with this id exists in this workspace.' });
}

/** The 409 of a correction to a brand or use case that is not rejected. */
export function registrationNotRejected(currentStatus: string): AppError {
  return new AppError('registration_not_rejected', {
    message: `Only a rejected registration can be corrected and submitted again; this one is ${currentStatus}.`,
    extra: { current_status: currentStatus },
  });
}

/** The fields a correction gives, without the ones it leaves as they are. */
export function givenFields<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Submits a brand to the carrier and records it pending, with the job that asks for the decision
 * when the carrier said to. A carrier that does not answer leaves nothing behind.
 */
export async function createBrand(
  deps: RegistrationDeps,
  workspaceId: string,
  input: Omit<BrandSubmission, 'supportPhone'> & { supportPhone: string },
): Promise<TBrand> {
  const brand: BrandSubmission = { ...input, supportPhone: requireE164(input.supportPhone, 'support_phone') };
  const submitted = await atProvider(deps.messagingProvider.registration.submit({ kind: 'brand', brand }));
  const now = deps.clock.now();
  const row = await inJobTransaction(deps, async (tx) => {
    const created = await tx.brand.create({
      data: {
        id: newId('brd'),
        workspaceId,
        ...brand,
        providerId: submitted.providerId,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      },
    });
    await enqueue(tx, registrationCheckJob, { kind: 'brand', id: created.id }, { runAt: new Date(now + submitted.checkAfterMs) });
    return created;
  });
  return toBrand(row);
}

export async function listBrands(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ brands: TBrand[]; next_cursor: string | null }> {
  const page = newestFirst('brands', workspaceId, query);
  const rows = await deps.prisma.brand.findMany({
    where: { workspaceId, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { brands: pageRows.map(toBrand), next_cursor: nextCursor };
}

export async function getBrand(deps: Pick<Services, 'prisma'>, workspaceId: string, id: string): Promise<TBrand> {
  const row = await deps.prisma.brand.findFirst({ where: { id, workspaceId } });
  if (!row) throw brandNotFound();
  return toBrand(row);
}

/**
 * Corrects a rejected brand with the fields given and submits it to the carrier again: it is pending
 * again, without reasons, with the job that asks for the new decision and a brand.updated event.
 * Only a rejected brand moves (a concurrent correction or decision answers 409).
 */
export async function updateBrand(
  deps: RegistrationDeps,
  workspaceId: string,
  id: string,
  changes: Partial<BrandSubmission>,
): Promise<TBrand> {
  const row = await deps.prisma.brand.findFirst({ where: { id, workspaceId } });
  if (!row) throw brandNotFound();
  if (row.status !== 'rejected') throw registrationNotRejected(row.status);
  const corrected = { ...brandSubmissionOf(row), ...givenFields(changes) };
  const brand: BrandSubmission = { ...corrected, supportPhone: requireE164(corrected.supportPhone, 'support_phone') };
  const submitted = await atProvider(
    deps.messagingProvider.registration.resubmit({ kind: 'brand', brand }, row.providerId ?? ''),
  );
  const now = deps.clock.now();
  const at = new Date(now);
  const updated = await inJobTransaction(deps, async (tx) => {
    const { count } = await tx.brand.updateMany({
      where: { id, workspaceId, status: 'rejected' },
      data: { ...brand, status: 'pending', rejectionReasons: [], providerId: submitted.providerId, updatedAt: at },
    });
    const current = await tx.brand.findUniqueOrThrow({ where: { id } });
    if (count === 0) throw registrationNotRejected(current.status);
    await recordCustomerEvent(tx, { workspaceId, type: 'brand.updated', data: { brand: toBrand(current) }, at });
    await enqueue(tx, registrationCheckJob, { kind: 'brand', id }, { runAt: new Date(now + submitted.checkAfterMs) });
    return current;
  });
  return toBrand(updated);
}
