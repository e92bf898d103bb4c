import { AppError, type TMessageItem } from '@textline/contract';
import { queryIsoRows } from '@textline/db';
import type { Services } from '../../ports.ts';
import { inboundById, outboundById } from './get.sql.ts';
import { inboundIdPrefix, type MessageItemRow, toMessageItem } from './items.ts';

/**
 * One message of the workspace, sent or received, in the message list's shape; another workspace's
 * id is simply not found. A hot read: straight on the driver, without Prisma's per-query work. One
 * statement either way: the id's prefix says which table holds it.
 */
export async function getMessage(deps: Pick<Services, 'sql' | 'config'>, workspaceId: string, id: string): Promise<TMessageItem> {
  const rows = id.startsWith(inboundIdPrefix)
    ? await queryIsoRows(deps.sql, inboundById, [id, workspaceId])
    : await queryIsoRows(deps.sql, outboundById, [id, workspaceId]);
  // The statements' direction and status columns are text; their values are the contract's.
  const [row] = rows as MessageItemRow[];
  if (!row) throw new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
  return toMessageItem(row, deps.config);
}
