import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Services } from '../ports.ts';
import type { QueueName } from './queues.ts';

export { queueNames, type QueueName } from './queues.ts';

/** What a job's `run` learns about the attempt besides its payload. */
export type JobContext = {
  id: string;
  queue: QueueName;
  /** 1 on the first attempt. */
  attempt: number;
  /** A job that would rather record a final failure than be buried silently checks this. */
  isLastAttempt: boolean;
};

/**
 * One kind of job: the queue its rows go to, the schema of their payload, and the work. The runner
 * parses a row's payload with `payload` before calling `run`, so `run` gets it typed; a row whose
 * payload does not parse is buried at once with the reason, since no retry could make it parse.
 *
 * Delivery is at least once (a crash after the work but before the job is marked done repeats it),
 * so `run` must be idempotent. Throwing schedules a retry with backoff; after `maxAttempts`
 * (default JOB_MAX_ATTEMPTS) the job is marked `dead`.
 *
 * A payload is stored as JSON: its schema describes plain JSON data, and parses what it accepts to
 * the same shape (no transforms), since what `enqueue` writes is what `run` is given back.
 */
export type JobDefinition<Payload extends z.ZodType = z.ZodType> = {
  queue: QueueName;
  payload: Payload;
  // A method, so that a definition of any payload fits the runner's list of definitions.
  run(services: Services, payload: z.output<Payload>, context: JobContext): Promise<void>;
  maxAttempts?: number;
  retryDelayMs?(attempt: number): number;
  /**
   * Jobs of this queue one process runs at once, apart from the other queues (which share
   * JOB_CONCURRENCY), so a burst of them neither waits behind nor crowds out other work.
   */
  concurrency?(config: Config): number;
  /**
   * Rows of this queue are mostly written due later, each at a known time (a paced message's
   * dispatch at its sender's slot): in the scaled mode a timer claims and starts each in a worker
   * process when it comes due (due-timers.ts), rather than the next sweep handing it to BullMQ.
   */
  startWhenDue?: boolean;
};

/**
 * Thrown by `run` to put the job back, due again in `delayMs`, without counting the attempt: the work
 * could not start now for a reason that is not the job's fault (a busy endpoint), and holding the
 * worker's slot until it can would make other jobs wait.
 */
export class JobDeferred extends Error {
  constructor(readonly delayMs: number) {
    super(`deferred by ${delayMs} ms`);
  }
}

/** Declares a kind of job; list it in jobs/handlers.ts for workers to run it, and write its rows with `enqueue`. */
export function defineJob<Payload extends z.ZodType>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}
