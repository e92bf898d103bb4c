/**
 * Resolves one turn of the event loop later (setImmediate), after the I/O waiting now. PGlite runs a
 * statement in this thread and a free one answers without leaving the microtask queue, so a loop of
 * statements that never waits for a turn keeps every request from being read until it ends.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
