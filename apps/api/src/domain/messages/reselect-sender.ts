import { type Message, queryRowsIn } from '@textline/db';
import { senderForRecipient } from './reselect-sender.sql.ts';
import type { Services } from '../../ports.ts';

type ReselectDeps = Pick<Services, 'prisma' | 'clock'>;

export type Reselected =
  /** The message now goes from this number. */
  | { kind: 'moved'; from: string }
  /** The workspace has no connected number left. */
  | { kind: 'no_sender' }
  /** The message changed meanwhile (canceled, claimed or moved by another dispatch): nothing was done. */
  | { kind: 'changed' };

/**
 * A new sender for a message waiting for dispatch whose stored sender no longer sends (the number
 * was released after the message was accepted): chosen by the rule accept_message_batch applies
 * (the connected number the recipient is sticky to, else the least recently used connected one),
 * recorded on the message, as the recipient's sticky sender and as that number's last use. The
 * message moves only if it is still as dispatch read it, so a concurrent cancel or dispatch wins.
 */
export async function reselectSender(
  deps: ReselectDeps,
  message: Pick<Message, 'id' | 'workspaceId' | 'phoneNumber' | 'status' | 'senderNumberId'>,
): Promise<Reselected> {
  const at = new Date(deps.clock.now());
  return deps.prisma.$transaction(async (tx): Promise<Reselected> => {
    const [sender] = await queryRowsIn(tx, senderForRecipient, [message.phoneNumber, message.workspaceId]);
    if (!sender) return { kind: 'no_sender' };
    const moved = await tx.message.updateMany({
      where: { id: message.id, status: message.status, senderNumberId: message.senderNumberId },
      data: { senderNumberId: sender.id, senderNumber: sender.number, updatedAt: at },
    });
    if (moved.count === 0) return { kind: 'changed' };
    if (!sender.sticky) {
      await tx.recipientSender.upsert({
        where: { workspaceId_phoneNumber: { workspaceId: message.workspaceId, phoneNumber: message.phoneNumber } },
        create: { workspaceId: message.workspaceId, phoneNumber: message.phoneNumber, phoneNumberId: sender.id, updatedAt: at },
        update: { phoneNumberId: sender.id, updatedAt: at },
      });
    }
    await tx.phoneNumber.update({ where: { id: sender.id }, data: { lastUsedAt: at } });
    return { kind: 'moved', from: sender.number };
  });
}
