import { z } from 'zod';
import { ZScope } from './scopes.ts';

/** ISO 8601 UTC timestamp, e.g. 2026-11-21T10:00:00.000Z */
export const ZTimestamp = z.string().describe('ISO 8601 UTC timestamp');

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

/** E.164 phone number; parsed and normalised by the API with a phone library. */
export const ZPhoneNumber = z
  .string()
  .min(2)
  .max(20)
  .describe('Phone number in international E.164 format with leading +, e.g. +14155550100');
