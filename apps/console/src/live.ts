// Types only, erased at build (see api.ts for why the console does not depend on the API package).
import type { LiveChange } from '../../api/src/live/changes.ts';

export type { LiveChange };

/** A change, or `reconnected`: the stream dropped and is back, so anything may have changed meanwhile. */
export type LiveSignal = LiveChange | 'reconnected';

type Listener = (signal: LiveSignal) => void;

const listeners = new Set<Listener>();
let source: EventSource | undefined;
let connectedBefore = false;

/**
 * The tab's one event stream (GET /console-events, authenticated by the session cookie), opened on
 * the first subscription and shared by every page. The browser reconnects a dropped stream by itself.
 */
function connect(): void {
  if (source) return;
  source = new EventSource('/console-events');
  source.addEventListener('ready', () => {
    if (connectedBefore) for (const listener of [...listeners]) listener('reconnected');
    connectedBefore = true;
  });
  source.addEventListener('change', (event) => {
    const change = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
    for (const listener of [...listeners]) listener(change);
  });
}

// A page left for another keeps its connections while the browser holds it in the back/forward
// cache: close the stream on the way out (each page load would otherwise hold one more of the
// browser's few connections per host, and of the session's streams), reopen it on the way back.
addEventListener('pagehide', () => {
  source?.close();
  source = undefined;
});
addEventListener('pageshow', (event) => {
  if (event.persisted && listeners.size > 0) connect();
});

/** Closes the stream (on sign-out: the next session opens its own). */
export function disconnectLive(): void {
  source?.close();
  source = undefined;
  connectedBefore = false;
}

/** Calls `listener` with each change of the workspace until the returned function is called. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  connect();
  return () => listeners.delete(listener);
}

/**
 * Keeps what `container` shows current without a reload or polling: runs `update` when a change
 * `relevant` says it shows arrives (or the stream reconnects), one run at a time (changes arriving
 * meanwhile cause one more run). Stops once `container` has left the page.
 */
export function followChanges(
  container: HTMLElement,
  relevant: (change: LiveChange) => boolean,
  update: () => Promise<void>,
): void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    // A failed refresh (a blip in the connection) is simply retried at the next change.
    void update()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again && container.isConnected) {
          again = false;
          run();
        }
      });
  };
  const unsubscribe = subscribeLive((signal) => {
    if (!container.isConnected) {
      unsubscribe();
      return;
    }
    if (signal === 'reconnected' || relevant(signal)) run();
  });
}
