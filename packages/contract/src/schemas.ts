import { z } from 'zod';
import { ZScope } from './scopes.ts';

/**
 * ISO 8601 UTC timestamp, e.g. 2026-11-21T10:00:00.000Z. `format` is documentation for openapi.json and
 * tool schemas (the service writes every one with toISOString), not a parse step on the way out.
 */
export const ZTimestamp = z.string().meta({ format: 'date-time' }).describe('ISO 8601 UTC timestamp');

export const ZUsername = z
  .string()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'use only letters, digits, underscore, dot and hyphen')
  .describe('3-64 letters, digits, _ . -; unique ignoring case');

export const ZPassword = z.string().min(12).max(256).describe('12-256 characters');

export const ZAccountCredentials = z.strictObject({ username: ZUsername, password: ZPassword });

export const ZToken = z.object({
  type: z.literal('Bearer'),
  access_token: z.string().describe('Bearer token beginning txt_; shown only once'),
  scopes: z.array(ZScope),
  expires_at: ZTimestamp,
});
export type TToken = z.infer<typeof ZToken>;

export const ZAccountCreated = z.object({
  account: z.object({ id: z.uuid(), username: z.string() }),
  backup_codes: z.array(z.string()).describe('One-time codes for console password reset; shown only here'),
  token: ZToken,
});
export type TAccountCreated = z.infer<typeof ZAccountCreated>;

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  mode: z.enum(['embedded', 'scaled']),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;

/**
 * What a phone number field accepts: a leading +, a country code not starting with 0, and at most 15
 * digits, optionally grouped by single spaces, dots or hyphens, with parenthesised groups such as
 * "+1 (415) 555-0100" or "+44 (0)20 7946 0958". Nothing before the + or after the last digit. The API
 * checks the same pattern, then validates the number with a phone library (apps/api lib/phone.ts) and
 * stores its E.164 form. Each group starts with a character the digits before it cannot match, so the
 * pattern runs in linear time.
 */
export const phoneNumberInputPattern = /^\+(?!(?:\D*\d){16})[1-9]\d*(?:(?:[ .-]|[ .-]?\(\d+\)[ .-]?)\d+)*$/;

/** E.164, as every phone number in an answer is written. */
export const e164Pattern = /^\+[1-9]\d{1,14}$/;

/**
 * A phone number the caller gives. The pattern is declared for schema readers; the runtime check is the
 * phone library's (a send must not parse the number twice).
 */
export const ZPhoneNumber = z
  .string()
  .min(2)
  .max(20)
  .meta({ pattern: phoneNumberInputPattern.source })
  .describe(
    'Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and ' +
      'parentheses between the digits are allowed and removed (+1 (415) 555-0100)',
  );

/** A phone number in an answer: always E.164. */
export const ZE164 = z.string().meta({ pattern: e164Pattern.source }).describe('Phone number in E.164 format');

/**
 * Text the service trims before checking its length, so white space alone is too short: the pattern
 * says so to schema readers (at least `min` characters between the first and the last that is not
 * white space; \s is what String.prototype.trim removes).
 */
export function ZTrimmedText(min: number, max: number) {
  const pattern = min <= 1 ? '\\S' : `\\S[\\s\\S]{${min - 2},}\\S`;
  return z.string().trim().min(min).max(max).meta({ pattern });
}

/**
 * JSON Schema patterns of an http(s) and an https URL, the scheme in any case as URL parsers read it
 * (a pattern carries no flags).
 */
export const httpUrlPattern = '^[Hh][Tt][Tt][Pp][Ss]?://';
export const httpsUrlPattern = '^[Hh][Tt][Tt][Pp][Ss]://';

// A number in the path is written as in a body and URL-encoded (+ is %2B). The API checks and
// normalises it (422 naming phone_number when it is not a number, not the 404 of a path parameter
// failing its schema), so the pattern is declared for schema readers only.
export const ZPhoneNumberInPath = z
  .string()
  .min(1)
  .max(64)
  .meta({ pattern: phoneNumberInputPattern.source })
  .describe(
    'The phone number in international format, URL-encoded in the path: +14155550100 is %2B14155550100 (spaces, ' +
      'dots, hyphens and parentheses are allowed as in a body)',
  );
