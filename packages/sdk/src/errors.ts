import type { components } from './generated/openapi.ts';

type Schemas = components['schemas'];

/**
 * Every error body openapi.json declares: a string-form code's whole body is named <Code>Error, an
 * object-form code's `error` object <Code>ErrorDetail.
 */
export type TextlineErrorBody =
  | Schemas[Extract<keyof Schemas, `${string}Error`>]
  | { [TName in Extract<keyof Schemas, `${string}ErrorDetail`>]: { error: Schemas[TName] } }[Extract<
      keyof Schemas,
      `${string}ErrorDetail`
    >];

/** The code of a body: `error` in the string form, `error.code` in the object form. */
type CodeOf<TBody> = TBody extends { error: infer TCode extends string }
  ? TCode
  : TBody extends { error: { code: infer TCode extends string } }
    ? TCode
    : never;

export type TextlineErrorCode = CodeOf<TextlineErrorBody>;

/** The body of one code, as openapi.json types it. */
export type TextlineErrorBodyOf<TCode extends TextlineErrorCode> = Extract<
  TextlineErrorBody,
  { error: TCode } | { error: { code: TCode } }
>;

/**
 * An error answer of the API: `code` is the catalogue code and `body` the body openapi.json declares for
 * it, so checking `code` narrows `body` (see TextlineError).
 */
export class TextlineApiError<TCode extends TextlineErrorCode = TextlineErrorCode> extends Error {
  override readonly name = 'TextlineApiError';

  constructor(
    readonly code: TCode,
    readonly status: number,
    readonly body: TextlineErrorBodyOf<TCode>,
    /** Seconds the API asked to wait (Retry-After), when it did. */
    readonly retryAfterSeconds: number | undefined,
    /** The request's id (the X-Request-Id the API answers with): quote it to support. */
    readonly requestId: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** One variant per code: `if (err.code === 'insufficient_balance')` narrows `err.body` to that code's body. */
export type TextlineError = { [TCode in TextlineErrorCode]: TextlineApiError<TCode> }[TextlineErrorCode];

/** Whether `value` is an error answer of the API (a TextlineError), as thrown by every Textline method. */
export function isTextlineError(value: unknown): value is TextlineError {
  return value instanceof TextlineApiError;
}

/** Thrown when an answer is not one of the API's error bodies (a proxy's HTML page, a cut connection). */
export class TextlineResponseError extends Error {
  override readonly name = 'TextlineResponseError';

  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The request's id (X-Request-Id), when the answer came from the API at all. */
    readonly requestId: string | undefined,
  ) {
    super(`The API answered HTTP ${status} with a body that is not a Textline error`);
  }
}

/** Thrown when an attempt gets no answer within the client's `timeoutMs`; the request may still have been served. */
export class TextlineTimeoutError extends Error {
  override readonly name = 'TextlineTimeoutError';

  constructor(
    readonly method: string,
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`${method} ${url} got no answer within ${timeoutMs} ms`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The TextlineError of an error answer, or a TextlineResponseError when the body is not one. */
export function errorFromResponse(response: Response, body: unknown): TextlineError | TextlineResponseError {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  if (!isRecord(body)) return new TextlineResponseError(response.status, body, requestId);
  const { error } = body;
  const code = typeof error === 'string' ? error : isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
  if (code === undefined) return new TextlineResponseError(response.status, body, requestId);
  const detail = isRecord(error) ? error : body;
  const message = typeof detail.message === 'string' ? detail.message : `The API refused the request: ${code}`;
  const header = Number(response.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(header) && header > 0 ? header : undefined;
  // The body is the API's own error body for `code` (openapi.json declares one per code).
  return new TextlineApiError(
    code as TextlineErrorCode,
    response.status,
    body as TextlineErrorBody,
    retryAfterSeconds,
    requestId,
    message,
  ) as TextlineError;
}
