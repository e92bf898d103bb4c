import { z } from 'zod';
import { ZE164, ZTimestamp } from './schemas.ts';
import { approvalStatuses, messageStatuses, suppressionSources } from './statuses.ts';

/**
 * The one error catalogue (its rules: docs/api-rules.md). Every error body on the wire is rendered
 * from here; handlers only name a code and, where the code's definition declares them, extra fields.
 */

export type ErrorShape = 'string' | 'object';

export type ErrorDefinition = {
  status: number;
  shape: ErrorShape;
  message: string;
  fix: string;
  /**
   * The fix as an agent on MCP reads it, where `fix` names a REST route or an HTTP header that such an
   * agent never sees: the same advice with tool names and result fields. `{tool}` stands for the tool
   * that was called. See mcpFixOf.
   */
  mcpFix?: string;
  retry: string;
  /**
   * In the string form, whether the body carries `message` and `fix` beside `error`: added at the top
   * level, so the code's published fields stay where they are.
   */
  explained?: true;
  /**
   * The fields this code adds to its body, typed: at the top level in the string form, inside `error` in
   * the object form. openapi.json declares them, so a generated client reads them without a cast.
   */
  extra?: z.ZodObject;
};

const ZRetryAfterSeconds = z.number().int().min(1).describe('Seconds to wait before trying again; the Retry-After header');
const ZFieldIssues = z
  .array(z.object({ path: z.string().describe('The field, dotted for nested ones, e.g. contact.email'), message: z.string() }))
  .describe('One entry per field problem');

