import { AppError, type TMessageItem } from '@textline/contract';
import type { Services } from '../../ports.ts';
import { getMessage } from './get.ts';
import { refundMessage } from './outcomes.ts';

/**
 * Cancels a scheduled message of the workspace: `scheduled` -> `canceled` and its debit refunded, in
 * one transaction. The status change is conditional on `scheduled`, as dispatchJob's claim of the
 * message is, so a cancel and the dispatch at send_at cannot both take it: whichever commits second
 * changes nothing (the cancel then answers message_not_cancelable). The dispatch job row stays and
 * finds the message canceled when it comes due. Another workspace's id is not found.
 */
export async function cancelMessage(
  deps: Pick<Services, 'prisma' | 'sql' | 'clock' | 'live' | 'config'>,
  workspaceId: string,
  id: string,
): Promise<TMessageItem> {
  const at = new Date(deps.clock.now());
  const canceled = await deps.prisma.$transaction(async (tx) => {
    const changed = await tx.message.updateMany({
      where: { id, workspaceId, status: 'scheduled' },
      data: { status: 'canceled', updatedAt: at },
    });
    if (changed.count === 0) return false;
    await refundMessage(tx, await tx.message.findUniqueOrThrow({ where: { id } }), at, 'message canceled');
    return true;
  });
  if (!canceled) {
    const current = await deps.prisma.message.findFirst({ where: { id, workspaceId }, select: { status: true } });
    if (!current) throw new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
    throw new AppError('message_not_cancelable', {
      message: `Only a scheduled message can be canceled; this one is ${current.status}.`,
      extra: { current_status: current.status },
    });
  }
  deps.live.publish(workspaceId, { resource: 'message', id, status: 'canceled' });
  return getMessage(deps, workspaceId, id);
}
