import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { NumberLookup } from '../../ports.ts';

/**
 * The sandbox carrier's line-type lookup, decided by the number alone (the table is in
 * docs/quick-start.md): in any US area code, 555-0190 to 555-0194 are landlines and 555-0195 to
 * 555-0199 VoIP; toll-free area codes are toll_free; any other valid number is mobile.
 */
export function sandboxLookup(phoneNumber: string): NumberLookup {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed?.isValid()) return { country: parsed?.country ?? null, lineType: 'unknown', carrier: null, valid: false };
  const country = parsed.country ?? null;
  if (parsed.getType() === 'TOLL_FREE') return { country, lineType: 'toll_free', carrier: 'Sandbox Toll-Free', valid: true };
  const line = country === 'US' ? /^\d{3}5550(19\d)$/.exec(parsed.nationalNumber)?.[1] : undefined;
  if (line !== undefined && Number(line) <= 194)
    return { country, lineType: 'landline', carrier: 'Sandbox Landline', valid: true };
  if (line !== undefined) return { country, lineType: 'voip', carrier: 'Sandbox VoIP', valid: true };
  return { country, lineType: 'mobile', carrier: 'Sandbox Mobile', valid: true };
}
