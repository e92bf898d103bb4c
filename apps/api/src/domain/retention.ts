import { redactedText, type TWorkspaceSettings } from '@textline/contract';
import { executeIn, queryRowsIn, type PrismaClient } from '@textline/db';
import { DAY_MS } from '../lib/clock.ts';
import { nextTurn } from '../lib/next-turn.ts';
import type { Services } from '../ports.ts';
import * as sql from './retention.sql.ts';

type Deps = Pick<Services, 'prisma' | 'clock' | 'config' | 'log'>;
type Db = Pick<PrismaClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;

/** What one workspace's retention run changed, by kind of row. */
export type RetentionRun = { messages: number; inboundMessages: number; webhookDeliveries: number; events: number };

export async function getWorkspaceSettings(deps: Pick<Services, 'prisma'>, workspaceId: string): Promise<TWorkspaceSettings> {
  const retention = await deps.prisma.workspaceRetention.findUnique({ where: { workspaceId }, select: { days: true } });
  return { retention_days: retention?.days ?? null };
}

/**
 * Changes the settings given. A retention keeps how far earlier runs got when its length changes:
 * what is redacted stays redacted, and a longer retention only spares what is not yet.
 */
export async function updateWorkspaceSettings(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
  input: Partial<TWorkspaceSettings>,
): Promise<TWorkspaceSettings> {
  const days = input.retention_days;
  if (days === null) await deps.prisma.workspaceRetention.deleteMany({ where: { workspaceId } });
  else if (days !== undefined) {
    await deps.prisma.workspaceRetention.upsert({
      where: { workspaceId },
      create: { workspaceId, days },
      update: { days, updatedAt: new Date() },
    });
  }
  return getWorkspaceSettings(deps, workspaceId);
}

/** Where a workspace's first run starts: before every row the service can have written. */
const beginning = new Date(0);

type Position = { at: Date; id: string };
type RedactedBatch = {
  scanned: number;
  redacted: number;
  first_open?: Date | null;
  last_at: Date | null;
  last_id: string | null;
};

/**
 * Redacts rows in order of created_at and id from where earlier runs got (`from`), one batch per
 * statement, each recording how far everything is done: a run stopped anywhere starts the next one
 * there. A message still on its way holds that record at itself (`heldAt`), so it is redacted once
 * final; this run carries on past it.
 */
async function redactInOrder(
  from: Date | null,
  batchSize: number,
  redactBatch: (position: Position, heldAt: Date | null) => Promise<RedactedBatch[]>,
): Promise<number> {
  let position: Position = { at: from ?? beginning, id: '' };
  let heldAt: Date | null = null;
  let redacted = 0;
  for (;;) {
    // The batch's summary is an aggregate: always one row.
    const [batch] = await redactBatch(position, heldAt);
    if (batch === undefined) throw new Error('a redaction batch answered no summary');
    redacted += batch.redacted;
    heldAt ??= batch.first_open ?? null;
    if (batch.scanned < batchSize || batch.last_at === null || batch.last_id === null) return redacted;
    position = { at: batch.last_at, id: batch.last_id };
    // Requests waiting go between two batches (embedded, they would otherwise wait for the whole run).
    await nextTurn();
  }
}

async function deleteInBatches(
  db: Db,
  statement: typeof sql.deleteSettledDeliveries,
  workspaceId: string,
  before: Date,
  batchSize: number,
) {
  let deleted = 0;
  for (;;) {
    const batch = await executeIn(db, statement, [workspaceId, before, batchSize]);
    deleted += batch;
    if (batch < batchSize) return deleted;
    await nextTurn();
  }
}

/**
 * Applies every workspace's retention: messages and inbound messages older than it are redacted
 * (their rows, usage counts and ledger entries stay), settled webhook deliveries with their attempts
 * and then the events no delivery refers to are deleted. Every statement is short and its own
 * transaction, and a repeated run changes nothing more, so a run stopped by a crash is simply run again.
 */
export async function applyRetention(deps: Deps): Promise<Record<string, RetentionRun>> {
  const db: Db = deps.prisma;
  const batchSize = deps.config.maintenanceBatchSize;
  const runs: Record<string, RetentionRun> = {};
  const retentions = await deps.prisma.workspaceRetention.findMany({ orderBy: { workspaceId: 'asc' } });
  for (const retention of retentions) {
    const before = new Date(deps.clock.now() - retention.days * DAY_MS);
    const { workspaceId } = retention;
    runs[workspaceId] = {
      messages: await redactInOrder(retention.messagesDoneBefore, batchSize, (position, heldAt) =>
        queryRowsIn(db, sql.redactMessageBatch, [workspaceId, position.at, position.id, before, batchSize, heldAt, redactedText]),
      ),
      inboundMessages: await redactInOrder(retention.inboundDoneBefore, batchSize, (position) =>
        queryRowsIn(db, sql.redactInboundBatch, [workspaceId, position.at, position.id, before, batchSize, redactedText]),
      ),
      webhookDeliveries: await deleteInBatches(db, sql.deleteSettledDeliveries, workspaceId, before, batchSize),
      events: await deleteInBatches(db, sql.deleteDeliveredEvents, workspaceId, before, batchSize),
    };
  }
  if (retentions.length > 0) deps.log.info({ workspaces: retentions.length }, 'maintenance applied data retention');
  return runs;
}
