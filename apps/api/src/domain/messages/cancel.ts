import { AppError, type TMessageItem } from '@textline/contract';
import type { AuthContext } from '../../auth/authenticator.ts';
import type { Services } from '../../ports.ts';
import { cancelHeldMessage } from '../approvals/approvals.ts';
import { getMessage } from './get.ts';
import { refundMessage } from './outcomes.ts';

type CancelDeps = Pick<Services, 'prisma' | 'sql' | 'clock' | 'live' | 'config' | 'jobs'>;

/**
 * `scheduled` -> `canceled` with its debit refunded, in one transaction. The status change is
 * conditional on `scheduled`, as dispatchJob's claim of the message is, so a cancel and the dispatch
 * at send_at cannot both take it: whichever commits second changes nothing. The dispatch job row
 * stays and finds the message canceled when it comes due.
 */
async function cancelScheduled(deps: CancelDeps, workspaceId: string, id: string): Promise<boolean> {
  const at = new Date(deps.clock.now());
  return deps.prisma.$transaction(async (tx) => {
    const changed = await tx.message.updateMany({
      where: { id, workspaceId, status: 'scheduled' },
      data: { status: 'canceled', updatedAt: at },
    });
    if (changed.count === 0) return false;
    await refundMessage(tx, await tx.message.findUniqueOrThrow({ where: { id } }), at, 'message canceled');
    return true;
  });
}

/**
 * Cancels a message of the workspace that has not gone out: a scheduled one, or one held for
 * approval (its approval then reads canceled, cancelHeldMessage). Either way it is canceled and
 * refunded once; whatever takes the message first (the dispatch at send_at, a person's approval, the
 * expiry) wins, and a cancel that comes second answers message_not_cancelable with the status the
 * message then has. Another workspace's id is not found.
 */
export async function cancelMessage(
  deps: CancelDeps,
  canceler: Pick<AuthContext, 'workspaceId' | 'origin' | 'tokenId'>,
  id: string,
): Promise<TMessageItem> {
  const { workspaceId } = canceler;
  const current = await deps.prisma.message.findFirst({ where: { id, workspaceId }, select: { status: true } });
  if (!current) throw new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
  const canceled =
    current.status === 'pending_approval'
      ? await cancelHeldMessage(deps, canceler, id)
      : await cancelScheduled(deps, workspaceId, id);
  if (!canceled) {
    const now = await deps.prisma.message.findFirstOrThrow({ where: { id, workspaceId }, select: { status: true } });
    throw new AppError('message_not_cancelable', {
      message: `Only a scheduled message or one waiting for approval can be canceled; this one is ${now.status}.`,
      extra: { current_status: now.status },
    });
  }
  deps.live.publish(workspaceId, { resource: 'message', id, status: 'canceled' });
  return getMessage(deps, workspaceId, id);
}
