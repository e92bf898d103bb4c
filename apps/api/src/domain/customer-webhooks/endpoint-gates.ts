import { performance } from 'node:perf_hooks';

/** An endpoint whose answer took longer than this, or whose oldest request in flight has waited longer, is slow. */
const SLOW_MS = 1_000;

/**
 * Frees the slot taken once the endpoint has answered, saying whether it accepted (2xx), or the
 * request failed; undefined when no request was made (the endpoint's pace put it off).
 */
export type ReleaseSlot = (accepted: boolean | undefined) => void;

/**
 * How many requests one worker process has in flight to each endpoint, so that a slow endpoint
 * cannot hold the slots every endpoint shares (WEBHOOK_CONCURRENCY):
 *
 * - An endpoint not known to be healthy gets `base` requests in flight (WEBHOOK_ENDPOINT_CONCURRENCY);
 *   one whose last answer was a 2xx within SLOW_MS and has no request waiting longer gets up to `max`
 *   (half of WEBHOOK_CONCURRENCY), so one busy, healthy endpoint can use most of the worker, while
 *   a failing one (resets, 5xx) is never sent more than `base` at once.
 * - A delivery that finds its endpoint's slots taken waits for one in memory (in its job's slot of
 *   WEBHOOK_CONCURRENCY, which bounds the waiting), unless the endpoint is slow: then `acquire`
 *   answers undefined and the delivery goes back to the queue.
 * - An endpoint that turns slow with deliveries waiting sends them back to the queue within SLOW_MS,
 *   so an endpoint that hangs holds the shared slots of its waiting deliveries at most that long.
 */
export function createEndpointGates(options: { base: number; max: number }) {
  type Gate = {
    /** Start times of the requests in flight, oldest first. */
    inFlight: Map<number, number>;
    waiting: ((release: ReleaseSlot | undefined) => void)[];
    /** undefined until the endpoint has answered in this process (since it was last idle). */
    lastAnswerSlow: boolean | undefined;
    /** Whether that answer was a 2xx. */
    lastAnswerAccepted: boolean;
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
    gate.lastAnswerSlow === false && gate.lastAnswerAccepted && !stuck(gate) ? Math.max(options.base, options.max) : options.base;

  function take(endpointId: string, gate: Gate): ReleaseSlot {
    const token = nextToken++;
    gate.inFlight.set(token, performance.now());
    let released = false;
    return (accepted) => {
      if (released) return;
      released = true;
      const started = gate.inFlight.get(token) ?? performance.now();
      gate.inFlight.delete(token);
      if (accepted !== undefined) {
        gate.lastAnswerSlow = performance.now() - started > SLOW_MS;
        gate.lastAnswerAccepted = accepted;
      }
      admit(endpointId, gate);
    };
  }

  /** Hands free slots to the deliveries waiting; sends them back to the queue if the endpoint is slow. */
  function admit(endpointId: string, gate: Gate): void {
    while (gate.inFlight.size < limit(gate)) {
      const waiter = gate.waiting.shift();
      if (!waiter) break;
      waiter(take(endpointId, gate));
    }
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
        gate = { inFlight: new Map(), waiting: [], lastAnswerSlow: undefined, lastAnswerAccepted: false, timer: undefined };
        gates.set(endpointId, gate);
      }
      if (gate.inFlight.size < limit(gate)) return Promise.resolve(take(endpointId, gate));
      if (slow(gate)) return Promise.resolve(undefined);
      const waitingGate = gate;
      return new Promise((resolve) => {
        waitingGate.waiting.push(resolve);
        watch(endpointId, waitingGate);
      });
    },
  };
}

export type EndpointGates = ReturnType<typeof createEndpointGates>;
