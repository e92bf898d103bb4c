import { AppError, type TMessage } from '@textline/contract';
import type { Services } from '../../services.ts';

/** One message of the workspace in its status shape; another workspace's id is simply not found. */
export async function getMessage(deps: Pick<Services, 'sql'>, workspaceId: string, id: string): Promise<TMessage> {
  // A hot read: straight on the driver, since Prisma would cost as much CPU as the query itself.
  const [message] = await deps.sql.query<{ id: string; status: string; phone_number: string; segments: number; cost_cents: number; created_at: Date }>(
    'SELECT id, status::text, phone_number, segments, cost_cents, created_at FROM messages WHERE id = $1 AND workspace_id = $2',
    [id, workspaceId],
  );
  if (!message) throw new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
  return { ...message, created_at: message.created_at.toISOString() };
}
