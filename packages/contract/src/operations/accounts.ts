import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZAccountCreated, ZPassword, ZToken, ZUsername } from '../schemas.ts';

const accountCreationDescription =
  'Creates a username/password account (no e-mail) with its own workspace and returns a bearer token ' +
  'with the scopes mcp:read, mcp:execute and messages:write, plus one-time backup codes. ' +
  'One successful creation per IP address every five minutes.';

export const createAccount = defineOperation({
  name: 'accounts.create',
  method: 'POST',
  path: '/api/v1/accounts',
  auth: { kind: 'none' },
  summary: 'Create an account',
  description: accountCreationDescription,
  tags: ['accounts'],
  input: z.strictObject({ username: ZUsername, password: ZPassword }),
  output: ZAccountCreated,
  successStatus: 201,
  errors: ['validation_failed', 'account_creation_rate_limited'],
  bodyRequired: true,
  mcp: null,
});

export const createAccountForMcp = defineOperation({
  name: 'accounts.createForMcp',
  method: 'POST',
  path: '/mcp/accounts',
  auth: { kind: 'none' },
  summary: 'Create an account (MCP bootstrap)',
  description: `${accountCreationDescription} The fields may be sent at the top level or nested under "account".`,
  tags: ['accounts'],
  // Both forms are accepted; the handler requires exactly one of them to be complete, as the oneOf says.
  input: z
    .strictObject({
      username: ZUsername.optional(),
      password: ZPassword.optional(),
      account: z.strictObject({ username: ZUsername, password: ZPassword }).optional(),
    })
    .meta({
      oneOf: [
        { required: ['username', 'password'], maxProperties: 2 },
        { required: ['account'], maxProperties: 1 },
      ],
    }),
  output: ZAccountCreated,
  successStatus: 201,
  errors: ['validation_failed', 'account_creation_rate_limited'],
  bodyRequired: true,
  mcp: null,
});

export const migrateLegacyKey = defineOperation({
  name: 'auth.migrateLegacyKey',
  operationId: 'migrateLegacyKey',
  method: 'POST',
  path: '/api/v1/auth/migrate-legacy-key',
  auth: { kind: 'legacy_key' },
  summary: 'Exchange a legacy txk_ key for a txt_ token',
  description:
    'Send the legacy txk_ key as the bearer credential. Returns a new txt_ token with the supported scopes ' +
    'of the legacy key; the legacy key is revoked once the token exists. Temporary route.',
  tags: ['auth'],
  input: z.strictObject({ name: z.string().min(1).max(100).optional().describe('Display label for the new token') }),
  output: z.object({ token: ZToken }),
  successStatus: 201,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: null,
});

export const createApiKey = defineOperation({
  name: 'onboarding.createApiKey',
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api/v1/onboarding/api-key',
  auth: { kind: 'bearer', scope: 'onboarding:write' },
  summary: 'Issue a developer token with every scope',
  description:
    'Returns a new txt_ bearer token usable on /api/v1 and /mcp, carrying the developer scopes the calling token holds: ' +
    'a full key passes on all of them, and so does the token from account creation through the create_api_key MCP tool. ' +
    'It expires after TOKEN_TTL_DAYS or with the calling token, whichever comes first. A root-level caller (the ' +
    'account-creation token, the console, a key with no parent) gets a root-level key; a delegated token (one with a ' +
    'parent) gets its own child, as POST /api/v1/tokens would give: its spend cap and rate tier, revoked with it. ' +
    'OAuth access tokens cannot create keys (403 oauth_token_cannot_mint). The path keeps its name for backward ' +
    'compatibility.',
  tags: ['onboarding'],
  input: z.strictObject({ name: z.string().min(1).max(100).optional().describe('Display label for the new token') }),
  output: z.object({ token: ZToken }),
  successStatus: 201,
  errors: ['validation_failed', 'oauth_token_cannot_mint'],
  bodyRequired: false,
  mcp: {
    name: 'create_api_key',
    title: 'Create API token',
    description:
      'Issue a new txt_ bearer token with all developer scopes (messages, numbers, campaigns, onboarding, mcp) when called ' +
      "with the account's own token from account creation; another token passes on only its own scopes, and a delegated " +
      "token's key is its child (same cap and tier, revoked with it). Use it when the account token lacks a scope. The " +
      "token is shown only once and expires no later than the caller's token. " +
      'OAuth access tokens cannot create keys.',
    readOnly: false,
    destructive: false,
  },
});
