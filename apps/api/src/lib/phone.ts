import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { AppError, phoneNumberInputPattern } from '@textline/contract';

// libphonenumber also accepts "tel:" prefixes, extensions and trailing letters; a recipient is a
// leading + and digits, optionally grouped with spaces, dots, hyphens or parentheses (the contract's pattern).
const internationalFormat = phoneNumberInputPattern;

// Validating walks the full metadata of the number's country on every send; recipients repeat (replies,
// conversations, retries), so recent answers are kept, a bounded number of them.
const RECENT_LIMIT = 10_000;
const recent = new Map<string, string | undefined>();

/** The E.164 form of an international phone number, or undefined when it is not a valid one. */
export function toE164(input: string): string | undefined {
  if (!internationalFormat.test(input)) return undefined;
  if (recent.has(input)) return recent.get(input);
  const parsed = parsePhoneNumberFromString(input);
  const e164 = parsed?.isValid() ? parsed.number : undefined;
  if (recent.size >= RECENT_LIMIT) {
    const oldest = recent.keys().next().value;
    if (oldest !== undefined) recent.delete(oldest);
  }
  recent.set(input, e164);
  return e164;
}

/**
 * The E.164 form of a number the caller gave in `field` (a filter, a path), or 422
 * validation_failed naming that field.
 */
export function requireE164(input: string, field = 'phone_number'): string {
  const e164 = toE164(input);
  if (e164 === undefined) {
    throw new AppError('validation_failed', {
      message: `${field} must be a valid phone number in international E.164 format.`,
      extra: { issues: [{ path: field, message: 'must be a valid international number with a leading +, e.g. +14155550100' }] },
    });
  }
  return e164;
}

// What a carrier may write for a number: international, or national, grouped the usual ways.
const carrierFormat = /^\+?[\d ().-]+$/;

/**
 * The E.164 form of a number as a carrier may write it in a callback: international, or national in
 * the region of the first of `nearby` (E.164 numbers the event is about, e.g. the recipient and the
 * sender of its message) whose region is known, so 415-555-0182 near +14155550181 is +14155550182.
 * Undefined when it is not a valid number, or is national with no region to read it in.
 */
export function toE164Near(input: string, nearby: readonly (string | null | undefined)[]): string | undefined {
  const written = input.trim();
  if (!carrierFormat.test(written)) return undefined;
  if (written.startsWith('+')) return toE164(written);
  const region = nearby
    .map((number) => (number ? parsePhoneNumberFromString(number) : undefined))
    .find((parsed) => parsed !== undefined);
  if (!region) return undefined;
  const parsed = parsePhoneNumberFromString(written, {
    defaultCountry: region.country,
    defaultCallingCode: region.countryCallingCode,
  });
  return parsed?.isValid() ? parsed.number : undefined;
}

const recentCountries = new Map<string, string | null>();

/**
 * The ISO 3166-1 alpha-2 country of an E.164 number (a +1 number's by its area code), or null when
 * the number belongs to none (a non-geographic range). Kept like toE164's answers: every send asks.
 */
export function countryOf(e164: string): string | null {
  const known = recentCountries.get(e164);
  if (known !== undefined) return known;
  const country = parsePhoneNumberFromString(e164)?.country ?? null;
  if (recentCountries.size >= RECENT_LIMIT) {
    const oldest = recentCountries.keys().next().value;
    if (oldest !== undefined) recentCountries.delete(oldest);
  }
  recentCountries.set(e164, country);
  return country;
}
