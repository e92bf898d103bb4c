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
 * What a phone number field accepts: a leading + and digits, optionally grouped with spaces, dots,
 * hyphens or parentheses. The API then checks it with a phone library (apps/api lib/phone.ts) and stores
 * the E.164 form.
 */
export const phoneNumberInputPattern = /^\+[\d ().-]+$/;

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
  .describe('Phone number in international E.164 format with leading +, e.g. +14155550100');

/** A phone number in an answer: always E.164. */
export const ZE164 = z.string().meta({ pattern: e164Pattern.source }).describe('Phone number in E.164 format');