export const errorCatalogue = {
  unauthorized: {
    status: 401,
    shape: 'object',
    message: 'A valid bearer token is required.',
    fix: 'Send Authorization: Bearer <txt_ token> with the scope this route requires.',
    retry: 'retry_with_valid_token',
  },
  branded_number_missing: {
    status: 422,
    shape: 'object',
    message: 'No connected sender number is available for this workspace.',
    fix: 'Buy a number (POST /api/v1/numbers) or provision a dedicated number, then send again.',
    mcpFix:
      'Buy a number with buy_number (search_available_numbers shows what is for sale), or get a dedicated number ' +
      '(submit_branded_request, then provision_dedicated_number), then send again.',
    retry: 'retry_after_sender_ready',
  },
  sender_not_registered: {
    status: 422,
    shape: 'object',
    message:
      'The sender number is not registered with the carriers for US traffic: its registration is not approved, so the ' +
      'carriers would block the message.',
    fix:
      'Assign a local number to an approved use case with POST /api/v1/use-cases/{id}/numbers (register a brand with ' +
      'POST /api/v1/brands and a use case with POST /api/v1/use-cases first), or verify a toll-free number with POST ' +
      '/api/v1/numbers/{id}/toll-free-verification; GET /api/v1/numbers shows each registration. Or send from a ' +
      'number whose registration is approved.',
    mcpFix:
      'Assign a local number to an approved use case with assign_number_to_use_case (create_brand and ' +
      'create_use_case first), or verify a toll-free number with submit_toll_free_verification; list_numbers shows ' +
      'each registration. Or send from a number whose registration is approved.',
    retry: 'retry_after_sender_ready',
  },
  sender_number_not_found: {
    status: 422,
    shape: 'object',
    message: 'from is not a connected number of this workspace.',
    fix:
      "Send from one of the workspace's numbers with status connected: list them with GET /api/v1/numbers (MCP tool " +
      'list_numbers), or omit from to let the service choose one.',
    mcpFix:
      "Send from one of the workspace's numbers with status connected (list_numbers), or omit from to let the service choose one.",
    retry: 'retry_after_fixing_request',
  },
  sender_pool_not_found: {
    status: 422,
    shape: 'object',
    message: 'sender_pool_id is not a sender pool of this workspace.',
    fix: "Send with one of the workspace's pools (GET /api/v1/sender-pools), or omit sender_pool_id to use the default pool.",
    mcpFix: "Send with one of the workspace's pools (list_sender_pools), or omit sender_pool_id to use the default pool.",
    retry: 'retry_after_fixing_request',
  },
  sender_pool_empty: {
    status: 422,
    shape: 'object',
    message: 'No number of the sender pool can send now: it has none, or each is released or failing at the carrier.',
    fix:
      'Add a connected number to the pool (PATCH /api/v1/sender-pools/{id} with number_ids), or wait for a failing ' +
      'number to recover (GET /api/v1/numbers shows each health).',
    mcpFix: 'Add a connected number to the pool (update_sender_pool with number_ids), or wait for a failing number to recover.',
    retry: 'retry_after_sender_ready',
  },
  workspace_suppressed: {
    status: 403,
    shape: 'object',
    message: 'The recipient has opted out of messages from this workspace.',
    fix:
      'Do not message this recipient until they opt back in: GET /api/v1/suppressions/{phone_number} shows who made ' +
      'the opt-out. One the recipient made (a STOP reply, a carrier opt-out) ends only when they reply START; one you ' +
      'added ends with DELETE /api/v1/suppressions/{phone_number}.',
    mcpFix:
      'Do not message this recipient until they opt back in: check_suppression shows who made the opt-out. One the ' +
      'recipient made ends only when they reply START; one you added ends with remove_suppression.',
    retry: 'do_not_retry',
  },
  suppression_not_removable: {
    status: 422,
    shape: 'object',
    message: 'The recipient opted out themselves (STOP reply or carrier opt-out); only they can lift it.',
    fix:
      'Do not message this number. Only the recipient can lift an opt-out they made (a STOP reply or a carrier ' +
      'opt-out), by replying START to your number; one the service operator added, only the operator. You can lift ' +
      'only the suppressions you added (source manual, removable true).',
    retry: 'do_not_retry',
    extra: z.object({ phone_number: ZE164, source: z.enum(suppressionSources).describe('Who made the suppression') }),
  },
  spend_limit_exceeded: {
    status: 402,
    shape: 'object',
    message: "This send would exceed the workspace's daily spend cap.",
    fix:
      "The message says whose daily cap it is. The workspace's (GET /api/v1/balance shows what remains of it today): " +
      "wait for the next UTC day or ask the operator to raise it. A token's own cap (delegated tokens, GET " +
      '/api/v1/tokens shows each cap): wait for the next UTC day or send with a token whose cap allows it.',
    mcpFix:
      "The message says whose daily cap it is. The workspace's (get_balance shows what remains of it today): wait for " +
      "the next UTC day or ask the operator to raise it. A token's own cap (list_tokens shows each): wait for the next " +
      'UTC day or send with a token whose cap allows it.',
    retry: 'retry_after_spend_available',
  },
  insufficient_balance: {
    status: 402,
    shape: 'string',
    message: 'The prepaid balance is too small for this operation.',
    fix: 'Create a funding invoice (POST /api/v1/onboarding/funding-invoices) and retry once it is paid.',
    mcpFix:
      'Create a funding invoice with create_funding_invoice and pay it (in the sandbox, sandbox_pay_invoice pays it at ' +
      'once); retry once get_funding_invoice shows it paid.',
    retry: 'retry_after_funding_paid',
    extra: z.object({
      balance_cents: z.number().int().optional().describe('The prepaid balance now'),
      required_cents: z.number().int().optional().describe('What the operation needed'),
      fund_with: z
        .object({ route: z.string(), mcp_tool: z.string() })
        .optional()
        .describe('Where to fund the difference: the REST route and the MCP tool'),
    }),
  },
  outside_allowed_hours: {
    status: 422,
    shape: 'object',
    message: "This send falls outside the workspace's allowed hours in the recipient's local time.",
    fix:
      'Send again at next_allowed_at, or schedule it for then with send_at. To hold such sends instead of refusing them, ' +
      'set quiet_hours.mode to hold with PATCH /api/v1/messaging-settings (MCP tool update_messaging_settings).',
    mcpFix:
      'Send again at next_allowed_at (or pass send_at = next_allowed_at to {tool}), or hold such sends automatically with ' +
      'update_messaging_settings {"quiet_hours": {"mode": "hold"}}.',
    retry: 'retry_after_state_change',
    extra: z.object({
      next_allowed_at: ZTimestamp.describe("The next minute the recipient's allowed hours open (ISO 8601 UTC)"),
    }),
  },
  destination_not_allowed: {
    status: 422,
    shape: 'object',
    message: "The recipient's country is not one the workspace allows sends to.",
    fix:
      'Add the country to allowed_countries with PATCH /api/v1/messaging-settings (MCP tool update_messaging_settings), ' +
      'or send to a number of an allowed country.',
    mcpFix: 'Add the country to allowed_countries with update_messaging_settings, or text a number of an allowed country.',
    retry: 'retry_after_fixing_request',
    extra: z.object({
      country: z.string().nullable().describe("The recipient's country (ISO 3166-1 alpha-2), null when unknown"),
    }),
  },
  landline_destination: {
    status: 422,
    shape: 'object',
    message: 'The recipient is a landline, which cannot receive SMS, and the workspace refuses sends to landlines.',
    fix:
      'Text a mobile number instead (GET /api/v1/lookups/{phone_number}, MCP tool lookup_number, tells the line type), ' +
      'or set reject_landlines to false with PATCH /api/v1/messaging-settings (MCP tool update_messaging_settings).',
    mcpFix:
      'Text a mobile number instead (lookup_number tells the line type), or set reject_landlines to false with update_messaging_settings.',
    retry: 'do_not_retry',
  },
  suspected_sms_pumping: {
    status: 429,
    shape: 'object',
    message:
      'Too many never-messaged numbers of this number block got a send within the hour: the send looks like SMS pumping ' +
      'and was refused and recorded.',
    fix:
      'If this traffic is yours, raise pumping_guard.max_new_numbers_per_hour or turn the guard off with PATCH ' +
      '/api/v1/messaging-settings (MCP tool update_messaging_settings); otherwise revoke the token that sent it ' +
      '(DELETE /api/v1/tokens/{id}, MCP tool revoke_token) and protect the form that triggers the sends.',
    mcpFix:
      'If this traffic is yours, raise pumping_guard.max_new_numbers_per_hour with update_messaging_settings; otherwise ' +
      'revoke the token that sent it (revoke_token).',
    retry: 'retry_after_state_change',
  },
  amount_below_minimum: {
    status: 422,
    shape: 'string',
    message: 'The funding amount is below the minimum.',
    fix: 'Retry with amount_cents at or above minimum_cents.',
    retry: 'retry_now_with_valid_amount',
    extra: z.object({ minimum_cents: z.number().int().describe('The smallest amount_cents accepted') }),
  },
  onchain_invoice_not_found: {
    status: 404,
    shape: 'string',
    message: 'No funding invoice with this id exists for the authenticated user.',
    fix: 'Use an invoice id returned by POST /api/v1/onboarding/funding-invoices.',
    mcpFix: 'Use an invoice id that create_funding_invoice returned (get_onboarding_status shows the latest invoice).',
    retry: 'retry_with_valid_id',
  },
  account_creation_rate_limited: {
    status: 429,
    shape: 'string',
    message:
      'Only one account may be created per IP address every five minutes, and this address has created one within that time.',
    fix:
      'Wait retry_after_seconds (the Retry-After header) and send the request again, or keep using the account ' +
      'this address created: its token makes as many keys as needed (MCP tool create_api_key).',
    mcpFix:
      'Wait retry_after_seconds and create the account again, or keep using the account this address created: its ' +
      'token makes as many keys as needed (create_api_key).',
    retry: 'retry_after_seconds',
    explained: true,
    extra: z.object({ retry_after_seconds: ZRetryAfterSeconds }),
  },
  message_send_rate_limited: {
    status: 429,
    shape: 'string',
    message: 'The send rate limit for this token is exhausted.',
    fix: 'Wait retry_after_seconds (the Retry-After header) before sending again.',
    mcpFix: 'Wait retry_after_seconds (in this result) before calling {tool} again.',
    retry: 'retry_after_seconds',
    extra: z.object({
      message: z.string(),
      retry_after_seconds: ZRetryAfterSeconds,
      limit: z
        .object({
          tier: z.string().describe('The send rate tier the token is held to'),
          capacity: z.number().int().describe('Sends allowed at once'),
          refill_ms: z.number().int().describe('Milliseconds for one more send to become available'),
        })
        .describe('The limit that was reached'),
    }),
  },
  invalid_signature: {
    status: 401,
    shape: 'string',
    message: 'The webhook signature is missing, stale or does not match.',
    fix: 'Sign <timestamp>.<canonical JSON> with HMAC-SHA256 and send a fresh timestamp.',
    retry: 'do_not_retry',
  },
  invalid_webhook_payload: {
    status: 422,
    shape: 'string',
    message: 'The signed webhook lacks its event identity fields.',
    fix: 'Include the event type and event id.',
    retry: 'do_not_retry',
  },
  validation_failed: {
    status: 422,
    shape: 'object',
    message: 'The request is not valid.',
    fix: 'Correct the fields listed in issues and send again.',
    mcpFix: 'Correct the arguments listed in issues and call {tool} again.',
    retry: 'retry_after_fixing_request',
    extra: z.object({ issues: ZFieldIssues.optional() }),
  },
  invalid_state: {
    status: 422,
    shape: 'object',
    message: 'This operation is not allowed in the current state of the resource.',
    fix: 'Check current_status in the error and the allowed transitions in the operation description.',
    mcpFix: "Check current_status in this result and the transitions {tool}'s description allows.",
    retry: 'retry_after_state_change',
    extra: z.object({ current_status: z.string().describe('The status the resource is in') }),
  },
  not_found: {
    status: 404,
    shape: 'object',
    message: 'No such resource.',
    fix: 'Check the id or path.',
    mcpFix: "Check the id (or the tool name): use one that this workspace's tools returned or listed.",
    retry: 'retry_with_valid_id',
  },
  consent_missing: {
    status: 422,
    shape: 'object',
    message:
      'The campaign requires a recorded consent (settings.require_consent) and this number has none: the campaign ' +
      'would stop its enrollment (stop_reason consent_missing).',
    fix:
      "Record the recipient's opt-in with POST /api/v1/consents (phone_number, source, captured_at, evidence), or " +
      'turn settings.require_consent off with PATCH /api/v1/campaigns/{id}.',
    mcpFix:
      "Record the recipient's opt-in with record_consent (phone_number, source, captured_at, evidence), or turn " +
      'settings.require_consent off with update_campaign.',
    retry: 'retry_after_fixing_request',
  },
  registration_not_rejected: {
    status: 409,
    shape: 'object',
    message: 'Only a rejected registration can be corrected and submitted again; this one is not rejected.',
    fix:
      'Wait for the carriers to decide a pending one (GET /api/v1/brands/{id} or GET /api/v1/use-cases/{id}); a ' +
      'verified brand or an approved use case needs no correction. To change an approved use case, register a new one ' +
      'with POST /api/v1/use-cases.',
    mcpFix:
      'Wait for the carriers to decide a pending one (get_brand or get_use_case); a verified brand or an approved use ' +
      'case needs no correction. To change an approved use case, register a new one with create_use_case.',
    retry: 'do_not_retry',
    extra: z.object({ current_status: z.string().describe('The status the brand or use case is in') }),
  },
  idempotency_conflict: {
    status: 409,
    shape: 'object',
    message: 'This idempotency_key was already used for a different request.',
    fix: 'Use a new idempotency_key, or resend the original recipient and body.',
    retry: 'retry_with_new_idempotency_key',
  },
  media_refused: {
    status: 422,
    shape: 'object',
    message: 'A media URL could not be used.',
    fix:
      'Give media_urls that answer 200 over https from a public address, without a redirect, with an image (jpeg, png, ' +
      'gif), mp4 video, audio, vCard or PDF, 5 MB in all; url and reason in this error say which one failed and why.',
    retry: 'retry_after_fixing_request',
    extra: z.object({
      url: z.string().describe('The media URL that was refused'),
      reason: z.string().describe('Why: its address, scheme, status, content type, size or time to answer'),
    }),
  },
  message_not_cancelable: {
    status: 422,
    shape: 'object',
    message: 'Only a scheduled message or one waiting for approval can be canceled.',
    fix:
      'Only a message with status scheduled or pending_approval can be canceled. See current_status in this error (or GET ' +
      '/api/v1/messages/{id}): a queued or sent message cannot be recalled, and a canceled or failed one was refunded already.',
    mcpFix:
      'Only a message with status scheduled or pending_approval can be canceled. See current_status in this result (or get_message): a ' +
      'queued or sent message cannot be recalled, and a canceled or failed one was refunded already.',
    retry: 'do_not_retry',
    extra: z.object({ current_status: z.enum(messageStatuses).describe('The status the message is in') }),
  },
  approval_not_pending: {
    status: 422,
    shape: 'object',
    message: 'This approval was resolved already.',
    fix:
      'Only a pending approval can be approved or rejected. See current_status in this error (or GET ' +
      '/api/v1/approvals): an approved send went out, a rejected, expired or canceled one was refunded; send again to ask anew.',
    mcpFix:
      'Only a pending approval can be approved or rejected. See current_status in this result (or list_approvals): an ' +
      'approved send went out, a rejected, expired or canceled one was refunded; send again to ask anew.',
    retry: 'do_not_retry',
    extra: z.object({ current_status: z.enum(approvalStatuses).describe('The status the approval is in') }),
  },
  number_unavailable: {
    status: 422,
    shape: 'object',
    message: 'The provider has no phone number available for this request.',
    fix:
      'Search what is for sale now (search_available_numbers; GET /api/v1/numbers/available) and buy one of those ' +
      'numbers, try another area_code, or omit number and area_code to take any available number.',
    mcpFix:
      'Search what is for sale now with search_available_numbers and buy one of those with buy_number (number), try ' +
      'another area_code, or omit number and area_code to take any available number.',
    retry: 'retry_with_different_area_code',
  },
  provider_unavailable: {
    status: 503,
    shape: 'object',
    message: 'The messaging provider did not answer or failed; nothing was changed.',
    fix: 'Retry in a little while; if it persists, the operator should check the provider account and its status page.',
    retry: 'retry_with_backoff',
  },
  service_unavailable: {
    status: 503,
    shape: 'object',
    message:
      'The service cannot reach its database or its queue for the moment (a restart or a failover); a change this request ' +
      'asked for may or may not have been made.',
    fix:
      'Wait retry_after_seconds (the Retry-After header) and send the request again. A send repeated with the same ' +
      'idempotency_key is accepted once, so repeat sends with theirs; a send without one may have been accepted: look ' +
      'for it with GET /api/v1/messages before sending it again.',
    mcpFix:
      'Wait retry_after_seconds (in this result) and call {tool} again. A send_message call repeated with the same ' +
      'idempotency_key is accepted once; one without may have been accepted: look for it with list_messages first.',
    retry: 'retry_after_seconds',
    extra: z.object({ retry_after_seconds: ZRetryAfterSeconds }),
  },
  dedicated_number_already_provisioned: {
    status: 422,
    shape: 'object',
    message: 'This workspace already has its dedicated number.',
    fix: 'Use the existing dedicated number (GET /api/v1/numbers); buy extra numbers with POST /api/v1/numbers.',
    mcpFix: 'Use the existing dedicated number (list_numbers); buy extra numbers with buy_number.',
    retry: 'do_not_retry',
  },
  forbidden: {
    status: 403,
    shape: 'object',
    message: 'This operation is not allowed.',
    fix: 'See the message for what is missing.',
    retry: 'do_not_retry',
  },
  oauth_token_cannot_mint: {
    status: 403,
    shape: 'object',
    message: 'An OAuth access token cannot create API keys: a key would outlive the grant and carry more than it allows.',
    fix:
      "Create keys with the account's own token: the one account creation returned (POST /mcp/accounts or POST /api/v1/accounts), " +
      'or a full key from POST /api/v1/onboarding/api-key.',
    mcpFix: "Call create_api_key with the account's own token: the one account creation (POST /mcp/accounts) returned.",
    retry: 'retry_with_valid_token',
  },
  webhook_test_rate_limited: {
    status: 429,
    shape: 'object',
    message: 'Too many test events were sent to this webhook endpoint lately.',
    fix:
      'Wait retry_after_seconds (the Retry-After header) before sending another test event; real events and replays ' +
      'are not limited by this.',
    mcpFix: 'Wait retry_after_seconds (in this result) before calling {tool} again for this endpoint.',
    retry: 'retry_after_seconds',
    extra: z.object({ retry_after_seconds: ZRetryAfterSeconds }),
  },
  live_stream_limit_reached: {
    status: 429,
    shape: 'object',
    message: 'This console session already has as many live update streams open as it may.',
    fix: 'Close a console tab of this session (each open tab holds one stream), then reload this one.',
    retry: 'retry_after_fixing_request',
  },
  too_many_waits: {
    status: 429,
    shape: 'object',
    message: 'This token is already waiting for replies in as many requests as it may at once.',
    fix: "Wait for one of this token's waiting requests to answer (each answers within its wait_seconds), then ask again.",
    mcpFix: 'Wait for one of your wait_for_reply calls to answer, then call {tool} again.',
    retry: 'retry_after_seconds',
    extra: z.object({ retry_after_seconds: ZRetryAfterSeconds }),
  },
  sign_in_rate_limited: {
    status: 429,
    shape: 'object',
    message: 'Too many failed sign-in attempts for this username or from this address.',
    fix: 'Wait retry_after_seconds (the Retry-After header), then sign in with the right password or backup code.',
    mcpFix: 'Wait retry_after_seconds (in this result), then sign in with the right password or backup code.',
    retry: 'retry_after_seconds',
    extra: z.object({ retry_after_seconds: ZRetryAfterSeconds }),
  },
  batch_not_allowed: {
    status: 400,
    shape: 'object',
    message: 'This operation checks a password or backup code and must be the only call in its request.',
    fix: 'Send console.signIn and console.resetPassword each in a request of its own, not in a tRPC batch with other calls.',
    retry: 'retry_after_fixing_request',
  },
  invalid_json: {
    status: 400,
    shape: 'object',
    message: 'The request body is not valid JSON.',
    fix: 'Send a JSON object with Content-Type: application/json.',
    retry: 'retry_after_fixing_request',
  },
  payload_too_large: {
    status: 413,
    shape: 'object',
    message: 'The request body is too large.',
    fix: 'Send a smaller body.',
    retry: 'retry_after_fixing_request',
  },
  unsupported_media_type: {
    status: 415,
    shape: 'object',
    message: 'The request body must be application/json.',
    fix: 'Send Content-Type: application/json.',
    retry: 'retry_after_fixing_request',
  },
  method_not_allowed: {
    status: 405,
    shape: 'object',
    message: 'This method is not allowed on this path.',
    fix: 'See the Allow header.',
    retry: 'do_not_retry',
  },
  timeout: {
    status: 504,
    shape: 'object',
    message: 'The operation did not finish in time.',
    fix: 'Retry later; if the operation has side effects, check its state first.',
    retry: 'retry_with_backoff',
  },
  internal_error: {
    status: 500,
    shape: 'object',
    message: 'Something went wrong on our side.',
    fix: 'Retry later and quote request_id if it persists.',
    retry: 'retry_with_backoff',
    extra: z.object({ request_id: z.string().optional().describe('Quote it to support') }),
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export type FieldIssue = { path: string; message: string };

export type ErrorBody =
  | ({ error: ErrorCode } & Record<string, unknown>)
  | { error: { code: ErrorCode; message: string; fix?: string; retry?: string; issues?: FieldIssue[]; request_id?: string } };

/**
 * Renders a code as its wire body. String-form extras go at the top level (e.g. minimum_cents),
 * beside the message and fix of an `explained` code; object-form extras go inside the error object. The unauthorized object carries only code and message.
 */
export function renderError(
  code: ErrorCode,
  options: { message?: string | undefined; extra?: Record<string, unknown> | undefined } = {},
): ErrorBody {
  const definition: ErrorDefinition = errorCatalogue[code];
  const message = options.message ?? definition.message;
  if (definition.shape === 'string') {
    return { error: code, ...(definition.explained ? { message, fix: definition.fix } : {}), ...options.extra };
  }
  if (code === 'unauthorized') return { error: { code, message } };
  return { error: renderErrorDetail(code, options) };
}

/**
 * The full description of an error whatever its wire shape: code, message, fix, retry hint and extras.
 * MCP tool results carry this, so an agent always learns how to recover.
 */
export function renderErrorDetail(
  code: ErrorCode,
  options: { message?: string | undefined; extra?: Record<string, unknown> | undefined } = {},
): { code: ErrorCode; message: string; fix: string; retry: string } & Record<string, unknown> {
  const definition: ErrorDefinition = errorCatalogue[code];
  return { code, message: options.message ?? definition.message, fix: definition.fix, retry: definition.retry, ...options.extra };
}

/**
 * The fix an agent on MCP gets: the catalogue's mcpFix where `fix` names what only an HTTP client sees
 * (a REST route, a header), with `{tool}` as the tool called (`tool` undefined: no such tool); else `fix`.
 */
export function mcpFixOf(code: ErrorCode, tool: string | undefined): string {
  const definition: ErrorDefinition = errorCatalogue[code];
  return (definition.mcpFix ?? definition.fix).replaceAll('{tool}', tool ?? 'the tool');
}

/** A domain failure named by its catalogue code; transports render it, nothing else builds error bodies. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly customMessage: string | undefined;
  /** A fix for this one refusal, where the catalogue's would not name what is missing. */
  readonly customFix: string | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      /** Only where one code has two statuses: `unauthorized` is 403 for a missing scope. */
      status?: number;
      fix?: string;
    } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? errorCatalogue[code].status;
    this.extra = options.extra;
    this.headers = options.headers;
    this.customMessage = options.message;
    this.customFix = options.fix;
  }

  toBody(): ErrorBody {
    return renderError(this.code, { message: this.customMessage, extra: this.extra });
  }

  toDetail(): ReturnType<typeof renderErrorDetail> {
    const detail = renderErrorDetail(this.code, { message: this.customMessage, extra: this.extra });
    return this.customFix === undefined ? detail : { ...detail, fix: this.customFix };
  }

  /** The detail an MCP tool result carries: toDetail with the fix for an agent on MCP (mcpFixOf). */
  toToolDetail(tool: string | undefined): ReturnType<typeof renderErrorDetail> {
    return { ...this.toDetail(), fix: this.customFix ?? mcpFixOf(this.code, tool) };
  }
}
