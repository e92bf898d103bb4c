import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZTimestamp, ZToken, ZTrimmedText } from '../schemas.ts';
import { ZScope } from '../scopes.ts';

/** The plan tiers of the send rate limit, lowest burst first: a token's send rate tier is one of them. */
export const sendRateTiers = ['starter', 'growth', 'scale', 'enterprise'] as const;
export type SendRateTier = (typeof sendRateTiers)[number];
export const ZSendRateTier = z.enum(sendRateTiers);

export const tokenStatuses = ['active', 'revoked', 'expired'] as const;

/** How a token came to be; delegated tokens were made with POST /api/v1/tokens. */
export const tokenOrigins = ['account_creation', 'api_key', 'oauth', 'legacy_migration', 'delegated'] as const;
export type TokenOrigin = (typeof tokenOrigins)[number];

/** Which sends of a token wait for a person's approval (accept_message_batch, rule 10). */
export const approvalRequirements = ['new_recipients', 'all_sends', 'over_cents'] as const;
export type ApprovalRequirement = (typeof approvalRequirements)[number];

export const ZApprovalRule = z
  .discriminatedUnion('required_for', [
    z.strictObject({
      required_for: z.literal('new_recipients').describe('Sends to a number the workspace has not messaged before'),
    }),
    z.strictObject({ required_for: z.literal('all_sends').describe('Every send') }),
    z.strictObject({
      required_for: z.literal('over_cents').describe('Sends that cost more than threshold_cents'),
      threshold_cents: z.number().int().min(0).max(100_000_000),
    }),
  ])
  .describe(
    "Which of the token's sends wait for a person: accepted as pending_approval (debited) until approved with a token " +
      'outside its tree or in the console, else canceled and refunded after APPROVAL_TTL_SECONDS (1 hour by default). ' +
      'Tokens it creates carry the rule too.',
  );
export type TApprovalRule = z.infer<typeof ZApprovalRule>;

const ZTokenId = z.string().min(1).max(64).describe('Token id (tok_...)');

/** A token as lists show it: never its secret. */
export const ZTokenSummary = z.object({
  id: ZId('token'),
  name: z.string().nullable(),
  origin: z.enum(tokenOrigins).describe('delegated: made with POST /api/v1/tokens (create_token)'),
  status: z.enum(tokenStatuses),
  scopes: z.array(ZScope),
  created_at: ZTimestamp,
  expires_at: ZTimestamp,
  last_used_at: ZTimestamp.nullable().describe('Updated at most once a minute'),
  revoked_at: ZTimestamp.nullable(),
  parent_token_id: ZId('token').nullable().describe('The token that created this one; null for tokens no token created'),
  spend_cap_cents_daily: z
    .number()
    .int()
    .nullable()
    .describe("The token's own cap on what its sends, and those of the tokens created from it, cost per UTC day; null: none"),
  spent_today_cents: z
    .number()
    .int()
    .nullable()
    .describe('What counts against spend_cap_cents_daily today (UTC), refunds deducted; null for an uncapped token'),
  send_rate_tier: ZSendRateTier.nullable().describe("The send rate tier the token is held to; null: the workspace's"),
  approval: ZApprovalRule.nullable().describe("Which of the token's sends wait for a person's approval; null: none"),
});
export type TTokenSummary = z.infer<typeof ZTokenSummary>;

/** A created token: the secret, shown this once, and its settings. */
export const ZCreatedToken = ZToken.extend(
  ZTokenSummary.pick({
    id: true,
    name: true,
    origin: true,
    created_at: true,
    parent_token_id: true,
    spend_cap_cents_daily: true,
    send_rate_tier: true,
    approval: true,
  }).shape,
);
export type TCreatedToken = z.infer<typeof ZCreatedToken>;

const neverMore =
  "It never exceeds its creator: scopes a subset of the calling token's, expiry no later, a daily spend cap no higher than " +
  "the calling token's own (if it has one; the new token gets that cap when none is given), and a send rate tier no " +
  "higher than the workspace's plan or the calling token's tier, and an approval rule at least as strict as the calling " +
  "token's (which it gets when none is given). A field that asks for more is 422 naming it.";

