import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.ts';
import type { QueueName } from './define.ts';

/** A due job row as handed to BullMQ: its id, how many attempts it has had and when it came due. */
export type DueJob = { id: string; attempts: number; runAt: Date };

// Rows woken together per BullMQ job: enough to make a busy turn of the event loop a few commands,
// few enough that a wake's last row does not wait long behind its first.
const WAKE_CHUNK = 16;

/**
 * How long a due row handed over by `enqueue` is not handed over again. A backlog keeps the same
 * oldest rows due in every sweep until a worker reaches them, and handing each over again every
 * sweep interval cost Redis a script run (and this process a command) per row per second, many
 * times the work itself: a loaded worker fell further behind the longer it was behind. A row that
 * came due anew (its next attempt, a retry, a deferral) is a new hand-over; after a lost connection
 * to Redis, everything is handed over again.
 */
const HANDED_OVER_MS = 30_000;
const handOverKey = (job: DueJob) => `${job.id}-${job.attempts}-${job.runAt.getTime()}`;

/**
 * Swept rows wait behind woken ones: BullMQ hands out every job without a priority before any with
 * one. Under a backlog, nearly every row a sweep finds is already waiting as a wake; in one list,
 * a fresh send after the backlog waited behind all those duplicates (seconds) though the workers
 * had nothing else to do. A row only a sweep knows of (a lost wake, a retry or deferral come due)
 * runs once the woken work is handed out.
 */
const SWEPT_PRIORITY = 1;

/** A BullMQ job's data: one due row (sweeps) or rows just committed (wakes). */
type WakeData = { rowId: string } | { rowIds: string[] };

/**
 * The scaled mode's wake-up channel: one BullMQ queue per job queue, whose entries carry only job
 * row ids. Redis holds no state of its own: workers claim the row in the database before
 * working, and a sweeper re-enqueues due rows, so a Redis flush or outage delays work but loses none.
 *
 * Due rows (the sweeper) go one BullMQ job per row, behind every wake (SWEPT_PRIORITY), with the
 * jobId `<row id>-<attempts>`: the same attempt of a row is never waiting twice, while the next
 * attempt (after a failure, or after the lease of a worker that died mid-job expired) is not
 * blocked by the previous BullMQ job, which BullMQ itself may only find stalled much later.
 *
 * Rows just committed (wake) go up to WAKE_CHUNK rows per BullMQ job: each BullMQ job costs Redis a
 * script run and the API a command of a dozen arguments: one BullMQ job per row would add both to
 * every send under load. A row in two BullMQ jobs (a wake and a sweep) is worked once: only one claim of it succeeds.
 */
export type BullTransport = {
  enqueue(queue: QueueName, jobs: readonly DueJob[]): Promise<void>;
  wake(queue: QueueName, rowIds: readonly string[]): Promise<void>;
  startWorkers(queues: readonly QueueName[], processRow: (jobId: string, queue: QueueName) => Promise<void>): void;
  close(): Promise<void>;
};

export function createBullTransport(options: {
  redisUrl: string;
  prefix: string;
  concurrency: number;
  log: Logger;
}): BullTransport {
  // BullMQ needs maxRetriesPerRequest null on connections it blocks on; workers duplicate this one.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queues = new Map<QueueName, Queue>();
  const workers: Worker[] = [];
  // Each row handed over (handOverKey), oldest first, with when.
  const handedOver = new Map<string, number>();
  // A Redis the connection lost may have lost what it held too.
  connection.on('close', () => handedOver.clear());

  /** The rows not handed over within HANDED_OVER_MS, now marked handed over. */
  function notHandedOver(jobs: readonly DueJob[]): DueJob[] {
    const now = performance.now();
    for (const [key, at] of handedOver) {
      if (now - at < HANDED_OVER_MS) break;
      handedOver.delete(key);
    }
    return jobs.filter((job) => {
      const key = handOverKey(job);
      if (handedOver.has(key)) return false;
      handedOver.set(key, now);
      return true;
    });
  }

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
    async enqueue(queue, due) {
      const jobs = notHandedOver(due);
      if (jobs.length === 0) return;
      try {
        await queueFor(queue).addBulk(
          jobs.map((job) => ({
            name: queue,
            data: { rowId: job.id },
            opts: {
              jobId: `${job.id}-${job.attempts}`,
              priority: SWEPT_PRIORITY,
              removeOnComplete: true,
              removeOnFail: true,
            },
          })),
        );
      } catch (error) {
        for (const job of jobs) handedOver.delete(handOverKey(job));
        throw error;
      }
    },

    async wake(queue, rowIds) {
      const chunks: string[][] = [];
      for (let start = 0; start < rowIds.length; start += WAKE_CHUNK) chunks.push(rowIds.slice(start, start + WAKE_CHUNK));
      // One add per chunk rather than addBulk: addBulk builds an ioredis pipeline, which copies every
      // script BullMQ defines onto itself, and that copy cost more than the adds it sent.
      await Promise.all(
        chunks.map((chunk) => queueFor(queue).add(queue, { rowIds: chunk }, { removeOnComplete: true, removeOnFail: true })),
      );
    },

    startWorkers(names, processRow) {
      // A wake's rows at once, so a slow one (an endpoint that hangs) does not hold up the others;
      // at most `concurrency` x WAKE_CHUNK rows are then in flight, except for queues whose
      // processRow returns once the row has started (a queue with its own concurrency, runner.ts).
      const processJob = async (data: WakeData, queue: QueueName) => {
        await Promise.all(('rowIds' in data ? data.rowIds : [data.rowId]).map((id) => processRow(id, queue)));
      };
      for (const name of names) {
        const worker = new Worker(name, async (job) => processJob(job.data as WakeData, name), {
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
