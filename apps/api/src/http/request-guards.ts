import type { NextFunction, Request, Response } from 'express';
import { AppError, operations } from '@textline/contract';
import { validationError } from './errors.ts';

/** Deeper JSON is refused before any handler: no request of ours nests this far, and recursion over it would not survive. */
const MAX_JSON_DEPTH = 64;

/**
 * Errors express and its body parsers raise about a request itself, mapped onto the catalogue:
 * every one of them is the client's doing, never a 500.
 */
export function requestError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return undefined;
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  // A form (OAuth, Twilio callbacks) with more fields than the parser takes is as oversized as a long body.
  if (type === 'entity.too.large' || type === 'parameters.too.many') return new AppError('payload_too_large');
  if (type === 'entity.parse.failed' || type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError('invalid_json');
  }
  // A path parameter that is not percent-encoded UTF-8 (e.g. %ff) names no resource.
  if (error instanceof URIError) return new AppError('not_found', { message: 'The path is not valid percent-encoded UTF-8.' });
  // Any other body-reading failure (a gzip or brotli body that does not inflate, an aborted upload).
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new AppError('invalid_json', { message: 'The request body could not be read.' });
  return undefined;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first problem of a parsed JSON value that PostgreSQL cannot store or that nests too deep,
 * walked without recursion, named by its top-level field as schema validation names it.
 */
export function unstorable(root: unknown): { path: string; message: string } | undefined {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: root, field: '', depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, field, depth } = item;
    if (typeof value === 'string') {
      // PostgreSQL text cannot hold NUL, and jsonb refuses unpaired surrogates.
      if (value.includes('\u0000')) return { path: field, message: 'must not contain NUL (\\u0000) characters' };
      if (unpairedSurrogate.test(value)) return { path: field, message: 'must be valid Unicode (no unpaired surrogates)' };
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) return { path: field, message: `nests deeper than ${MAX_JSON_DEPTH} levels` };
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000') || unpairedSurrogate.test(key))
          return { path: field || key, message: 'has a key with NUL characters or invalid Unicode' };
        pending.push({ value: child, field: field || key, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

function unstorableInputError(value: unknown, wholeValueName: string): AppError | undefined {
  const problem = unstorable(value);
  return problem && validationError([{ path: problem.path || wholeValueName, message: problem.message }]);
}

/** A tRPC query's input: JSON in the `input` query parameter (read as tRPC reads it); undefined if absent or not JSON. */
function trpcQueryInput(path: string, query: string): unknown {
  const input = path.startsWith('/trpc/') ? new URLSearchParams(query).get('input') : null;
  if (input === null) return undefined;
  try {
    return JSON.parse(input);
  } catch {
    return undefined; // tRPC answers invalid_json itself.
  }
}

function splitUrl(url: string): { path: string; query: string } {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? { path: url, query: '' } : { path: url.slice(0, queryStart), query: url.slice(queryStart + 1) };
}

/**
 * Refuses input no handler could store before it reaches one: NUL characters (%00 in the path,
 * \u0000 in JSON bodies and tRPC query input), unpaired surrogates, and JSON nested deeper than
 * MAX_JSON_DEPTH. Runs after the JSON parser. The query string is rejectUnstorableQuery's.
 */
export function rejectUnstorableInput(req: Request, _res: Response, next: NextFunction): void {
  const { path, query } = splitUrl(req.url);
  if (/%00/.test(path)) {
    next(new AppError('not_found', { message: 'No resource path contains a NUL character.' }));
    return;
  }
  next(unstorableInputError(trpcQueryInput(path, query), '(input)') ?? unstorableInputError(req.body, '(body)'));
}

/**
 * Refuses a query string with a NUL (%00) anywhere. Mounted after the REST adapter, which ignores
 * the query parameters its routes do not read and checks the ones they do (rest.ts queryInput),
 * and after the MCP routes, which read none: openapi.json promises unknown ones are ignored.
 */
export function rejectUnstorableQuery(req: Request, _res: Response, next: NextFunction): void {
  const hasNul = /%00/.test(splitUrl(req.url).query);
  next(hasNul ? validationError([{ path: '(query)', message: 'must not contain NUL (%00) characters' }]) : undefined);
}

/** The body check again, for a router that parses its own bodies after the app-wide guard (OAuth's forms). */
export function rejectUnstorableBody(req: Request, _res: Response, next: NextFunction): void {
  next(unstorableInputError(req.body, '(body)'));
}

const credentialChecks = new Set<string>(
  Object.values(operations).flatMap((operation) => (operation.checksCredentials ? [operation.name] : [])),
);

/**
 * Refuses a tRPC batch that holds a password or backup-code check together with other calls: one
 * HTTP request may cost at most one password hash, and one request's calls must not compete for
 * the failed-attempt budget. Reads the procedures as the tRPC express adapter does (after the last
 * slash, percent-decoded, comma-separated when ?batch=1). Mounted on /trpc.
 */
export function refuseBatchedCredentialChecks(req: Request, _res: Response, next: NextFunction): void {
  let procedures: string[] = [];
  if (new URLSearchParams(splitUrl(req.url).query).get('batch') === '1') {
    try {
      procedures = decodeURIComponent(req.path.slice(req.path.lastIndexOf('/') + 1)).split(',');
    } catch {
      // tRPC refuses a path that is not percent-encoded UTF-8 itself.
    }
  }
  next(
    procedures.length > 1 && procedures.some((name) => credentialChecks.has(name))
      ? new AppError('batch_not_allowed')
      : undefined,
  );
}