export const createToken = defineOperation({
  name: 'tokens.create',
  method: 'POST',
  path: '/api/v1/tokens',
  auth: { kind: 'bearer', scope: 'tokens:write' },
  summary: 'Create a delegated token',
  description:
    `Creates a txt_ token for a sub-agent or a service, with its own name, scopes, expiry, daily spend cap and send rate tier. ${neverMore} ` +
    'The token is shown only in this response. Its sends count against its own cap and against the cap of every capped ' +
    'token it was created from. Revoking the calling token later revokes this one too. OAuth access tokens cannot create ' +
    'tokens (403 oauth_token_cannot_mint).',
  tags: ['tokens'],
  input: z.strictObject({
    name: ZTrimmedText(1, 100).describe('What the token is for, e.g. "reminder sub-agent"'),
    scopes: z.array(ZScope).min(1).max(20).describe("Scopes of the new token: a subset of the calling token's"),
    expires_in_seconds: z
      .number()
      .int()
      .min(60)
      .max(366 * 86_400)
      .optional()
      .describe("Lifetime in seconds; default and maximum: the deployment's token lifetime or the calling token's expiry"),
    spend_cap_cents_daily: z
      .number()
      .int()
      .min(0)
      .max(100_000_000)
      .optional()
      .describe("Cap on what the token's sends may cost per UTC day, in cents, beside the workspace's cap"),
    send_rate_tier: ZSendRateTier.optional().describe(
      "Send rate limit of the token (a plan tier: bursts of 1, 5, 10 or 20); default: the calling token's, else the workspace's",
    ),
    approval: ZApprovalRule.optional(),
  }),
  output: z.object({ token: ZCreatedToken }),
  successStatus: 201,
  errors: ['validation_failed', 'oauth_token_cannot_mint'],
  bodyRequired: true,
  mcp: {
    name: 'create_token',
    title: 'Create delegated token',
    description:
      'Create a txt_ bearer token to hand to a sub-agent, with only the scopes it needs, an expiry, a daily spend cap in ' +
      `cents and a send rate tier. ${neverMore} The token is shown only once; revoke it with revoke_token.`,
    readOnly: false,
    destructive: false,
  },
});

export const listTokens = defineOperation({
  name: 'tokens.list',
  method: 'GET',
  path: '/api/v1/tokens',
  auth: { kind: 'bearer', scope: 'tokens:read' },
  summary: 'List tokens',
  description:
    "Every token of the workspace, newest first, with its scopes, expiry, last use, spend cap and today's spend, and the " +
    'token that created it (parent_token_id: the tree of delegated tokens); never a secret. Pass next_cursor back as cursor.',
  tags: ['tokens'],
  input: z.strictObject({ ...ZPageQuery }),
  output: z.object({ tokens: z.array(ZTokenSummary), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_tokens',
    title: 'List tokens',
    description:
      "List the workspace's tokens (newest first, never their secrets): name, scopes, status, expiry, last use, daily " +
      'spend cap and what was spent against it today, and parent_token_id, the token that created each.',
    readOnly: true,
    destructive: false,
  },
});

export const revokeToken = defineOperation({
  name: 'tokens.revoke',
  method: 'DELETE',
  path: '/api/v1/tokens/{id}',
  auth: { kind: 'bearer', scope: 'tokens:write' },
  summary: 'Revoke a token and the tokens created from it',
  description:
    'Revokes the token and every token created from it, directly or not; they stop working within seconds (the token ' +
    'cache lifetime). A token may revoke itself and the tokens created from it; revoking any other token of the ' +
    "workspace, its creator included, takes the account's own credentials (a token no token created, other than an OAuth " +
    'token) or the console (403 forbidden otherwise). Revoking a revoked token changes nothing.',
  tags: ['tokens'],
  input: z.strictObject({ id: ZTokenId }),
  output: z.object({
    token: ZTokenSummary,
    revoked_token_ids: z.array(z.string()).describe('The tokens this call revoked: the token and those created from it'),
  }),
  successStatus: 200,
  errors: ['not_found', 'forbidden'],
  bodyRequired: false,
  mcp: {
    name: 'revoke_token',
    title: 'Revoke token',
    description:
      'Revoke a token (id from list_tokens) and every token created from it; they stop working within seconds. A ' +
      'delegated token may revoke itself and its own descendants only.',
    readOnly: false,
    destructive: true,
  },
});
