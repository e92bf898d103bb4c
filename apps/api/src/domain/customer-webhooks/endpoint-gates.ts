import { performance } from 'node:perf_hooks';

/** An endpoint whose answer took longer than this, or whose oldest request in flight has waited longer, is slow. */
const SLOW_MS = 1_000;

/** Frees the slot taken; call it once the endpoint has answered (or the request failed). */
export type ReleaseSlot = () => void;

/**
 * How many requests one worker process has in flight to each endpoint, so that a slow endpoint
 * cannot hold the slots every endpoint shares (WEBHOOK_CONCURRENCY):
 *
 * - An endpoint not known to answer fast gets `base` requests in flight (WEBHOOK_ENDPOINT_CONCURRENCY);
 *   one whose last answer came within SLOW_MS and has no request waiting longer gets up to `max`
 *   (half of WEBHOOK_CONCURRENCY), so one busy, healthy endpoint can use most of the worker.
 * - A delivery that finds its endpoint's slots taken waits for one in memory, at most as many as
 *   the endpoint has slots, unless the endpoint is slow: then (and whenever the waiting would go
 *   beyond that) `acquire` answers undefined and the delivery goes back to the queue.
 * - An endpoint that turns slow with deliveries waiting sends them back to the queue within SLOW_MS.
 */
export function createEndpointGates(options: { base: number; max: number }) {
  type Gate = {
    /** Start times of the requests in flight, oldest first. */
    inFlight: Map<number, number>;
    waiting: ((release: ReleaseSlot | undefined) => void)[];
    /** undefined until the endpoint has answered in this process (since it was last idle). */
    lastAnswerSlow: boolean | undefined;
    timer: NodeJS.Timeout | undefined;
  };
  const gates = new Map<string, Gate>();
  let nextToken = 0;

  const stuck = (gate: Gate) => {
    const oldest = gate.inFlight.values().next();
    return !oldest.done && performance.now() - oldest.value > SLOW_MS;
  };
  const slow = (gate: Gate) => gate.lastAnswerSlow === true || stuck(gate);
  const limit = (gate: Gate) =>
    gate.lastAnswerSlow === false && !stuck(gate) ? Math.max(options.base, options.max) : options.base;

  function take(endpointId: string, gate: Gate): ReleaseSlot {
    const token = nextToken++;
    gate.inFlight.set(token, performance.now());
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const started = gate.inFlight.get(token) ?? performance.now();
      gate.inFlight.delete(token);
      gate.lastAnswerSlow = performance.now() - started > SLOW_MS;
      admit(endpointId, gate);
    };
  }

  /** Hands free slots to the deliveries waiting; sends them back to the queue if the endpoint is slow. */
  function admit(endpointId: string, gate: Gate): void {
    while (gate.waiting.length > 0 && gate.inFlight.size < limit(gate)) gate.waiting.shift()!(take(endpointId, gate));
    if (slow(gate)) for (const waiter of gate.waiting.splice(0)) waiter(undefined);
    if (gate.waiting.length === 0) {
      clearTimeout(gate.timer);
      gate.timer = undefined;
      // An idle endpoint's gate is dropped, so that the map holds only endpoints with work.
      if (gate.inFlight.size === 0) gates.delete(endpointId);
    }
  }

  /** While deliveries wait, checks every SLOW_MS whether the endpoint has turned slow. */
  function watch(endpointId: string, gate: Gate): void {
    if (gate.timer) return;
    gate.timer = setTimeout(() => {
      gate.timer = undefined;
      admit(endpointId, gate);
      if (gate.waiting.length > 0) watch(endpointId, gate);
    }, SLOW_MS);
    gate.timer.unref();
  }

  return {
    /** A slot of the endpoint (at once, or after waiting for one), or undefined: put the delivery back. */
    acquire(endpointId: string): Promise<ReleaseSlot | undefined> {
      let gate = gates.get(endpointId);
      if (!gate) {
        gate = { inFlight: new Map(), waiting: [], lastAnswerSlow: undefined, timer: undefined };
        gates.set(endpointId, gate);
      }
      if (gate.inFlight.size < limit(gate)) return Promise.resolve(take(endpointId, gate));
      if (slow(gate) || gate.waiting.length >= limit(gate)) return Promise.resolve(undefined);
      const waitingGate = gate;
      return new Promise((resolve) => {
        waitingGate.waiting.push(resolve);
        watch(endpointId, waitingGate);
      });
    },
  };
}

export type EndpointGates = ReturnType<typeof createEndpointGates>;
