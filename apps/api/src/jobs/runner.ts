import type { Db } from '@textline/db';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { JobRunner, Services } from '../ports.ts';
import { createBullTransport } from './bullmq.ts';
import { createClaims } from './claims.ts';
import { createDueTimers } from './due-timers.ts';
import type { JobDefinition, QueueName } from './define.ts';
import { createJobExecutor } from './execute.ts';
import { createLanes, type Lane } from './lanes.ts';
import { createPoller, type Poller } from './poller.ts';
import { releaseOrphanedJobs } from './store.ts';
import { createSweeper } from './sweep.ts';
import { createWakeups } from './wakeups.ts';

export { WAKE_INTERVAL_MS } from './wakeups.ts';

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

const MAX_DRAIN_ROUNDS = 10_000;

function definitionsByQueue(definitions: readonly JobDefinition[]): Map<QueueName, JobDefinition> {
  const byQueue = new Map<QueueName, JobDefinition>();
  for (const definition of definitions) {
    if (byQueue.has(definition.queue)) throw new Error(`two job definitions for the ${definition.queue} queue`);
    byQueue.set(definition.queue, definition);
  }
  return byQueue;
}

/**
 * The job rows are the queue (an outbox, see enqueue.ts); this runner claims them (claims.ts), runs
 * each in its lane (lanes.ts, execute.ts) and is woken when rows are committed. Embedded, it polls
 * the table itself when woken and every sweep interval (poller.ts). Scaled, BullMQ carries the
 * wake-ups between processes (wakeups.ts, bullmq.ts) and a sweep re-enqueues whatever is due
 * (sweep.ts), so Redis only ever delays work; rows due at known times later (paced dispatch) are
 * claimed and started by a timer when due (due-timers.ts).
 */
export function createJobRunner(deps: RunnerDeps): JobRunner {
  const { config, log } = deps;
  const sql = deps.db.sql;
  const definitions = definitionsByQueue(deps.definitions);
  // Due times, leases and backoff all read the service clock, so tests can move time by hand.
  const now = () => new Date(deps.clock.now());

  const claims = createClaims({ sql, now, leaseMs: config.jobLeaseMs });
  const execute = createJobExecutor({ ...deps, sql, now, definitions });
  let poller: Poller | undefined;
  const lanes = createLanes(definitions.values(), config, { log, onSlotFreed: (lane) => poller?.slotFreed(lane) });

  async function claimAndRun(lane: Lane, limit: number): Promise<number> {
    const claimed = await claims.due(lane.queues, limit);
    for (const job of claimed) lanes.track(execute(job), lane);
    return claimed.length;
  }

  async function claimAndExecute(jobId: string): Promise<void> {
    const job = await claims.byId(jobId);
    if (job) await execute(job);
  }

  let started = false;

  async function drain(): Promise<void> {
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
      await lanes.settled();
      let claimed = 0;
      for (const lane of lanes.all) claimed += await claimAndRun(lane, lanes.free(lane));
      if (claimed === 0 && !lanes.busy()) return;
    }
    throw new Error('jobs kept becoming due: drain() gave up');
  }

  if (!config.redisUrl) {
    const embedded = createPoller({ lanes, claimAndRun, sweepIntervalMs: config.jobSweepIntervalMs, log });
    poller = embedded;
    return {
      wake: (queue) => embedded.poke(lanes.of(queue)),
      async start() {
        if (started) return;
        started = true;
        if (deps.db.kind === 'pglite') await releaseOrphanedJobs(sql, now());
        embedded.start();
      },
      async stop() {
        await embedded.stop();
        await lanes.settled();
      },
      drain,
    };
  }

  const bull = createBullTransport({
    redisUrl: config.redisUrl,
    prefix: config.redisKeyPrefix,
    concurrency: config.jobConcurrency,
    log,
  });
  const handledQueues = [...definitions.keys()];
  const wakeups = createWakeups({ bull, log });
  const sweeper = createSweeper({ sql, bull, queues: handledQueues, now, intervalMs: config.jobSweepIntervalMs, log });
  const timedQueues = [...definitions.values()].filter((definition) => definition.startWhenDue).map(({ queue }) => queue);
  const dueTimers =
    timedQueues.length > 0
      ? createDueTimers({ sql, queues: timedQueues, now, intervalMs: config.jobSweepIntervalMs, start: startWhenDue, log })
      : undefined;
  let stopping = false;

  /**
   * A row BullMQ handed over. A queue with its own concurrency waits for a free slot of its lane,
   * claims the row and starts it, without waiting for it to finish, so a BullMQ job's rows never
   * wait for its slowest one (an endpoint that hangs) while the lane has room for others. The claim
   * is tracked with the run: between the two, drain() would find the row neither due nor in flight.
   */
  async function processRow(jobId: string, queue: QueueName): Promise<void> {
    const lane = lanes.of(queue);
    if (!lane) return;
    if (lane.ownConcurrency) {
      await lanes.slot(lane);
      lanes.track(claimAndExecute(jobId), lane);
      return;
    }
    const work = claimAndExecute(jobId);
    lanes.track(work, lane);
    await work;
  }

  /** A row a timer found due: claimed and run here once its lane has a free slot, as one BullMQ handed over. */
  function startWhenDue(jobId: string, queue: QueueName): void {
    const lane = lanes.of(queue);
    if (!lane) return;
    void lanes.slot(lane).then(() => {
      if (!stopping) lanes.track(claimAndExecute(jobId), lane);
    });
  }

  return {
    wake(queue, ...jobIds) {
      // Once stop() has begun, BullMQ is closing: the rows wait for a sweep (another worker's, or
      // this process's next start) instead of failing to reach a closed connection.
      if (stopping) return;
      if (jobIds.length === 0) sweeper.soon(queue);
      else wakeups.add(queue, jobIds);
    },
    async start() {
      if (started) return;
      started = true;
      bull.startWorkers(handledQueues, processRow);
      sweeper.start();
      dueTimers?.start();
    },
    async stop() {
      stopping = true;
      // Sent before BullMQ's connection closes under them.
      await wakeups.flush();
      sweeper.stop();
      dueTimers?.stop();
      await bull.close();
      await lanes.settled();
    },
    drain,
  };
}
