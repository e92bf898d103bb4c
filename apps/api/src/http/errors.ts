import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { AppError, errorCatalogue, type ErrorCode, type FieldIssue, type Operation } from '@textline/contract';

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
 * The error for input that fails its operation's schema. A REST path parameter that fails it (an id
 * longer than any id) names a resource that cannot exist: 404 with the operation's own not-found
 * code, as an unknown id gets, rather than a 422 a GET by id would otherwise never answer.
 */
export function invalidInputError(
  operation: Operation,
  issues: readonly IssueLike[],
  pathParameters: readonly string[] = [],
): AppError {
  const parameter = issues.map((issue) => String(issue.path[0])).find((field) => pathParameters.includes(field));
  if (parameter === undefined) return validationError(fieldIssues(issues));
  return new AppError(notFoundCodeOf(operation), { message: `No resource has this ${parameter}.` });
}

/** The code an operation answers an unknown resource with: its own 404 code if it has one, else not_found. */
export function notFoundCodeOf(operation: Operation): ErrorCode {
  return operation.errors.find((code) => errorCatalogue[code].status === 404) ?? 'not_found';
}

/**
 * Seconds a client is asked to wait when the database or Redis is unreachable: a restart or a
 * failover takes a few seconds, and the pools reconnect on their own at the next request.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

// How an unreachable database or Redis surfaces. Socket errors (pg and ioredis alike); Prisma's codes
// for them (can't reach, timed out, server closed the connection, too many connections); PostgreSQL's
// SQLSTATEs of a server going down or not yet up (57P01 admin shutdown, 57P02 crash shutdown, 57P03
// cannot connect now, 53300 too many connections, class 08 connection exceptions).
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2037',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const connectionExceptionState = /^08[0-9A-Z]{3}$/;
// adapter-pg's names for the same failures (a DriverAdapterError's cause.kind).
const unreachableKinds = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// pg's and ioredis's errors about a connection that carry no code.
const unreachableMessages = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection is closed.',
];

type DependencyErrorFields = {
  name?: unknown;
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

/**
 * Whether `error` says that PostgreSQL or Redis could not be reached or dropped the connection, as
 * pg, Prisma (through adapter-pg) and ioredis report it. Causes are followed only where these
 * libraries wrap a driver's error (tRPC, Prisma, adapter-pg), so a failed fetch to a customer's
 * endpoint, whose cause is also a socket error, is not taken for one.
 */
export function isDependencyUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const fields = error as DependencyErrorFields;
  for (const code of [fields.code, fields.originalCode])
    if (typeof code === 'string' && (unreachableCodes.has(code) || connectionExceptionState.test(code))) return true;
  if (typeof fields.kind === 'string' && unreachableKinds.has(fields.kind)) return true;
  // ioredis gives up on a command after maxRetriesPerRequest reconnection attempts.
  if (fields.name === 'MaxRetriesPerRequestError') return true;
  if (typeof fields.message === 'string' && unreachableMessages.some((text) => (fields.message as string).startsWith(text)))
    return true;
  const name = typeof fields.name === 'string' ? fields.name : '';
  if (error instanceof TRPCError || name === 'DriverAdapterError') return isDependencyUnreachable(fields.cause, depth + 1);
  if (name.startsWith('PrismaClient'))
    return (
      isDependencyUnreachable(fields.meta?.driverAdapterError, depth + 1) || isDependencyUnreachable(fields.cause, depth + 1)
    );
  return false;
}

/** The 503 of a request that met an unreachable database or Redis, with Retry-After. */
export function serviceUnavailableError(): AppError {
  return new AppError('service_unavailable', {
    extra: { retry_after_seconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Maps anything a procedure can throw onto the catalogue. Input validation becomes
 * validation_failed with field issues; an unreachable database or Redis, service_unavailable (503);
 * anything unknown becomes internal_error. REST, /trpc and MCP tool calls all answer through here.
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
  if (isDependencyUnreachable(error)) return serviceUnavailableError();
  return new AppError('internal_error');
}

type CatalogueStatus = (typeof errorCatalogue)[ErrorCode]['status'];

/**
 * The tRPC error code for each HTTP status an error is answered with, so a /trpc client sees a 404
 * as NOT_FOUND rather than a server failure. Keyed by every catalogue status (plus 403, which
 * `unauthorized` takes for a missing scope, and 503): a new status fails the typecheck until mapped.
 * 504 is TIMEOUT, not GATEWAY_TIMEOUT, whose JSON-RPC number is the same as INTERNAL_SERVER_ERROR's.
 */
const trpcCodeByStatus: Record<CatalogueStatus | 403 | 503, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
  504: 'TIMEOUT',
};

/** The tRPC error code of an error as answered: its HTTP status's, a client error at worst BAD_REQUEST. */
export function trpcCodeOf(error: AppError): TRPC_ERROR_CODE_KEY {
  const byStatus: Partial<Record<number, TRPC_ERROR_CODE_KEY>> = trpcCodeByStatus;
  return byStatus[error.status] ?? (error.status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR');
}

/** The headers the errors of a tRPC call carry (Retry-After, WWW-Authenticate), sent as REST sends them. */
export function errorHeaders(errors: readonly unknown[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const error of errors) Object.assign(headers, toAppError(error).headers);
  return headers;
}
