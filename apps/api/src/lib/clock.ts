/** Time source, injectable so tests can move time without sleeping. */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests advance by hand. */
export function manualClock(start = Date.now()): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

/** The UTC calendar day of an instant, `YYYY-MM-DD`: the period of the daily spend cap. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
