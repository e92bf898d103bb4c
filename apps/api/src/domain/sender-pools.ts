import { AppError, type TSenderPool } from '@textline/contract';
import { type Prisma, queryRowsIn } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { newestFirst } from '../lib/pagination.ts';
import type { Services } from '../ports.ts';
import { lockWorkspaceSettings } from './workspace-lock.sql.ts';

type PoolDeps = Pick<Services, 'prisma' | 'clock'>;

const withNumbers = {
  numbers: { select: { phoneNumberId: true } },
} as const;
type PoolRow = Prisma.SenderPoolGetPayload<{ include: typeof withNumbers }>;

export type SenderPoolChanges = {
  name?: string | undefined;
  number_ids?: string[] | undefined;
  sticky_sender?: boolean | undefined;
  area_code_match?: boolean | undefined;
  is_default?: boolean | undefined;
};

const poolNotFound = () => new AppError('not_found', { message: 'No sender pool with this id exists in this workspace.' });

/** A pool as the API shows it; its numbers oldest first (`createdAt` of each number). */
function toSenderPool(row: PoolRow, numberOrder: Map<string, number>): TSenderPool {
  const numberIds = row.numbers.map((entry) => entry.phoneNumberId);
  numberIds.sort((a, b) => (numberOrder.get(a) ?? 0) - (numberOrder.get(b) ?? 0) || a.localeCompare(b));
  return {
    id: row.id,
    name: row.name,
    number_ids: numberIds,
    sticky_sender: row.stickySender,
    area_code_match: row.areaCodeMatch,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

async function toSenderPools(tx: Prisma.TransactionClient, workspaceId: string, rows: PoolRow[]): Promise<TSenderPool[]> {
  const ids = [...new Set(rows.flatMap((row) => row.numbers.map((entry) => entry.phoneNumberId)))];
  const numbers = ids.length
    ? await tx.phoneNumber.findMany({ where: { id: { in: ids }, workspaceId }, select: { id: true, createdAt: true } })
    : [];
  const order = new Map(numbers.map((number) => [number.id, number.createdAt.getTime()]));
  return rows.map((row) => toSenderPool(row, order));
}

async function toOneSenderPool(tx: Prisma.TransactionClient, workspaceId: string, row: PoolRow): Promise<TSenderPool> {
  const [pool] = await toSenderPools(tx, workspaceId, [row]);
  if (!pool) throw new Error(`sender pool ${row.id} was not shown`);
  return pool;
}

/** The ids, each once, when every one is a connected number of the workspace; else 422 naming number_ids. */
async function checkedNumberIds(tx: Prisma.TransactionClient, workspaceId: string, numberIds: string[]): Promise<string[]> {
  const unique = [...new Set(numberIds)];
  const connected = await tx.phoneNumber.findMany({
    where: { id: { in: unique }, workspaceId, status: 'connected' },
    select: { id: true },
  });
  const found = new Set(connected.map((number) => number.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length === 0) return unique;
  const message = `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not a connected number of this workspace`;
  throw new AppError('validation_failed', {
    message: `number_ids: ${message}.`,
    extra: { issues: [{ path: 'number_ids', message }] },
  });
}

/**
 * Writes a pool's changes: its numbers replaced when given, and, when it becomes the default, the
 * previous default made an ordinary pool in the same transaction. The workspace row is locked first,
 * so two pools made the default at once leave exactly one.
 */
async function writePool(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  poolId: string,
  changes: SenderPoolChanges,
  at: Date,
): Promise<void> {
  if (changes.is_default) {
    await queryRowsIn(tx, lockWorkspaceSettings, [workspaceId]);
    await tx.senderPool.updateMany({
      where: { workspaceId, isDefault: true, id: { not: poolId } },
      data: { isDefault: false, updatedAt: at },
    });
  }
  if (changes.number_ids !== undefined) {
    const numberIds = await checkedNumberIds(tx, workspaceId, changes.number_ids);
    await tx.senderPoolNumber.deleteMany({ where: { poolId } });
    await tx.senderPoolNumber.createMany({ data: numberIds.map((phoneNumberId) => ({ poolId, phoneNumberId })) });
  }
}

export async function createSenderPool(
  deps: PoolDeps,
  workspaceId: string,
  input: SenderPoolChanges & { name: string; number_ids: string[] },
): Promise<TSenderPool> {
  const at = new Date(deps.clock.now());
  return deps.prisma.$transaction(async (tx) => {
    const id = newId('spl');
    await tx.senderPool.create({
      data: {
        id,
        workspaceId,
        name: input.name,
        stickySender: input.sticky_sender ?? true,
        areaCodeMatch: input.area_code_match ?? true,
        isDefault: input.is_default ?? false,
        createdAt: at,
        updatedAt: at,
      },
    });
    await writePool(tx, workspaceId, id, input, at);
    return toOneSenderPool(tx, workspaceId, await tx.senderPool.findUniqueOrThrow({ where: { id }, include: withNumbers }));
  });
}

export async function updateSenderPool(
  deps: PoolDeps,
  workspaceId: string,
  id: string,
  changes: SenderPoolChanges,
): Promise<TSenderPool> {
  const at = new Date(deps.clock.now());
  return deps.prisma.$transaction(async (tx) => {
    const updated = await tx.senderPool.updateMany({
      where: { id, workspaceId },
      data: {
        name: changes.name,
        stickySender: changes.sticky_sender,
        areaCodeMatch: changes.area_code_match,
        isDefault: changes.is_default,
        updatedAt: at,
      },
    });
    if (updated.count === 0) throw poolNotFound();
    await writePool(tx, workspaceId, id, changes, at);
    return toOneSenderPool(tx, workspaceId, await tx.senderPool.findUniqueOrThrow({ where: { id }, include: withNumbers }));
  });
}

export async function getSenderPool(deps: PoolDeps, workspaceId: string, id: string): Promise<TSenderPool> {
  const row = await deps.prisma.senderPool.findFirst({ where: { id, workspaceId }, include: withNumbers });
  if (!row) throw poolNotFound();
  return toOneSenderPool(deps.prisma, workspaceId, row);
}

export async function listSenderPools(
  deps: PoolDeps,
  workspaceId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ sender_pools: TSenderPool[]; next_cursor: string | null }> {
  const page = newestFirst('sender_pools', workspaceId, query);
  const rows = await deps.prisma.senderPool.findMany({
    where: { workspaceId, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
    include: withNumbers,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { sender_pools: await toSenderPools(deps.prisma, workspaceId, pageRows), next_cursor: nextCursor };
}

export async function deleteSenderPool(deps: PoolDeps, workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
  const deleted = await deps.prisma.senderPool.deleteMany({ where: { id, workspaceId } });
  if (deleted.count === 0) throw poolNotFound();
  return { id, deleted: true };
}
