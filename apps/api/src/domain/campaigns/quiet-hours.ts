import type { TCampaignSettings } from '@textline/contract';

type QuietHours = TCampaignSettings['quiet_hours'];

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1_440;

const formatters = new Map<string, Intl.DateTimeFormat>();

function localMinuteOfDay(instant: number, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant));
  const part = (type: 'hour' | 'minute') => Number(parts.find((candidate) => candidate.type === type)?.value);
  return part('hour') * 60 + part('minute');
}

function minutesOf(clockTime: string): number {
  const [hours, minutes] = clockTime.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** `to - from` on a 24-hour dial, between -12 h and +12 h. */
function signedMinutesBetween(from: number, to: number): number {
  const forward = (to - from + DAY_MINUTES) % DAY_MINUTES;
  return forward > DAY_MINUTES / 2 ? forward - DAY_MINUTES : forward;
}

/**
 * When a step due at `now` may go out: undefined when `now` is outside quiet hours in `timeZone`,
 * else the instant quiet hours end there.
 */
export function quietHoursRelease(now: number, quietHours: QuietHours, timeZone: string): number | undefined {
  if (!quietHours.enabled) return undefined;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  const local = localMinuteOfDay(now, timeZone);
  const quiet = start < end ? local >= start && local < end : local >= start || local < end;
  if (!quiet) return undefined;
  // Zone offsets are whole minutes, so local minutes start where UTC minutes do.
  let release = now - (now % MINUTE_MS) + ((end - local + DAY_MINUTES) % DAY_MINUTES) * MINUTE_MS;
  // A daylight-saving change during the wait moves the local clock: correct by the difference.
  release += signedMinutesBetween(localMinuteOfDay(release, timeZone), end) * MINUTE_MS;
  return release > now ? release : now + MINUTE_MS;
}

/**
 * When a recipient who may be in any of `timeZones` (an area code spanning zones) is out of quiet
 * hours in every one of them: undefined when that is now. Each zone's release can fall into
 * another's quiet hours, so the latest release is checked again, a few times at most.
 */
export function quietHoursReleaseInZones(now: number, quietHours: QuietHours, timeZones: readonly string[]): number | undefined {
  let at = now;
  for (let round = 0; round < 4; round += 1) {
    const releases = timeZones.map((zone) => quietHoursRelease(at, quietHours, zone)).filter((release) => release !== undefined);
    if (releases.length === 0) return at > now ? at : undefined;
    at = Math.max(...releases);
  }
  return at;
}
