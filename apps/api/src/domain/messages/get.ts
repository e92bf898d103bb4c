import { AppError, type TMessage } from '@textline/contract';
import type { Services } from '../../services.ts';

/** One message of the workspace in its status shape; another workspace's id is simply not found. */
export async function getMessage(deps: Pick<Services, 'prisma'>, workspaceId: string, id: string): Promise<TMessage> {
  const message = await deps.prisma.message.findFirst({
    where: { id, workspaceId },
    select: { id: true, status: true, phoneNumber: true, segments: true, costCents: true, createdAt: true },
  });
  if (!message) throw new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
  return {
    id: message.id,
    status: message.status,
    phone_number: message.phoneNumber,
    segments: message.segments,
    cost_cents: message.costCents,
    created_at: message.createdAt.toISOString(),
  };
}
