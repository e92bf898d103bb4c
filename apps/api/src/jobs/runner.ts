import type { Db } from '@textline/db';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { Services } from '../services.ts';
import { type BullTransport, createBullTransport } from './bullmq.ts';
import type { JobContext, JobDefinition, QueueName } from './define.ts';
import {
  buryJob,
  type ClaimedJob,
  claimDueJobs,
  claimJobById,
  completeJob,
  dueJobs,
  releaseOrphanedJobs,
  retryJob,
} from './store.ts';

export type JobRunner = {
  /**
   * Prompts workers after a commit that enqueued jobs. Passing the job ids lets the scaled mode
   * hand them to BullMQ directly; without them it looks the due rows up.
   */
  wake(queue: QueueName, ...jobIds: string[]): void;
  /** Starts this process's workers (main.ts when RUN_WORKERS, worker-main.ts, the test harness). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs due jobs in this process until none is due or in flight: a deterministic wait for tests. */
  drain(): Promise<void>;
};

type RunnerDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  /** The kinds of job this runner works on (jobs/handlers.ts); rows of other queues are left alone. */
  definitions: readonly JobDefinition[];
  /** Jobs receive the whole service set, which is built after the runner. */
  services: () => Services;
};

const SWEEP_BATCH = 500;
const MAX_DRAIN_ROUNDS = 10_000;
// The most often this process sends woken job ids to BullMQ (see scheduleFlush).
export const WAKE_INTERVAL_MS = 10;

/** 1 s, 2 s, 4 s, ... capped at 5 minutes. */
function exponentialBackoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 300_000);
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** One line naming each part of a payload that does not match its job's schema. */
function payloadMismatch(queue: QueueName, error: z.ZodError): string {
  const issues = error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'payload'}: ${issue.message}`,
  );
  return errorText(`the payload does not match the ${queue} job's schema (${issues.join('; ')})`);
}

function definitionsByQueue(definitions: readonly JobDefinition[]): Map<QueueName, JobDefinition> {
  const byQueue = new Map<QueueName, JobDefinition>();
  for (const definition of definitions) {
    if (byQueue.has(definition.queue)) throw new Error(`two job definitions for the ${definition.queue} queue`);
    byQueue.set(definition.queue, definition);
  }
  return byQueue;
}

