import type { Config } from '../../config.ts';
import { countryOf } from '../../lib/phone.ts';

/**
 * Whether the carrier blocks traffic to this recipient from senders whose registration is not
 * approved: US carriers do for application-to-person SMS (10DLC, toll-free verification). The
 * sandbox carrier delivers to no real phone and registers nothing, so it requires nothing.
 */
export function registrationRequired(config: Pick<Config, 'messagingProvider'>, phoneNumber: string): boolean {
  return config.messagingProvider !== 'sandbox' && countryOf(phoneNumber) === 'US';
}
