import type { SqlClient } from '@textline/db';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { jittered } from '../lib/jitter.ts';
import { createKeyedBatcher } from '../lib/keyed-batcher.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Services } from '../ports.ts';
import { type JobContext, JobDeferred, type JobDefinition, type QueueName } from './define.ts';
import { errorText } from './error-text.ts';
import { buryJob, type ClaimedJob, completeJob, completeJobs, deferJob, retryJob } from './store.ts';

// Job rows one completion statement covers at most.
const ROW_BATCH = 500;

/** 1 s, 2 s, 4 s, ... capped at 5 minutes. */
function exponentialBackoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 300_000);
}

/** One line naming each part of a payload that does not match its job's schema. */
function payloadMismatch(queue: QueueName, error: z.ZodError): string {
  const issues = error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'payload'}: ${issue.message}`,
  );
  return errorText(`the payload does not match the ${queue} job's schema (${issues.join('; ')})`);
}

/**
 * Runs one attempt of a claimed job and records how it ended: done, retried after a back-off (its
 * definition's, else exponential; either moved by RETRY_JITTER_PERCENT), deferred, or dead.
 */
export function createJobExecutor(deps: {
  config: Config;
  sql: SqlClient;
  now: () => Date;
  log: Logger;
  metrics?: Metrics | undefined;
  definitions: ReadonlyMap<QueueName, JobDefinition>;
  services: () => Services;
}): (job: ClaimedJob) => Promise<void> {
  const { config, sql, now, log } = deps;

  // Under load, the completions of jobs that end together go as one statement instead of one per job.
  const completions = createKeyedBatcher<ClaimedJob, true>({
    maxBatch: ROW_BATCH,
    async runAlone(job) {
      await completeJob(sql, job, now());
      return true;
    },
    async runBatch(jobs) {
      // The same row twice (a duplicate claim cannot happen, but one statement must not update a row twice): alone.
      const ids = new Set<string>();
      const unique = jobs.filter((job) => !ids.has(job.id) && ids.add(job.id));
      if (unique.length < jobs.length) return jobs.map(() => undefined);
      await completeJobs(sql, jobs, now());
      return jobs.map(() => true as const);
    },
  });

  async function bury(job: ClaimedJob, reason: string, at: Date): Promise<void> {
    await buryJob(sql, job, { now: at, error: reason });
    deps.metrics?.jobAttempts.inc({ queue: job.queue, outcome: 'dead' });
  }

  async function failed(job: ClaimedJob, definition: JobDefinition, context: JobContext, error: unknown): Promise<void> {
    const at = now();
    if (error instanceof JobDeferred) {
      await deferJob(sql, job, { now: at, runAt: new Date(at.getTime() + error.delayMs) });
      return;
    }
    const reason = errorText(error);
    const fields = { jobId: job.id, queue: job.queue, attempt: job.attempts, err: reason };
    if (context.isLastAttempt) {
      log.error(fields, 'job failed for the last time');
      await bury(job, reason, at);
      return;
    }
    const delay = jittered((definition.retryDelayMs ?? exponentialBackoffMs)(job.attempts), config.retryJitterPercent);
    log.warn({ ...fields, retryInMs: delay }, 'job failed; will retry');
    await retryJob(sql, job, { now: at, runAt: new Date(at.getTime() + delay), error: reason });
    deps.metrics?.jobAttempts.inc({ queue: job.queue, outcome: 'retried' });
  }

  return async function execute(job) {
    const definition = deps.definitions.get(job.queue);
    if (!definition) return;
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) {
      // No retry could make it parse: the row stays, dead, with the reason, for someone to look at.
      const reason = payloadMismatch(job.queue, parsed.error);
      log.error(
        { jobId: job.id, queue: job.queue, attempt: job.attempts, err: reason },
        'job payload does not match its schema; not retried',
      );
      await bury(job, reason, now());
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
      await failed(job, definition, context, error);
      return;
    }
    await completions.run('done', job);
    deps.metrics?.jobAttempts.inc({ queue: job.queue, outcome: 'succeeded' });
  };
}