export function createJobRunner(deps: RunnerDeps): JobRunner {
  const { config, log } = deps;
  const prisma = deps.db.prisma;
  const definitions = definitionsByQueue(deps.definitions);
  const handledQueues = [...definitions.keys()];
  const inFlight = new Set<Promise<void>>();
  const bull: BullTransport | undefined = config.redisUrl
    ? createBullTransport({ redisUrl: config.redisUrl, prefix: config.redisKeyPrefix, concurrency: config.jobConcurrency, log })
    : undefined;

  // Due times, leases and backoff all read the service clock, so tests can move time by hand.
  const now = () => new Date(deps.clock.now());
  const lease = (at: Date) => new Date(at.getTime() + config.jobLeaseMs);

  async function execute(job: ClaimedJob): Promise<void> {
    const definition = definitions.get(job.queue);
    if (!definition) return;
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) {
      // No retry could make it parse: the row stays, dead, with the reason, for someone to look at.
      const reason = payloadMismatch(job.queue, parsed.error);
      log.error(
        { jobId: job.id, queue: job.queue, attempt: job.attempts, err: reason },
        'job payload does not match its schema; not retried',
      );
      await buryJob(prisma, job, { now: now(), error: reason });
      return;
    }
    const maxAttempts = definition.maxAttempts ?? config.jobMaxAttempts;
    const context: JobContext = {
      id: job.id,
      queue: job.queue,
      attempt: job.attempts,
      isLastAttempt: job.attempts >= maxAttempts,
    };
    try {
      await definition.run(deps.services(), parsed.data, context);
    } catch (error) {
      const at = now();
      const reason = errorText(error);
      const fields = { jobId: job.id, queue: job.queue, attempt: job.attempts, err: reason };
      if (context.isLastAttempt) {
        log.error(fields, 'job failed for the last time');
        await buryJob(prisma, job, { now: at, error: reason });
      } else {
        const delay = (definition.retryDelayMs ?? exponentialBackoffMs)(job.attempts);
        log.warn({ ...fields, retryInMs: delay }, 'job failed; will retry');
        await retryJob(prisma, job, { now: at, runAt: new Date(at.getTime() + delay), error: reason });
      }
      return;
    }
    await completeJob(prisma, job, now());
  }

  /** Every job this process works on is tracked, so drain() and stop() can wait for it. */
  function track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => log.error({ err: errorText(error) }, 'job bookkeeping failed'));
    inFlight.add(tracked);
    void tracked.finally(() => {
      inFlight.delete(tracked);
      poller.poke();
    });
  }

  async function claimAndRun(limit: number): Promise<number> {
    if (handledQueues.length === 0 || limit <= 0) return 0;
    const at = now();
    const claimed = await claimDueJobs(prisma, { queues: handledQueues, limit, now: at, leaseUntil: lease(at) });
    for (const job of claimed) track(execute(job));
    return claimed.length;
  }

  /** The worker without Redis (embedded mode): claims due rows whenever woken, and every sweep interval. */
  const poller = (() => {
    let running = false;
    let woken = false;
    let wakeUp: (() => void) | undefined;
    let loop: Promise<void> | undefined;

    async function run(): Promise<void> {
      while (running) {
        woken = false;
        const free = config.jobConcurrency - inFlight.size;
        let claimed = 0;
        try {
          claimed = await claimAndRun(free);
        } catch (error) {
          log.error({ err: errorText(error) }, 'claiming jobs failed');
        }
        // A full batch suggests more are due; otherwise sleep until woken or the next sweep.
        if (claimed > 0 && claimed === free) continue;
        // wake() and stop() change both while the claim above is awaited, which TypeScript's narrowing cannot see.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
        if (woken || !running) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, config.jobSweepIntervalMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    }

    return {
      start() {
        running = true;
        loop = run();
      },
      poke() {
        woken = true;
        wakeUp?.();
      },
      async stop() {
        running = false;
        wakeUp?.();
        await loop;
      },
    };
  })();

  /** The scaled mode's safety net: hands every due row to BullMQ again (duplicates are ignored). */
  async function sweep(queues: readonly QueueName[]): Promise<void> {
    if (!bull) return;
    const due = await dueJobs(prisma, { queues, now: now(), limit: SWEEP_BATCH });
    for (const queue of queues)
      await bull.enqueue(
        queue,
        due.filter((job) => job.queue === queue),
      );
  }

  let sweepTimer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;

  function warnOnFailure(work: Promise<void>, message: string): void {
    work.catch((error: unknown) => log.warn({ err: errorText(error) }, message));
  }

  // A burst of wakes without ids costs one look-up in flight per queue plus at most one after it.
  const sweepsInFlight = new Map<QueueName, { again: boolean }>();
  function sweepSoon(queue: QueueName): void {
    const inFlightSweep = sweepsInFlight.get(queue);
    if (inFlightSweep) {
      inFlightSweep.again = true;
      return;
    }
    const state = { again: false };
    sweepsInFlight.set(queue, state);
    const work = (async () => {
      do {
        state.again = false;
        await sweep([queue]);
        // Set by a wake that came while the sweep above was awaited, which TypeScript's narrowing cannot see.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      } while (state.again);
    })().finally(() => sweepsInFlight.delete(queue));
    warnOnFailure(work, 'could not wake workers');
  }

  // Woken job ids go to BullMQ together, at most once per WAKE_INTERVAL_MS: a wake after a quiet
  // spell goes at once (the next timer tick), while under load the ids of many requests share
  // each BullMQ job, whose add costs this process a tenth of a millisecond and Redis a script run.
  const wokenIds = new Map<QueueName, string[]>();
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let flushTimer: NodeJS.Timeout | undefined;
  function flushWokenIds(transport: BullTransport): Promise<unknown> {
    flushTimer = undefined;
    lastFlushAt = performance.now();
    const sent = [...wokenIds].map(([queue, ids]) => transport.wake(queue, ids));
    wokenIds.clear();
    // Best effort: if Redis is unavailable the sweeper enqueues the rows later.
    for (const work of sent) warnOnFailure(work, 'could not wake workers');
    return Promise.allSettled(sent);
  }
  function scheduleFlush(transport: BullTransport): void {
    if (flushTimer) return;
    const waitMs = lastFlushAt + WAKE_INTERVAL_MS - performance.now();
    // Each send's failure is logged in flushWokenIds, and allSettled never rejects.
    flushTimer = setTimeout(() => void flushWokenIds(transport), Math.max(0, waitMs));
  }

  return {
    wake(queue, ...jobIds) {
      if (!bull) {
        poller.poke();
        return;
      }
      // Once stop() has begun, BullMQ is closing: the rows wait for a sweep (another worker's, or
      // this process's next start) instead of failing to reach a closed connection.
      if (stopping) return;
      if (jobIds.length === 0) {
        sweepSoon(queue);
        return;
      }
      scheduleFlush(bull);
      const ids = wokenIds.get(queue);
      if (ids) ids.push(...jobIds);
      else wokenIds.set(queue, [...jobIds]);
    },

    async start() {
      if (started) return;
      started = true;
      if (!bull) {
        if (deps.db.kind === 'pglite') await releaseOrphanedJobs(prisma, now());
        poller.start();
        return;
      }
      bull.startWorkers(handledQueues, async (jobId) => {
        const at = now();
        const work = claimJobById(prisma, jobId, { now: at, leaseUntil: lease(at) }).then((job) => job && execute(job));
        track(work);
        await work;
      });
      const sweepAll = () => warnOnFailure(sweep(handledQueues), 'job sweep failed');
      sweepAll();
      sweepTimer = setInterval(sweepAll, config.jobSweepIntervalMs);
    },

    async stop() {
      stopping = true;
      if (bull) {
        clearTimeout(flushTimer);
        // Sent before BullMQ's connection closes under them.
        await flushWokenIds(bull);
      }
      clearInterval(sweepTimer);
      await poller.stop();
      await bull?.close();
      await Promise.allSettled([...inFlight]);
    },

    async drain() {
      for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
        await Promise.allSettled([...inFlight]);
        const claimed = await claimAndRun(config.jobConcurrency);
        if (claimed === 0 && inFlight.size === 0) return;
      }
      throw new Error('jobs kept becoming due: drain() gave up');
    },
  };
}
