import type { SqlClient } from '@textline/db';
import type { Logger } from '../lib/logger.ts';
import type { BullTransport } from './bullmq.ts';
import type { QueueName } from './define.ts';
import { errorText } from './error-text.ts';
import { dueJobs } from './store.ts';

const SWEEP_BATCH = 500;

/**
 * The scaled mode's safety net: hands every due row to BullMQ again (duplicates are ignored; one
 * handed over lately is not handed over again, bullmq.ts), every sweep interval and whenever a queue
 * is woken without job ids. A row whose wake never reached
 * Redis, whose retry came due, or whose worker died is found here.
 */
export type Sweeper = {
  start(): void;
  /** Sweeps `queue` soon: a burst of calls costs one look-up in flight per queue plus at most one after it. */
  soon(queue: QueueName): void;
  stop(): void;
};

export function createSweeper(deps: {
  sql: SqlClient;
  bull: BullTransport;
  queues: readonly QueueName[];
  now: () => Date;
  intervalMs: number;
  log: Logger;
}): Sweeper {
  const { bull, log } = deps;
  let timer: NodeJS.Timeout | undefined;

  async function sweep(queues: readonly QueueName[]): Promise<void> {
    const due = await dueJobs(deps.sql, { queues, now: deps.now(), limit: SWEEP_BATCH });
    for (const queue of queues)
      await bull.enqueue(
        queue,
        due.filter((job) => job.queue === queue),
      );
  }

  const warnOnFailure = (work: Promise<void>, message: string) =>
    work.catch((error: unknown) => log.warn({ err: errorText(error) }, message));

  const inFlight = new Map<QueueName, { again: boolean }>();

  return {
    start() {
      const sweepAll = () => void warnOnFailure(sweep(deps.queues), 'job sweep failed');
      sweepAll();
      timer = setInterval(sweepAll, deps.intervalMs);
    },
    soon(queue) {
      const running = inFlight.get(queue);
      if (running) {
        running.again = true;
        return;
      }
      const state = { again: false };
      inFlight.set(queue, state);
      const work = (async () => {
        do {
          state.again = false;
          await sweep([queue]);
          // Set by a call that came while the sweep above was awaited, which TypeScript's narrowing cannot see.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
        } while (state.again);
      })().finally(() => inFlight.delete(queue));
      void warnOnFailure(work, 'could not wake workers');
    },
    stop() {
      clearInterval(timer);
    },
  };
}
