import type { Logger } from '../lib/logger.ts';
import type { BullTransport } from './bullmq.ts';
import type { QueueName } from './define.ts';
import { errorText } from './error-text.ts';

// The most often this process sends woken job ids to BullMQ.
export const WAKE_INTERVAL_MS = 10;

/**
 * The scaled mode's wake-ups of rows just committed. Woken job ids go to BullMQ together, at most
 * once per WAKE_INTERVAL_MS: a wake after a quiet spell goes at once (the next timer tick), while
 * under load the ids of many requests share each BullMQ job, whose add costs this process a
 * command to build and Redis a script run. Best effort: if Redis is unavailable, the sweep
 * enqueues the rows later.
 */
export type Wakeups = {
  add(queue: QueueName, jobIds: readonly string[]): void;
  /** Sends what is waiting now (before BullMQ's connection closes); never rejects. */
  flush(): Promise<void>;
};

export function createWakeups(deps: { bull: BullTransport; log: Logger }): Wakeups {
  const waiting = new Map<QueueName, string[]>();
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    lastFlushAt = performance.now();
    const sent = [...waiting].map(([queue, ids]) =>
      deps.bull.wake(queue, ids).catch((error: unknown) => deps.log.warn({ err: errorText(error) }, 'could not wake workers')),
    );
    waiting.clear();
    await Promise.all(sent);
  }

  return {
    add(queue, jobIds) {
      if (!timer) {
        const waitMs = lastFlushAt + WAKE_INTERVAL_MS - performance.now();
        // flush() logs each send's failure and never rejects.
        timer = setTimeout(() => void flush(), Math.max(0, waitMs));
      }
      const ids = waiting.get(queue);
      if (ids) ids.push(...jobIds);
      else waiting.set(queue, [...jobIds]);
    },
    flush,
  };
}
