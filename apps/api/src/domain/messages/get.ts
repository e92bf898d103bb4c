import { AppError, type TMessageItem } from '@textline/contract';
import type { Services } from '../../ports.ts';
import { inboundIdPrefix, inboundItemColumns, type MessageItemRow, outboundItemColumns, toMessageItem } from './items.ts';

// A hot read: straight on the driver, without Prisma's per-query work on every read. One
// statement either way: the id's prefix says which table holds it.
export const outboundById = `SELECT ${outboundItemColumns} FROM messages m WHERE m.id = $1 AND m.workspace_id = $2`;
export const inboundById = `SELECT ${inboundItemColumns} FROM inbound_messages i WHERE i.id = $1 AND i.workspace_id = $2`;

/**
 * One message of the workspace, sent or received, in the message list's shape; another workspace's
 * id is simply not found.
 */
export async function getMessage(deps: Pick<Services, 'sql'>, workspaceId: string, id: string): Promise<TMessageItem> {
  const [row] = await deps.sql.query<MessageItemRow>(
    id.startsWith(inboundIdPrefix) ? inboundById : outboundById,
    [id, workspaceId],
    { timestamps: 'iso' },
  );
  if (!row) throw new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
  return toMessageItem(row);
}
