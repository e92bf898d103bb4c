import { z } from 'zod';
import { defineConsoleOperation } from '../operation.ts';
import { ZPassword, ZTimestamp, ZUsername } from '../schemas.ts';
import { ZScope } from '../scopes.ts';

export const ZConsoleSession = z.object({
  account: z.object({ id: z.string(), username: z.string() }),
  workspace_id: z.string(),
  csrf_token: z.string().describe('Send it as the X-CSRF-Token header on every mutation'),
  expires_at: ZTimestamp,
});

export const signIn = defineConsoleOperation({
  name: 'console.signIn',
  method: 'POST',
  auth: { kind: 'none' },
  summary: 'Sign in to the console',
  description:
    'Checks username and password and sets the httpOnly session cookie. Failed attempts are limited per username and per client ' +
    'address (429 sign_in_rate_limited with Retry-After), whether or not the username exists; successful ones never count. ' +
    'Sent alone: a tRPC batch holding it with other calls is refused (400 batch_not_allowed).',
  input: z.strictObject({ username: z.string().min(1).max(64), password: z.string().min(1).max(256) }),
  output: ZConsoleSession,
  errors: ['sign_in_rate_limited', 'batch_not_allowed'],
  checksCredentials: true,
});

export const currentSession = defineConsoleOperation({
  name: 'console.session',
  method: 'GET',
  summary: 'The signed-in account',
  description: 'Who is signed in, with the CSRF token for mutations.',
  input: z.object({}),
  output: ZConsoleSession,
});

export const signOut = defineConsoleOperation({
  name: 'console.signOut',
  method: 'POST',
  summary: 'Sign out',
  description: 'Ends the session and clears the cookie.',
  input: z.object({}),
  output: z.object({ signed_out: z.literal(true) }),
});

export const resetPassword = defineConsoleOperation({
  name: 'console.resetPassword',
  method: 'POST',
  auth: { kind: 'none' },
  summary: 'Reset the password with a backup code',
  description:
    'Uses up one backup code, sets the new password and ends every console session of the account. Wrong codes count ' +
    'towards the failed sign-in limits (429 sign_in_rate_limited). Sent alone, as console.signIn.',
  input: z.strictObject({ username: z.string().min(1).max(64), backup_code: z.string().min(1).max(64), new_password: ZPassword }),
  output: z.object({ username: ZUsername, backup_codes_remaining: z.number().int() }),
  errors: ['validation_failed', 'sign_in_rate_limited', 'batch_not_allowed'],
  checksCredentials: true,
});

const ZApiToken = z.object({
  id: z.string(),
  name: z.string().nullable(),
  origin: z.string().describe('account_creation | api_key | oauth | legacy_migration'),
  scopes: z.array(ZScope),
  created_at: ZTimestamp,
  expires_at: ZTimestamp,
  last_used_at: ZTimestamp.nullable(),
  revoked_at: ZTimestamp.nullable(),
});

export const listApiTokens = defineConsoleOperation({
  name: 'apiTokens.list',
  method: 'GET',
  summary: 'List API tokens',
  description: 'Every txt_ token of the workspace (never the secret), newest first.',
  input: z.object({}),
  output: z.object({ tokens: z.array(ZApiToken) }),
});

export const revokeApiToken = defineConsoleOperation({
  name: 'apiTokens.revoke',
  method: 'POST',
  summary: 'Revoke an API token',
  description: 'The token stops working within seconds.',
  input: z.strictObject({ id: z.string().min(1).max(64) }),
  output: z.object({ token: ZApiToken }),
  errors: ['not_found'],
});

export const billingSummary = defineConsoleOperation({
  name: 'billing.summary',
  method: 'GET',
  summary: 'Balance and funding invoices',
  description: 'Prepaid balance and the workspace funding invoices, newest first.',
  input: z.object({}),
  output: z.object({
    balance_cents: z.number().int(),
    invoices: z.array(
      z.object({
        id: z.string(),
        amount_cents: z.number().int(),
        currency: z.string(),
        status: z.string(),
        hosted_url: z.string(),
        created_at: ZTimestamp,
        expires_at: ZTimestamp,
        paid_at: ZTimestamp.nullable(),
      }),
    ),
  }),
});
