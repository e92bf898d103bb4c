/**
 * The one error catalogue (SPEC section 7 plus our own codes). Every error body on the wire is
 * rendered from here; handlers only name a code and, where the spec asks for them, extra fields.
 */

export type ErrorShape = 'string' | 'object';

export type ErrorDefinition = {
  status: number;
  shape: ErrorShape;
  message: string;
  fix: string;
  retry: string;
};

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
    retry: 'retry_after_sender_ready',
  },
  workspace_suppressed: {
    status: 403,
    shape: 'object',
    message: 'The recipient has opted out of messages from this workspace.',
    fix: 'Do not message this recipient until they opt back in.',
    retry: 'do_not_retry',
  },
  spend_limit_exceeded: {
    status: 402,
    shape: 'object',
    message: "This send would exceed the workspace's daily spend cap.",
    fix: 'Wait for the next UTC day or ask the operator to raise the spend cap.',
    retry: 'retry_after_spend_available',
  },
  insufficient_balance: {
    status: 402,
    shape: 'string',
    message: 'The prepaid balance is too small for this operation.',
    fix: 'Create a funding invoice (POST /api/v1/onboarding/funding-invoices) and retry once it is paid.',
    retry: 'retry_after_funding_paid',
  },
  amount_below_minimum: {
    status: 422,
    shape: 'string',
    message: 'The funding amount is below the minimum.',
    fix: 'Retry with amount_cents at or above minimum_cents.',
    retry: 'retry_now_with_valid_amount',
  },
  onchain_invoice_not_found: {
    status: 404,
    shape: 'string',
    message: 'No funding invoice with this id exists for the authenticated user.',
    fix: 'Use an invoice id returned by POST /api/v1/onboarding/funding-invoices.',
    retry: 'retry_with_valid_id',
  },
  account_creation_rate_limited: {
    status: 429,
    shape: 'string',
    message: 'Only one account may be created per IP address every five minutes.',
    fix: 'Wait retry_after_seconds before creating another account.',
    retry: 'retry_after_seconds',
  },
  message_send_rate_limited: {
    status: 429,
    shape: 'string',
    message: 'The send rate limit for this token is exhausted.',
    fix: 'Wait retry_after_seconds (the Retry-After header) before sending again.',
    retry: 'retry_after_seconds',
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
    retry: 'retry_after_fixing_request',
  },
  invalid_state: {
    status: 422,
    shape: 'object',
    message: 'This operation is not allowed in the current state of the resource.',
    fix: 'Check current_status in the error and the allowed transitions in the operation description.',
    retry: 'retry_after_state_change',
  },
  not_found: {
    status: 404,
    shape: 'object',
    message: 'No such resource.',
    fix: 'Check the id or path.',
    retry: 'retry_with_valid_id',
  },
  idempotency_conflict: {
    status: 409,
    shape: 'object',
    message: 'This idempotency_key was already used for a different request.',
    fix: 'Use a new idempotency_key, or resend the original recipient and body.',
    retry: 'retry_with_new_idempotency_key',
  },
  number_unavailable: {
    status: 422,
    shape: 'object',
    message: 'The provider has no phone number available for this request.',
    fix: 'Try another area_code, or omit area_code to take any available number.',
    retry: 'retry_with_different_area_code',
  },
  dedicated_number_already_provisioned: {
    status: 422,
    shape: 'object',
    message: 'This workspace already has its dedicated number.',
    fix: 'Use the existing dedicated number (GET /api/v1/numbers); buy extra numbers with POST /api/v1/numbers.',
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
    retry: 'retry_with_valid_token',
  },
  sign_in_rate_limited: {
    status: 429,
    shape: 'object',
    message: 'Too many failed sign-in attempts for this username or from this address.',
    fix: 'Wait retry_after_seconds (the Retry-After header), then sign in with the right password or backup code.',
    retry: 'retry_after_seconds',
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
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export type FieldIssue = { path: string; message: string };

export type ErrorBody =
  | ({ error: ErrorCode } & Record<string, unknown>)
  | { error: { code: ErrorCode; message: string; fix?: string; retry?: string; issues?: FieldIssue[]; request_id?: string } };

/**
 * Renders a code as its wire body. String-form extras go at the top level (SPEC: e.g. minimum_cents);
 * object-form extras go inside the error object. The unauthorized object carries only code and message.
 */
export function renderError(
  code: ErrorCode,
  options: { message?: string | undefined; extra?: Record<string, unknown> | undefined } = {},
): ErrorBody {
  const definition: ErrorDefinition = errorCatalogue[code];
  const message = options.message ?? definition.message;
  if (definition.shape === 'string') return { error: code, ...options.extra };
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

/** A domain failure named by its catalogue code; transports render it, nothing else builds error bodies. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly customMessage: string | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      /** Only where the spec gives one code two statuses: `unauthorized` is 403 for a missing scope. */
      status?: number;
    } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? errorCatalogue[code].status;
    this.extra = options.extra;
    this.headers = options.headers;
    this.customMessage = options.message;
  }

  toBody(): ErrorBody {
    return renderError(this.code, { message: this.customMessage, extra: this.extra });
  }

  toDetail(): ReturnType<typeof renderErrorDetail> {
    return renderErrorDetail(this.code, { message: this.customMessage, extra: this.extra });
  }
}
