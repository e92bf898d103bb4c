import { AppError, type TBrand } from '@textline/contract';
import { enqueue, inJobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import { requireE164 } from '../../lib/phone.ts';
import type { BrandSubmission, Services } from '../../ports.ts';
import { atProvider } from '../numbers.ts';
import { registrationCheckJob } from './decisions.ts';
import { toBrand } from './records.ts';

export type RegistrationDeps = Pick<Services, 'prisma' | 'clock' | 'jobs' | 'live' | 'messagingProvider'>;

export function brandNotFound(): AppError {
  return new AppError('not_found', { message: 'No brand with this id exists in this workspace.' });
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
