import type { SqlClient } from '@textline/db';
import type { Logger } from '../lib/logger.ts';
import type { QueueName } from './define.ts';
import { errorText } from './error-text.ts';
import { type ClaimedAhead, type ClaimedJob, claimJobsAhead, completeJobs, releaseJobs } from './store.ts';

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
 * Those that ended well are marked done by the next claim's statement, which spares each its own
 * completion; a process that dies first leaves them to run again (and a dispatch run again finds its
 * message handed over already).
 */
export type Ahead = {
  start(): void;
  /** Starts now the rows held whose due time the service clock has reached (drain()); resolves once each has started. */
  startDue(): Promise<void>;
  /** Marks done now the rows that ended well since the last claim (drain()). */
  flush(): Promise<void>;
  /** Stops claiming and puts back the rows not started. */
  stop(): Promise<void>;
};

export function createAhead(deps: {
  sql: SqlClient;
  queues: readonly QueueName[];
  now: () => Date;
  intervalMs: number;
  leaseMs: number;
  /** Starts a row in this process, in its lane, recording its success with `markDone`; resolves once it has started. */
  start(job: ClaimedJob, markDone: (job: ClaimedJob) => void): Promise<void>;
  log: Logger;
}): Ahead {
  const { log } = deps;
  const held = new Map<string, { job: ClaimedAhead; timer: NodeJS.Timeout }>();
  let interval: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | undefined;
  let stopped = false;
  // Rows claimed ahead that ended well, to be marked done by the next statement.
  let ended: ClaimedJob[] = [];
  const markDone = (job: ClaimedJob) => void ended.push(job);
  const begin = (job: ClaimedJob) => deps.start(job, markDone);

  /** Starts the row when the service clock says it is due: a clock moved by hand (tests) is read again then. */
  function arm(job: ClaimedAhead): void {
    const untilDue = job.runAt.getTime() - deps.now().getTime();
    if (untilDue <= 0) {
      held.delete(job.id);
      void begin(job);
      return;
    }
    held.set(job.id, { job, timer: setTimeout(() => held.has(job.id) && arm(job), untilDue) });
  }

  async function claim(): Promise<void> {
    const room = Math.max(MAX_HELD - held.size, 0);
    if (room === 0 && ended.length === 0) return;
    const done = ended;
    ended = [];
    const now = deps.now();
    const horizon = new Date(now.getTime() + 2 * deps.intervalMs);
    let claimed: ClaimedAhead[];
    try {
      claimed = await claimJobsAhead(deps.sql, {
        queues: deps.queues,
        limit: room,
        now,
        horizon,
        leaseUntil: new Date(horizon.getTime() + deps.leaseMs),
        done,
      });
    } catch (error) {
      ended.push(...done);
      throw error;
    }
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
        starts.push(begin(job));
      }
      await Promise.all(starts);
    },
    async flush() {
      await claiming;
      const done = ended;
      ended = [];
      if (done.length > 0) await completeJobs(deps.sql, done, deps.now());
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
      const done = ended;
      ended = [];
      if (done.length > 0)
        await completeJobs(deps.sql, done, deps.now()).catch((error: unknown) =>
          log.warn({ err: errorText(error) }, 'could not mark jobs done; they run again after their lease'),
        );
      if (jobs.length === 0) return;
      await releaseJobs(deps.sql, jobs, deps.now()).catch((error: unknown) =>
        log.warn({ err: errorText(error) }, 'could not put back jobs claimed ahead; they wait for their lease'),
      );
    },
  };
}
