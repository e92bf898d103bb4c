import type { TAllowedHours } from '@textline/contract';
import { recipientTimeZones } from '../../lib/recipient-time-zone.ts';
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

/**
 * The registered uses whose traffic the recipient waits for (a one-time code, a notice about their
 * account), so allowed hours never hold it: rule 6 of accept_message_batch names the same two.
 */
export const allowedHoursExemptUseCases: readonly string[] = ['two_factor_auth', 'account_notifications'];

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

/** Undefined when `instant` is inside the day's window in `timeZone`, else the instant the window opens there. */
function openingIn(instant: number, allowedHours: TAllowedHours, phoneNumber: string, timeZone: string): number | undefined {
  const window = windowAt(instant, allowedHours, phoneNumber, timeZone);
  // The hours outside the window are quiet hours from its end to its start.
  return quietHoursRelease(instant, { enabled: true, start: window.end, end: window.start, timezone: null }, timeZone);
}

/**
 * When a send made at `instant` to `phoneNumber` may go out under the workspace's allowed hours:
 * undefined when it may go out then (or the mode is off), else the next allowed minute, judged in the
 * recipient's local time (by area code in North America). Where an area code spans zones, the send
 * must be inside the window in every one of them: it opens with the zone that starts it last (the
 * westernmost) and closes with the one that ends it first.
 */
export function nextAllowedTime(instant: number, allowedHours: TAllowedHours, phoneNumber: string): number | undefined {
  if (allowedHours.mode === 'off') return undefined;
  const zones = recipientTimeZones(phoneNumber);
  let at = instant;
  // Each step moves to the latest opening among the zones that are closed. Windows an hour or two
  // apart overlap, so two steps reach the overlap; a window that opens later on the next day (a
  // Sunday rule) takes one more per zone. A window too short to overlap at all stops at a step's
  // opening, allowed in one zone at least.
  for (let step = 0; step < 2 + zones.length; step += 1) {
    const openings = zones.flatMap((zone) => openingIn(at, allowedHours, phoneNumber, zone) ?? []);
    if (openings.length === 0) return at === instant ? undefined : at;
    at = Math.max(...openings);
  }
  return at;
}
