/*
 * A request that waits for a live change (live/changes.ts) without holding a database connection:
 * it subscribes, reads, and reads again each time a change wakes it, until what it waits for is
 * there, its deadline passes or its client goes away. wait_for_reply and an MCP elicitation for an
 * approval wait this way.
 */

/** Wakes the one waiter; a wake while nobody waits is kept for the next wait, so none is lost. */
export function wakeUps() {
  let pending = false;
  let waiter: (() => void) | undefined;
  return {
    wake() {
      if (waiter) waiter();
      else pending = true;
      waiter = undefined;
    },
    /** Forgets a kept wake: call it before a read, which sees whatever woke it. */
    clear() {
      pending = false;
    },
    next(): Promise<void> {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => (waiter = resolve));
    },
  };
}

/**
 * Passes after `ms`, or at once when `signal` aborts, also when it aborted before (the client may go
 * away while the wait takes its slot and subscribes); `cancel` clears its timer.
 */
export function deadline(ms: number, signal: AbortSignal | undefined, onPassed: () => void) {
  let passed = false;
  const pass = () => {
    passed = true;
    onPassed();
  };
  const timer = setTimeout(pass, ms);
  if (signal?.aborted) pass();
  else signal?.addEventListener('abort', pass, { once: true });
  return {
    passed: () => passed,
    cancel() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', pass);
    },
  };
}
