import { TRPCError } from '@trpc/server';
import { AppError, type FieldIssue } from '@textline/contract';

type IssueLike = { path: readonly PropertyKey[]; message: string; code?: string; keys?: string[] };

function hasIssues(value: unknown): value is { issues: IssueLike[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { issues?: unknown }).issues);
}

export function fieldIssues(issues: readonly IssueLike[]): FieldIssue[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    // Unknown keys are reported one per key so each can be named.
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: 'is not a recognised field' }));
    }
    return [{ path: path || '(body)', message: issue.message }];
  });
}

export function validationError(issues: FieldIssue[]): AppError {
  return new AppError('validation_failed', { extra: { issues } });
}

/**
 * Maps anything a procedure can throw onto the catalogue. Input validation becomes
 * validation_failed with field issues; anything unknown becomes internal_error.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    if (error.code === 'BAD_REQUEST' && hasIssues(error.cause)) return validationError(fieldIssues(error.cause.issues));
    if (error.code === 'NOT_FOUND') return new AppError('not_found');
    if (error.code === 'TIMEOUT') return new AppError('timeout');
    // tRPC's own refusals of a request it cannot read (/trpc only): the client's doing, not a 500.
    const requestCodes: Partial<Record<TRPCError['code'], AppError['code']>> = {
      BAD_REQUEST: 'invalid_json',
      PARSE_ERROR: 'invalid_json',
      METHOD_NOT_SUPPORTED: 'method_not_allowed',
      PAYLOAD_TOO_LARGE: 'payload_too_large',
      UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
    };
    const code = requestCodes[error.code];
    if (code) return new AppError(code);
  }
  return new AppError('internal_error');
}

/** The headers the errors of a tRPC call carry (Retry-After, WWW-Authenticate), sent as REST sends them. */
export function errorHeaders(errors: readonly unknown[]): Record<string, string> {
  return Object.assign({}, ...errors.map((error) => toAppError(error).headers));
}

export function isInternal(error: AppError): boolean {
  return error.code === 'internal_error';
}
