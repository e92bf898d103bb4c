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

/** A UTC day in milliseconds: JavaScript time has no leap seconds. */
export const DAY_MS = 86_400_000;
// The last day asked for: every send asks, nearly always for the same day.
let lastDay = { start: 0, end: 0, day: '1970-01-01' };

/** The UTC calendar day of an instant, `YYYY-MM-DD`: the period of the daily spend cap. */
export function utcDay(epochMs: number): string {
  if (epochMs < lastDay.start || epochMs >= lastDay.end) {
    const start = Math.floor(epochMs / DAY_MS) * DAY_MS;
    lastDay = { start, end: start + DAY_MS, day: new Date(start).toISOString().slice(0, 10) };
  }
  return lastDay.day;
}

/**
 * What a daily spend counter (a workspace's or a token's `spend_day` and `spend_today_cents`, kept by
 * accept_message_batch) has spent on the UTC day of `epochMs`: nothing if it was last moved on an earlier day.
 */
export function spentToday(counter: { spendDay: string; spendTodayCents: number }, epochMs: number): number {
  return counter.spendDay === utcDay(epochMs) ? counter.spendTodayCents : 0;
}
