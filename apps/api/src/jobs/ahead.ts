import type { SqlClient } from '@textline/db';
import type { Logger } from '../lib/logger.ts';
import type { QueueName } from './define.ts';
import { errorText } from './error-text.ts';
import { type ClaimedAhead, type ClaimedJob, claimJobsAhead, releaseJobs } from './store.ts';

// Rows one process holds claimed ahead at most.
const MAX_HELD = 500;

/**
 * The scaled mode's rows claimed ahead, for the queues whose definition asks for it (`claimAhead`:
 * dispatch, whose paced rows are due one sender slot apart). Every sweep interval one statement claims
 * the rows due within the next two intervals, and a timer starts each in this process when it comes
 * due. A row found only once due costs a sweep's look-up, a BullMQ job (an add, a fetch, a completion)
 * and a claim of its own; a number's paced messages, each due alone, paid that per message. Rows
 * claimed ahead are `running`, so no sweep hands them to BullMQ and no other process claims them; a
 * process that dies leaves them to be claimed again when their lease (past the horizon) runs out.
 */
export type Ahead = {
  start(): void;
  /** Starts now the rows held whose due time the service clock has reached (drain()); resolves once each has started. */
  startDue(): Promise<void>;
  /** Stops claiming and puts back the rows not started. */
  stop(): Promise<void>;
};

export function createAhead(deps: {
  sql: SqlClient;
  queues: readonly QueueName[];
  now: () => Date;
  intervalMs: number;
  leaseMs: number;
  /** Starts a row in this process, in its lane; resolves once it has started. */
  start(job: ClaimedJob): Promise<void>;
  log: Logger;
}): Ahead {
  const { log } = deps;
  const held = new Map<string, { job: ClaimedAhead; timer: NodeJS.Timeout }>();
  let interval: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | undefined;
  let stopped = false;

  /** Starts the row when the service clock says it is due: a clock moved by hand (tests) is read again then. */
  function arm(job: ClaimedAhead): void {
    const untilDue = job.runAt.getTime() - deps.now().getTime();
    if (untilDue <= 0) {
      held.delete(job.id);
      void deps.start(job);
      return;
    }
    held.set(job.id, { job, timer: setTimeout(() => held.has(job.id) && arm(job), untilDue) });
  }

  async function claim(): Promise<void> {
    const room = MAX_HELD - held.size;
    if (room <= 0) return;
    const now = deps.now();
    const horizon = new Date(now.getTime() + 2 * deps.intervalMs);
    const claimed = await claimJobsAhead(deps.sql, {
      queues: deps.queues,
      limit: room,
      now,
      horizon,
      leaseUntil: new Date(horizon.getTime() + deps.leaseMs),
    });
    // stop() began while the claim was in flight, and has put back what it held already.
    if (stopped) await releaseJobs(deps.sql, claimed, deps.now());
    else for (const job of claimed) arm(job);
  }

  function claimSoon(): void {
    if (claiming) return;
    claiming = claim()
      .catch((error: unknown) => log.warn({ err: errorText(error) }, 'claiming jobs ahead failed'))
      .finally(() => (claiming = undefined));
  }

  return {
    start() {
      claimSoon();
      interval = setInterval(claimSoon, deps.intervalMs);
    },
    async startDue() {
      const now = deps.now().getTime();
      const starts: Promise<void>[] = [];
      for (const [id, { job, timer }] of held) {
        if (job.runAt.getTime() > now) continue;
        clearTimeout(timer);
        held.delete(id);
        starts.push(deps.start(job));
      }
      await Promise.all(starts);
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      await claiming;
      const jobs = [...held.values()].map(({ job, timer }) => {
        clearTimeout(timer);
        return job;
      });
      held.clear();
      if (jobs.length === 0) return;
      await releaseJobs(deps.sql, jobs, deps.now()).catch((error: unknown) =>
        log.warn({ err: errorText(error) }, 'could not put back jobs claimed ahead; they wait for their lease'),
      );
    },
  };
}
