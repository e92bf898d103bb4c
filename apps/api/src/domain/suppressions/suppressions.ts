import { AppError, removableSuppressionSource, type TSuppression, type TSuppressionSource } from '@textline/contract';
import { queryRowsIn, type RowOf, type WorkspaceSuppression } from '@textline/db';
import { inJobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import { requireE164 } from '../../lib/phone.ts';
import type { Services } from '../../ports.ts';
import { recordOptOutCreated } from '../reconciliation/suppressions.ts';
import { suppressManually } from './suppressions.sql.ts';

type SuppressionDeps = Pick<Services, 'prisma' | 'clock' | 'jobs'>;
type SuppressionRow = Pick<
  WorkspaceSuppression,
  'id' | 'phoneNumber' | 'active' | 'source' | 'reason' | 'createdAt' | 'updatedAt'
>;

export function toSuppression(row: SuppressionRow): TSuppression {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    active: row.active,
    // The column holds only the sources this service writes (suppressionSources).
    source: row.source as TSuppressionSource,
    reason: row.reason,
    removable: row.source === removableSuppressionSource,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function suppressionNotFound(): AppError {
  return new AppError('not_found', { message: 'This number has never been suppressed in this workspace.' });
}

/** The workspace's suppressions, newest first; indexed on (workspace_id, created_at, id). */
export async function listSuppressions(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
  query: {
    phone_number?: string | undefined;
    source?: TSuppressionSource | undefined;
    active?: 'true' | 'false' | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ suppressions: TSuppression[]; next_cursor: string | null }> {
  const phoneNumber = query.phone_number === undefined ? undefined : requireE164(query.phone_number);
  const active = query.active === undefined ? undefined : query.active === 'true';
  const page = newestFirst('suppressions', workspaceId, query);
  const rows = await deps.prisma.workspaceSuppression.findMany({
    where: {
      workspaceId,
      ...(phoneNumber === undefined ? {} : { phoneNumber }),
      ...(query.source === undefined ? {} : { source: query.source }),
      ...(active === undefined ? {} : { active }),
      ...page.where,
    },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { suppressions: pageRows.map(toSuppression), next_cursor: nextCursor };
}

/** The suppression of one number, active or lifted; 404 when it was never suppressed here. */
export async function checkSuppression(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
  phoneNumberInput: string,
): Promise<TSuppression> {
  const phoneNumber = requireE164(phoneNumberInput);
  const row = await deps.prisma.workspaceSuppression.findUnique({
    where: { workspaceId_phoneNumber: { workspaceId, phoneNumber } },
  });
  if (!row) throw suppressionNotFound();
  return toSuppression(row);
}

function fromStored(row: RowOf<typeof suppressManually>): TSuppression {
  return toSuppression({
    id: row.id,
    phoneNumber: row.phone_number,
    active: row.active,
    source: row.source,
    reason: row.reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/**
 * Suppresses a number on the workspace's own account (source manual). It is a row like a recipient's
 * opt-out, so every send path refuses the number exactly as it does theirs (accept_message_batch, the
 * dispatch re-check, campaign enrollment), and it reports opt_out.created the same way. A number
 * already actively suppressed is returned as it is (`created` false): its source is never overwritten,
 * so a recipient's opt-out cannot become one the workspace may lift. A lifted one is suppressed again.
 * One INSERT ... ON CONFLICT decides, so a STOP arriving at the same moment cannot be overwritten.
 */
export async function addSuppression(
  deps: SuppressionDeps,
  workspaceId: string,
  input: { phone_number: string; reason?: string | undefined },
): Promise<{ suppression: TSuppression; created: boolean }> {
  const phoneNumber = requireE164(input.phone_number);
  const reason = input.reason || null;
  const at = new Date(deps.clock.now());
  return inJobTransaction(deps, async (tx) => {
    const [changed] = await queryRowsIn(tx, suppressManually, [
      newId('sup'),
      workspaceId,
      phoneNumber,
      removableSuppressionSource,
      reason,
      at,
    ]);
    if (!changed) {
      const existing = await tx.workspaceSuppression.findUniqueOrThrow({
        where: { workspaceId_phoneNumber: { workspaceId, phoneNumber } },
      });
      return { suppression: toSuppression(existing), created: false };
    }
    await recordOptOutCreated(tx, {
      workspaceId,
      phoneNumber,
      source: removableSuppressionSource,
      provider: null,
      reason,
      at,
    });
    return { suppression: fromStored(changed), created: true };
  });
}

/**
 * Lifts a suppression the workspace added. One the recipient asked for (STOP, carrier opt-out) or the
 * operator added is refused: the carriers' rules let only the recipient undo their opt-out. Lifting
 * one already lifted changes nothing. The source is checked in the UPDATE itself, so a STOP landing
 * between a look-up and the write cannot be lifted by it.
 */
export async function removeSuppression(
  deps: Pick<Services, 'prisma' | 'clock'>,
  workspaceId: string,
  phoneNumberInput: string,
): Promise<TSuppression> {
  const phoneNumber = requireE164(phoneNumberInput);
  const at = new Date(deps.clock.now());
  const key = { workspaceId_phoneNumber: { workspaceId, phoneNumber } };
  return deps.prisma.$transaction(async (tx) => {
    await tx.workspaceSuppression.updateMany({
      where: { workspaceId, phoneNumber, active: true, source: removableSuppressionSource },
      data: { active: false, updatedAt: at },
    });
    const row = await tx.workspaceSuppression.findUnique({ where: key });
    if (!row) throw suppressionNotFound();
    if (row.active) {
      throw new AppError('suppression_not_removable', {
        ...(row.source === 'operator'
          ? { message: 'The service operator added this suppression; only the operator can lift it.' }
          : {}),
        extra: { phone_number: row.phoneNumber, source: row.source },
      });
    }
    return toSuppression(row);
  });
}
