import { parsePhoneNumberFromString } from 'libphonenumber-js';

// libphonenumber also accepts "tel:" prefixes, extensions and trailing letters; a recipient is a
// leading + and digits, optionally grouped with spaces, dots, hyphens or parentheses.
const internationalFormat = /^\+[\d ().-]+$/;

/** The E.164 form of an international phone number, or undefined when it is not a valid one. */
export function toE164(input: string): string | undefined {
  if (!internationalFormat.test(input)) return undefined;
  const parsed = parsePhoneNumberFromString(input);
  return parsed?.isValid() ? parsed.number : undefined;
}
