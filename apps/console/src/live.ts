/** How often a page showing unfinished work asks again. */
export const LIVE_INTERVAL_MS = 2_000;

/**
 * Keeps a page current without a reload: runs `update` every ~2 s while `pending()` says something
 * shown can still change, the page is visible and `container` is still on screen. Stops by itself;
 * `wake()` starts it again (after an action that makes something pending). A hidden tab asks
 * nothing and catches up as soon as it is shown again.
 */
export function liveUpdates(
  container: HTMLElement,
  pending: () => boolean,
  update: () => Promise<void>,
  intervalMs = LIVE_INTERVAL_MS,
): { wake: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let updating = false;
  const onVisibility = () => {
    if (!document.hidden) wake();
  };
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', onVisibility);
  };
  function wake(): void {
    if (timer !== undefined || updating) return;
    if (!container.isConnected || !pending()) {
      stop();
      return;
    }
    // Registered once (the same listener), so a hidden page resumes when shown.
    document.addEventListener('visibilitychange', onVisibility);
    if (document.hidden) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!container.isConnected) {
        stop();
        return;
      }
      if (document.hidden) return;
      updating = true;
      // A failed refresh (a blip in the connection) is simply tried again at the next tick.
      void update()
        .catch(() => undefined)
        .finally(() => {
          updating = false;
          wake();
        });
    }, intervalMs);
  }
  return { wake };
}
