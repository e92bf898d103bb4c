import type { SqlClient } from '@textline/db';
import type { Logger } from '../lib/logger.ts';
import type { QueueName } from './define.ts';
import { errorText } from './error-text.ts';
import { dueSoon } from './store.ts';

// Timers one process keeps at most.
const MAX_TIMERS = 500;

/**
 * The scaled mode's start of rows due at known times later, for the queues whose definition asks for
 * it (`startWhenDue`: dispatch, whose paced rows are due one sender slot apart). Every sweep interval
 * one read finds the rows due within the next two intervals, and a timer hands each to `start` (which
 * claims it by id, as a BullMQ delivery, and runs it) when it comes due. A row found only once due
 * waits for the next sweep and then costs a BullMQ job (an add, a fetch, a completion); a number's
 * paced messages, each due alone, paid that per message. Nothing is held before it is due: every
 * process's timer, a sweep and drain() may reach for the row, the first claim takes it, and a stop or
 * a crash leaves it pending for the others.
 */
export type DueTimers = { start(): void; stop(): void };

export function createDueTimers(deps: {
  sql: SqlClient;
  queues: readonly QueueName[];
  now: () => Date;
  intervalMs: number;
  start(jobId: string, queue: QueueName): void;
  log: Logger;
}): DueTimers {
  const timers = new Map<string, NodeJS.Timeout>();
  let interval: NodeJS.Timeout | undefined;
  let reading = false;
  let stopped = false;

  async function read(): Promise<void> {
    const now = deps.now();
    const rows = await dueSoon(deps.sql, {
      queues: deps.queues,
      now,
      horizon: new Date(now.getTime() + 2 * deps.intervalMs),
      limit: MAX_TIMERS,
    });
    if (stopped) return;
    for (const { id, queue, runAt } of rows) {
      if (timers.has(id) || timers.size >= MAX_TIMERS) continue;
      // A clock moved by hand (tests) may not have reached the due time by then: the claim finds the row not due, and a later read arms it again.
      const timer = setTimeout(
        () => {
          timers.delete(id);
          deps.start(id, queue);
        },
        Math.max(runAt.getTime() - deps.now().getTime(), 0),
      );
      timers.set(id, timer);
    }
  }

  function readSoon(): void {
    if (reading) return;
    reading = true;
    void read()
      .catch((error: unknown) => deps.log.warn({ err: errorText(error) }, 'reading jobs due soon failed'))
      .finally(() => (reading = false));
  }

  return {
    start() {
      readSoon();
      interval = setInterval(readSoon, deps.intervalMs);
    },
    stop() {
      stopped = true;
      clearInterval(interval);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
