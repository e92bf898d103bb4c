import type { Db } from '@textline/db';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Services } from '../services.ts';
import { type BullTransport, createBullTransport } from './bullmq.ts';
import { createKeyedBatcher } from '../lib/keyed-batcher.ts';
import { type JobContext, JobDeferred, type JobDefinition, type QueueName } from './define.ts';
import {
  buryJob,
  type ClaimedJob,
  claimDueJobs,
  claimJobById,
  claimJobsByIds,
  completeJob,
  completeJobs,
  deferJob,
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
  metrics?: Metrics | undefined;
  /** The kinds of job this runner works on (jobs/handlers.ts); rows of other queues are left alone. */
  definitions: readonly JobDefinition[];
  /** Jobs receive the whole service set, which is built after the runner. */
  services: () => Services;
};

const SWEEP_BATCH = 500;
// Job rows one claim-by-id or completion statement covers at most.
const ROW_BATCH = 500;
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

/**
 * Queues whose jobs share a limit on how many run at once in this process: one lane for every
 * queue without a concurrency of its own (JOB_CONCURRENCY), one per queue with one.
 */
type Lane = { queues: QueueName[]; limit: number; inFlight: number; ownConcurrency: boolean; waiting: (() => void)[] };

function lanesOf(definitions: Map<QueueName, JobDefinition>, config: Config): Lane[] {
  const shared: Lane = { queues: [], limit: config.jobConcurrency, inFlight: 0, ownConcurrency: false, waiting: [] };
  const own: Lane[] = [];
  for (const definition of definitions.values()) {
    const limit = definition.concurrency?.(config);
    if (limit === undefined) shared.queues.push(definition.queue);
    else own.push({ queues: [definition.queue], limit, inFlight: 0, ownConcurrency: true, waiting: [] });
  }
  return shared.queues.length > 0 ? [shared, ...own] : own;
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
  const lanes = lanesOf(definitions, config);
  const laneOf = new Map(lanes.flatMap((lane) => lane.queues.map((queue) => [queue, lane] as const)));
  const inFlight = new Set<Promise<void>>();
  const bull: BullTransport | undefined = config.redisUrl
    ? createBullTransport({ redisUrl: config.redisUrl, prefix: config.redisKeyPrefix, concurrency: config.jobConcurrency, log })
    : undefined;

  // Due times, leases and backoff all read the service clock, so tests can move time by hand.
  const now = () => new Date(deps.clock.now());
  const lease = (at: Date) => new Date(at.getTime() + config.jobLeaseMs);

  // Under load, the claims of rows BullMQ hands over together and the completions of jobs that end
  // together each go as one statement instead of one per job.
  const claimsById = createKeyedBatcher<string, ClaimedJob | null>({
    maxBatch: ROW_BATCH,
    async runAlone(id) {
      const at = now();
      return (await claimJobById(prisma, id, { now: at, leaseUntil: lease(at) })) ?? null;
    },
    async runBatch(ids) {
      const at = now();
      const claimed = new Map(
        (await claimJobsByIds(prisma, ids, { now: at, leaseUntil: lease(at) })).map((job) => [job.id, job]),
      );
      return ids.map((id) => claimed.get(id) ?? null);
    },
  });
  const completions = createKeyedBatcher<ClaimedJob, true>({
    maxBatch: ROW_BATCH,
    async runAlone(job) {
      await completeJob(prisma, job, now());
      return true;
    },
    async runBatch(jobs) {
      // The same row twice (a duplicate claim cannot happen, but one statement must not update a row twice): alone.
      const ids = new Set<string>();
      const unique = jobs.filter((job) => !ids.has(job.id) && ids.add(job.id));
      if (unique.length < jobs.length) return jobs.map(() => undefined);
      await completeJobs(prisma, jobs, now());
      return jobs.map(() => true as const);
    },
  });

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
      deps.metrics?.jobAttempts.inc({ queue: job.queue, outcome: 'dead' });
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
      if (error instanceof JobDeferred) {
        await deferJob(prisma, job, { now: at, runAt: new Date(at.getTime() + error.delayMs) });
        return;
      }
      const reason = errorText(error);
      const fields = { jobId: job.id, queue: job.queue, attempt: job.attempts, err: reason };
      if (context.isLastAttempt) {
        log.error(fields, 'job failed for the last time');
        await buryJob(prisma, job, { now: at, error: reason });
        deps.metrics?.jobAttempts.inc({ queue: job.queue, outcome: 'dead' });
      } else {
        const delay = (definition.retryDelayMs ?? exponentialBackoffMs)(job.attempts);
        log.warn({ ...fields, retryInMs: delay }, 'job failed; will retry');
        await retryJob(prisma, job, { now: at, runAt: new Date(at.getTime() + delay), error: reason });
        deps.metrics?.jobAttempts.inc({ queue: job.queue, outcome: 'retried' });
      }
      return;
    }
    await completions.run('done', job);
    deps.metrics?.jobAttempts.inc({ queue: job.queue, outcome: 'succeeded' });
  }

  /** Every job this process works on is tracked, so drain() and stop() can wait for it. */
  function track(work: Promise<void>, lane: Lane): void {
    const tracked = work.catch((error: unknown) => log.error({ err: errorText(error) }, 'job bookkeeping failed'));
    inFlight.add(tracked);
    lane.inFlight += 1;
    void tracked.finally(() => {
      inFlight.delete(tracked);
      release(lane);
      // A lane of its own claims again once half its slots are free, so that under load each claim
      // takes many rows rather than one per job that ends (the sweep timer claims for it too).
      if (!lane.ownConcurrency || lane.inFlight <= lane.limit / 2) poller.poke(lane);
    });
  }

  /** A slot of the lane is free again: the first row waiting for one (scaled mode) takes it. */
  function release(lane: Lane): void {
    lane.inFlight -= 1;
    lane.waiting.shift()?.();
  }

  async function claimAndRun(lane: Lane, limit: number): Promise<number> {
    if (limit <= 0) return 0;
    const at = now();
    const claimed = await claimDueJobs(prisma, { queues: lane.queues, limit, now: at, leaseUntil: lease(at) });
    for (const job of claimed) track(execute(job), lane);
    return claimed.length;
  }

  /**
   * Scaled mode, a queue with its own concurrency: waits for a free slot of its lane, claims the row
   * and starts it, without waiting for it to finish, so a BullMQ job's rows never wait for its
   * slowest one (an endpoint that hangs) while the lane has room for others. The claim is tracked
   * with the run: between the two, drain() would find the row neither due nor in flight.
   */
  async function startRow(jobId: string, lane: Lane): Promise<void> {
    while (lane.inFlight >= lane.limit) await new Promise<void>((resolve) => lane.waiting.push(resolve));
    track(claimAndExecute(jobId), lane);
  }

  async function claimAndExecute(jobId: string): Promise<void> {
    const job = await claimsById.run('claim', jobId);
    if (job) await execute(job);
  }

  /** The worker without Redis (embedded mode): claims due rows whenever woken, and every sweep interval. */
  const poller = (() => {
    let running = false;
    let woken = false;
    let wakeUp: (() => void) | undefined;
    let loop: Promise<void> | undefined;
    // The lanes to claim for on the next round: those woken, or with a slot freed, since the last.
    const due = new Set<Lane>(lanes);

    async function run(): Promise<void> {
      while (running) {
        woken = false;
        const toClaim = [...due];
        due.clear();
        let fullBatch = false;
        for (const lane of toClaim) {
          // A full lane is claimed for again when one of its jobs ends.
          const free = lane.limit - lane.inFlight;
          if (free <= 0) continue;
          let claimed = 0;
          try {
            claimed = await claimAndRun(lane, free);
          } catch (error) {
            log.error({ err: errorText(error) }, 'claiming jobs failed');
          }
          // A full batch suggests more are due; otherwise sleep until woken or the next sweep.
          if (claimed > 0 && claimed === free) {
            due.add(lane);
            fullBatch = true;
          }
        }
        if (fullBatch) continue;
        // wake() and stop() change both while the claim above is awaited, which TypeScript's narrowing cannot see.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
        if (woken || !running) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            for (const lane of lanes) due.add(lane);
            resolve();
          }, config.jobSweepIntervalMs);
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
      /** Claims again for `lane`, or for every lane. */
      poke(lane?: Lane) {
        if (lane) due.add(lane);
        else for (const each of lanes) due.add(each);
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
  // each BullMQ job, whose add costs this process a command to build and Redis a script run.
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
        poller.poke(laneOf.get(queue));
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
      bull.startWorkers(handledQueues, async (jobId, queue) => {
        const lane = laneOf.get(queue);
        if (!lane) return;
        if (lane.ownConcurrency) {
          await startRow(jobId, lane);
          return;
        }
        const work = claimAndExecute(jobId);
        track(work, lane);
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
        let claimed = 0;
        for (const lane of lanes) claimed += await claimAndRun(lane, lane.limit - lane.inFlight);
        if (claimed === 0 && inFlight.size === 0) return;
      }
      throw new Error('jobs kept becoming due: drain() gave up');
    },
  };
}
