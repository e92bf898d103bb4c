import type { TAllowedHours } from '@textline/contract';
import { recipientTimeZone } from '../../lib/recipient-time-zone.ts';
import { quietHoursRelease } from '../campaigns/quiet-hours.ts';
import { stateRuleOf } from './state-rules.ts';

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

function isSunday(instant: number, timeZone: string): boolean {
  let formatter = weekdayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' });
    weekdayFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(instant)) === 'Sun';
}

/** The window of one day: the workspace's, narrowed by the recipient's state law when asked. */
function windowAt(instant: number, allowedHours: TAllowedHours, phoneNumber: string, timeZone: string) {
  const rule = allowedHours.apply_state_rules ? stateRuleOf(phoneNumber) : undefined;
  if (!rule) return { start: allowedHours.start, end: allowedHours.end };
  const law = rule.sunday && isSunday(instant, timeZone) ? rule.sunday : rule;
  // HH:MM strings order as the times they name.
  return {
    start: law.start > allowedHours.start ? law.start : allowedHours.start,
    end: law.end < allowedHours.end ? law.end : allowedHours.end,
  };
}

/**
 * When a send made at `instant` to `phoneNumber` may go out under the workspace's allowed hours:
 * undefined when it may go out then (or the mode is off), else the next allowed minute, judged in the
 * recipient's local time (recipientTimeZone: by area code in North America).
 */
export function nextAllowedTime(instant: number, allowedHours: TAllowedHours, phoneNumber: string): number | undefined {
  if (allowedHours.mode === 'off') return undefined;
  const timeZone = recipientTimeZone(phoneNumber);
  let at = instant;
  // A window that opens later on the next day (a Sunday rule) moves the time once more; three
  // steps reach any window open on one of the next two days.
  for (let step = 0; step < 3; step += 1) {
    const window = windowAt(at, allowedHours, phoneNumber, timeZone);
    // The hours outside the window are quiet hours from its end to its start.
    const release = quietHoursRelease(at, { enabled: true, start: window.end, end: window.start, timezone: null }, timeZone);
    if (release === undefined) return at === instant ? undefined : at;
    at = release;
  }
  return at;
}
