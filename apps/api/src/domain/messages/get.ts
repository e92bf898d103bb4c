import { AppError, type TMessage } from '@textline/contract';
import type { Services } from '../../services.ts';
import { retryHintOf } from '../customer-webhooks/events.ts';

type MessageRow = Omit<TMessage, 'created_at' | 'retry'> & { created_at: Date };

/**
 * One message of the workspace in its status shape; another workspace's id is simply not found.
 * A failed one says why as its message.failed webhook does: error_code, and the retry hint when the
 * code is the catalogue's.
 */
export async function getMessage(deps: Pick<Services, 'sql'>, workspaceId: string, id: string): Promise<TMessage> {
  // A hot read: straight on the driver, since Prisma would cost as much CPU as the query itself.
  const [message] = await deps.sql.query<MessageRow>(
    'SELECT id, status::text, phone_number, segments, cost_cents, created_at, error_code FROM messages WHERE id = $1 AND workspace_id = $2',
    [id, workspaceId],
  );
  if (!message) throw new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
  const retry = message.error_code ? (retryHintOf(message.error_code).retry ?? null) : null;
  return { ...message, created_at: message.created_at.toISOString(), retry };
}
