import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.ts';
import type { QueueName } from './enqueue.ts';

/** A due job row as handed to BullMQ: its id and how many attempts it has had. */
export type DueJob = { id: string; attempts: number };

/**
 * The scaled mode's wake-up channel: one BullMQ queue per job queue, whose entries carry only the
 * job row's id. Redis holds no state of its own: workers claim the row in the database before
 * working, and a sweeper re-enqueues due rows, so a Redis flush or outage delays work but loses none.
 *
 * The BullMQ jobId is `<row id>-<attempts>`: the same attempt of a row is never waiting twice, while
 * the next attempt (after a failure, or after the lease of a worker that died mid-job expired) is
 * not blocked by the previous BullMQ job, which BullMQ itself may only find stalled much later.
 */
export type BullTransport = {
  enqueue(queue: QueueName, jobs: readonly DueJob[]): Promise<void>;
  startWorkers(queues: readonly QueueName[], processRow: (jobId: string) => Promise<void>): void;
  close(): Promise<void>;
};

export function createBullTransport(options: { redisUrl: string; prefix: string; concurrency: number; log: Logger }): BullTransport {
  // BullMQ needs maxRetriesPerRequest null on connections it blocks on; workers duplicate this one.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queues = new Map<QueueName, Queue>();
  const workers: Worker[] = [];

  function queueFor(name: QueueName): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix: options.prefix });
      queue.on('error', (error) => options.log.warn({ err: error, queue: name }, 'bullmq queue error'));
      queues.set(name, queue);
    }
    return queue;
  }

  return {
    async enqueue(queue, jobs) {
      if (jobs.length === 0) return;
      await queueFor(queue).addBulk(
        jobs.map((job) => ({
          name: queue,
          data: { rowId: job.id },
          opts: { jobId: `${job.id}-${job.attempts}`, removeOnComplete: true, removeOnFail: true },
        })),
      );
    },

    startWorkers(names, processRow) {
      for (const name of names) {
        const worker = new Worker(name, async (job) => processRow((job.data as { rowId: string }).rowId), {
          connection,
          prefix: options.prefix,
          concurrency: options.concurrency,
        });
        worker.on('error', (error) => options.log.warn({ err: error, queue: name }, 'bullmq worker error'));
        workers.push(worker);
      }
    },

    async close() {
      await Promise.allSettled(workers.map((worker) => worker.close()));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      connection.disconnect();
    },
  };
}
