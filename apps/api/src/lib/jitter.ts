/**
 * A retry delay moved at random by up to `percent` either way, so that the retries of work that
 * failed together (an endpoint's outage, a database restart) do not all come due at the same
 * instant. `random` is uniform in [0, 1), as Math.random.
 */
export function jittered(delayMs: number, percent: number, random: () => number = Math.random): number {
  if (percent === 0) return delayMs;
  const spread = percent / 100;
  return Math.round(delayMs * (1 - spread + 2 * spread * random()));
}
