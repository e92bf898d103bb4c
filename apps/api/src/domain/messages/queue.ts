import type { TQueue } from '@textline/contract';
import { queryRows } from '@textline/db';
import type { Services } from '../../ports.ts';
import { queuedBySender, queuedTotal } from './queue.sql.ts';

/**
 * How many of the workspace's messages wait for the carrier and when they are expected to be handed
 * over: each number's queue drains at its last message's estimated_send_at (its pace, as
 * accept_message_batch reserved the slots), never before now.
 */
export async function getQueue(deps: Pick<Services, 'sql' | 'clock'>, workspaceId: string): Promise<TQueue> {
  const now = deps.clock.now();
  const [senders, [total]] = await Promise.all([
    queryRows(deps.sql, queuedBySender, [workspaceId]),
    queryRows(deps.sql, queuedTotal, [workspaceId]),
  ]);
  const drainOf = (estimated: Date | null) => new Date(Math.max(estimated?.getTime() ?? now, now)).toISOString();
  const bySender = senders.map((sender) => ({
    sender_number: sender.senderNumber,
    queued: sender.queued,
    throughput_per_second: sender.throughputPerSecond,
    estimated_drain_at: drainOf(sender.lastEstimatedSendAt),
  }));
  const queued = total?.queued ?? 0;
  return {
    queued,
    oldest_queued_at: total?.oldestQueuedAt?.toISOString() ?? null,
    estimated_drain_at:
      queued === 0 ? null : bySender.map((sender) => sender.estimated_drain_at).reduce((a, b) => (a > b ? a : b), drainOf(null)),
    by_sender: bySender,
  };
}
