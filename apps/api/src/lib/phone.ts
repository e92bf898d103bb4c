import { parsePhoneNumberFromString } from 'libphonenumber-js';

// libphonenumber also accepts "tel:" prefixes, extensions and trailing letters; a recipient is a
// leading + and digits, optionally grouped with spaces, dots, hyphens or parentheses.
const internationalFormat = /^\+[\d ().-]+$/;

// Validating against the full metadata is a tenth of a send's CPU; recipients repeat (replies,
// conversations, retries), so recent answers are kept, a bounded number of them.
const RECENT_LIMIT = 10_000;
const recent = new Map<string, string | undefined>();

/** The E.164 form of an international phone number, or undefined when it is not a valid one. */
export function toE164(input: string): string | undefined {
  if (!internationalFormat.test(input)) return undefined;
  if (recent.has(input)) return recent.get(input);
  const parsed = parsePhoneNumberFromString(input);
  const e164 = parsed?.isValid() ? parsed.number : undefined;
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(input, e164);
  return e164;
}
