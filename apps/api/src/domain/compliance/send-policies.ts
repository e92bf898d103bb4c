import { AppError, type TMessagingSettings } from '@textline/contract';
import { countryOf } from '../../lib/phone.ts';
import type { Services } from '../../ports.ts';
import type { PolicyParameters } from '../messages/accept-queue.ts';
import { nextAllowedTime } from './allowed-hours.ts';
import { lookupNumber } from './lookups.ts';

export type PolicyDeps = Pick<Services, 'prisma' | 'clock'> & {
  messagingProvider: Pick<Services['messagingProvider'], 'label' | 'lookupNumber'>;
};

/**
 * Steps f to h of a send's shaping (the order of the send path: docs/architecture.md): f. the
 * destination country, g. the line type when the workspace refuses landlines, h. the recipient's
 * next allowed time. f and g answer refusals (a send stops at the first, a preview lists them all);
 * h and the pumping guard's threshold go to the SQL rules, which decide exemptions. An auto-reply
 * answers a message the number just sent, so where that number is and what line it is on were
 * settled by its writing: f and g do not apply to it.
 */
export async function sendPolicies(
  deps: PolicyDeps,
  settings: TMessagingSettings,
  send: { phoneNumber: string; at: number; autoReply: boolean },
): Promise<{ parameters: PolicyParameters; refusals: AppError[] }> {
  const refusals: AppError[] = [];
  if (!send.autoReply) {
    const country = countryOf(send.phoneNumber);
    if (country === null || !settings.allowed_countries.includes(country)) {
      refusals.push(
        new AppError('destination_not_allowed', {
          message: `The recipient's country (${country ?? 'none'}) is not in allowed_countries (${settings.allowed_countries.join(', ')}).`,
          extra: { country },
        }),
      );
    }
    if (settings.reject_landlines && (await lookupNumber(deps, send.phoneNumber)).line_type === 'landline') {
      refusals.push(new AppError('landline_destination'));
    }
  }
  const { quiet_hours: allowedHours, pumping_guard: guard } = settings;
  const nextAllowedAt = nextAllowedTime(send.at, allowedHours, send.phoneNumber);
  return {
    parameters: {
      pumping_guard_max: guard.enabled ? guard.max_new_numbers_per_hour : undefined,
      next_allowed_at: nextAllowedAt === undefined ? undefined : new Date(nextAllowedAt),
      allowed_hours_mode: nextAllowedAt === undefined || allowedHours.mode === 'off' ? undefined : allowedHours.mode,
    },
    refusals,
  };
}
