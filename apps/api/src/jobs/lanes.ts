import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import type { JobDefinition, QueueName } from './define.ts';
import { errorText } from './error-text.ts';

/**
 * Queues whose jobs share a limit on how many run at once in this process: one lane for every
 * queue without a concurrency of its own (JOB_CONCURRENCY), one per queue with one.
 */
export type Lane = {
  readonly queues: QueueName[];
  readonly limit: number;
  readonly ownConcurrency: boolean;
  inFlight: number;
  /** Scaled mode: rows waiting for a free slot, first come first served. */
  readonly waiting: (() => void)[];
};

/** This process's lanes and the jobs running in them. */
export type Lanes = {
  readonly all: readonly Lane[];
  of(queue: QueueName): Lane | undefined;
  /** Slots of the lane not in use. */
  free(lane: Lane): number;
  /** Resolves once the lane has a free slot. */
  slot(lane: Lane): Promise<void>;
  /** Counts `work` against the lane until it settles; a failure of its bookkeeping is logged, not thrown. */
  track(work: Promise<void>, lane: Lane): void;
  /** Whether any tracked job is still running. */
  busy(): boolean;
  /** Waits for every job running now. */
  settled(): Promise<void>;
};

function lanesOf(definitions: Iterable<JobDefinition>, config: Config): Lane[] {
  const shared: Lane = { queues: [], limit: config.jobConcurrency, inFlight: 0, ownConcurrency: false, waiting: [] };
  const own: Lane[] = [];
  for (const definition of definitions) {
    const limit = definition.concurrency?.(config);
    if (limit === undefined) shared.queues.push(definition.queue);
    else own.push({ queues: [definition.queue], limit, inFlight: 0, ownConcurrency: true, waiting: [] });
  }
  return shared.queues.length > 0 ? [shared, ...own] : own;
}

/**
 * Every job this process works on is tracked, so drain() and stop() can wait for it.
 * `onSlotFreed` hears of each job that ends, after its slot went to the first row waiting for one.
 */
export function createLanes(
  definitions: Iterable<JobDefinition>,
  config: Config,
  options: { log: Logger; onSlotFreed(lane: Lane): void },
): Lanes {
  const all = lanesOf(definitions, config);
  const byQueue = new Map(all.flatMap((lane) => lane.queues.map((queue) => [queue, lane] as const)));
  const inFlight = new Set<Promise<void>>();

  return {
    all,
    of: (queue) => byQueue.get(queue),
    free: (lane) => lane.limit - lane.inFlight,
    async slot(lane) {
      while (lane.inFlight >= lane.limit) await new Promise<void>((resolve) => lane.waiting.push(resolve));
    },
    track(work, lane) {
      const tracked = work.catch((error: unknown) => options.log.error({ err: errorText(error) }, 'job bookkeeping failed'));
      inFlight.add(tracked);
      lane.inFlight += 1;
      void tracked.finally(() => {
        inFlight.delete(tracked);
        lane.inFlight -= 1;
        lane.waiting.shift()?.();
        options.onSlotFreed(lane);
      });
    },
    busy: () => inFlight.size > 0,
    async settled() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
