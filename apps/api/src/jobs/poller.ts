import type { Logger } from '../lib/logger.ts';
import { errorText } from './error-text.ts';
import type { Lane, Lanes } from './lanes.ts';

/** The embedded mode's worker loop: claims due rows whenever woken, and every sweep interval. */
export type Poller = {
  start(): void;
  /** Claims again for `lane`, or for every lane. */
  poke(lane?: Lane): void;
  /** One of the lane's jobs ended. */
  slotFreed(lane: Lane): void;
  stop(): Promise<void>;
};

export function createPoller(deps: {
  lanes: Lanes;
  /** Claims up to `limit` due rows of the lane and starts them; answers how many it claimed. */
  claimAndRun(lane: Lane, limit: number): Promise<number>;
  sweepIntervalMs: number;
  log: Logger;
}): Poller {
  const { lanes } = deps;
  let running = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  // The lanes to claim for on the next round: those woken, or with a slot freed, since the last.
  const due = new Set<Lane>(lanes.all);

  /** Claims for every due lane once; answers whether a lane took a full batch (so more are likely due). */
  async function claimRound(): Promise<boolean> {
    const toClaim = [...due];
    due.clear();
    let fullBatch = false;
    for (const lane of toClaim) {
      // A full lane is claimed for again when one of its jobs ends.
      const free = lanes.free(lane);
      if (free <= 0) continue;
      let claimed = 0;
      try {
        claimed = await deps.claimAndRun(lane, free);
      } catch (error) {
        deps.log.error({ err: errorText(error) }, 'claiming jobs failed');
      }
      if (claimed > 0 && claimed === free) {
        due.add(lane);
        fullBatch = true;
      }
    }
    return fullBatch;
  }

  /** Sleeps until woken, or until the sweep interval has passed (then every lane is due). */
  async function sleep(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        for (const lane of lanes.all) due.add(lane);
        resolve();
      }, deps.sweepIntervalMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = undefined;
  }

  async function run(): Promise<void> {
    while (running) {
      woken = false;
      if (await claimRound()) continue;
      // wake() and stop() change both while the claim above is awaited, which TypeScript's narrowing cannot see.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (woken || !running) continue;
      await sleep();
    }
  }

  function poke(lane?: Lane): void {
    if (lane) due.add(lane);
    else for (const each of lanes.all) due.add(each);
    woken = true;
    wakeUp?.();
  }

  return {
    start() {
      running = true;
      loop = run();
    },
    poke,
    slotFreed(lane) {
      // A lane of its own claims again once half its slots are free, so that under load each claim
      // takes many rows rather than one per job that ends (the sweep timer claims for it too).
      if (!lane.ownConcurrency || lane.inFlight <= lane.limit / 2) poke(lane);
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
  };
}
