import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { match, type MatchFunction } from 'path-to-regexp';
import { AppError, type Operation } from '@textline/contract';
import { contextFromRequest } from '../trpc/context.ts';
import { invokeOperation, type OperationHandler } from '../operations/handler.ts';
import { operationsServedBy, type ServedOperation, servedOperations } from '../operations/index.ts';
import type { Services } from '../ports.ts';
import { writeJson } from './json-response.ts';
import { sendError } from './send-error.ts';
import { validationError } from './errors.ts';
import { unstorable } from './request-guards.ts';

export type RestOperation = Operation & { path: `/${string}` };
type RestRoute = { procedurePath: string; operation: RestOperation; handler: OperationHandler };

const hasRestPath = (operation: Operation): operation is RestOperation => operation.path !== null;

/**
 * The operations of `served` with a REST path (console-only ones have none), in the handler list's
 * order: by default every operation's, sandbox-only ones included, as openapi.json documents them.
 */
export function restRoutes(served: readonly ServedOperation[] = servedOperations): RestRoute[] {
  return served.flatMap(({ procedurePath, handler }) =>
    hasRestPath(handler.operation) ? [{ procedurePath, operation: handler.operation, handler }] : [],
  );
}

type CompiledRoute = RestRoute & {
  match: MatchFunction<Record<string, string>>;
  pathParameters: string[];
  /** The input fields a GET or DELETE reads from the query string; any other query parameter is ignored. */
  queryParameters: string[];
};

/** The `{name}` parameters of a REST path, in order. */
export function pathParametersOf(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].flatMap(([, name]) => (name ? [name] : []));
}

/** The input fields a GET or DELETE operation reads from the query string (a POST or PATCH reads none). */
export function queryParametersOf(operation: RestOperation): string[] {
  if (operation.method !== 'GET' && operation.method !== 'DELETE') return [];
  const pathParameters = pathParametersOf(operation.path);
  return Object.keys(operation.input.shape).filter((field) => !pathParameters.includes(field));
}

/**
 * Matches `/messages/{id}` as express would route `/messages/:id`: any letter case, an optional
 * trailing slash, parameters percent-decoded (a bad encoding throws URIError: a 404, see requestError).
 */
function compile(route: RestRoute): CompiledRoute {
  const { path } = route.operation;
  const expressPath = path.replace(/\{(\w+)\}/g, ':$1');
  return {
    ...route,
    match: match<Record<string, string>>(expressPath, { decode: decodeURIComponent, trailing: true, sensitive: false }),
    pathParameters: pathParametersOf(path),
    queryParameters: queryParametersOf(route.operation),
  };
}

/**
 * A method and fixed path as express matches them, for map look-ups: any letter case and one
 * optional trailing slash fold to the same key; two trailing slashes do not.
 */
export const routeKey = (method: string, path: string) => `${method} ${path.toLowerCase().replace(/(.)\/$/, '$1')}`;

/**
 * Routes without path parameters by method and path (lower case, no trailing slash), so the
 * busiest requests find theirs without trying every route in turn. A route is left out when an
 * earlier route of its method matches its path, so a hit is always the route router order picks.
 */
function indexStaticRoutes(routes: CompiledRoute[]): Map<string, CompiledRoute> {
  const index = new Map<string, CompiledRoute>();
  routes.forEach((route, position) => {
    const { method, path } = route.operation;
    if (path.includes('{')) return;
    const shadowed = routes.slice(0, position).some((earlier) => earlier.operation.method === method && earlier.match(path));
    if (!shadowed) index.set(routeKey(method, path), route);
  });
  return index;
}

/** A path's first segment, lower case: `/API/v1/messages` -> `api`. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/** `items` grouped by `keyOf`, each group in the items' order. */
function groupBy<T, K, V>(items: T[], keyOf: (item: T) => K, valueOf: (item: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(valueOf(item));
    else groups.set(key, [valueOf(item)]);
  }
  return groups;
}

/**
 * Routes by their path's first segment, in router order, so that a request for another router's
 * path (/mcp, /trpc, the console) passes on after one look-up rather than every route's matcher.
 */
function groupByFirstSegment(routes: CompiledRoute[]): Map<string, CompiledRoute[]> {
  for (const { operation } of routes) {
    if (firstSegment(operation.path).includes('{'))
      throw new Error(`${operation.path}: a REST path must start with a fixed segment`);
  }
  return groupBy(
    routes,
    (route) => firstSegment(route.operation.path),
    (route) => route,
  );
}

function hasBody(req: Request): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** A body, when one is sent, must be JSON (express.json leaves any other type unparsed). */
export function assertJsonBody(req: Request): void {
  if (hasBody(req) && !req.is('application/json')) throw new AppError('unsupported_media_type');
}

/**
 * The query parameters a GET or DELETE route reads. Unknown ones are ignored, on every route alike
 * (openapi.json says so); a known one PostgreSQL could not store (a NUL) is a 422 naming it.
 */
function queryInput(req: Request, route: CompiledRoute): Record<string, unknown> {
  const query = req.query as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const field of route.queryParameters) if (Object.hasOwn(query, field)) input[field] = query[field];
  const problem = unstorable(input);
  if (problem) throw validationError([problem]);
  return input;
}

/** Builds the procedure input from body, query and path parameters; the path always wins. */
function inputFor(req: Request, route: CompiledRoute, params: Record<string, string>): Record<string, unknown> {
  const { operation } = route;
  if (operation.method === 'GET' || operation.method === 'DELETE') return { ...queryInput(req, route), ...params };
  assertJsonBody(req);
  const body: unknown = req.body;
  if (body === undefined || body === null || (!hasBody(req) && !operation.bodyRequired)) {
    if (operation.bodyRequired) {
      throw new AppError('validation_failed', {
        message: 'A JSON object body is required.',
        extra: { issues: [{ path: '(body)', message: 'is required' }] },
      });
    }
    return { ...params };
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('validation_failed', {
      message: 'The body must be a JSON object.',
      extra: { issues: [{ path: '(body)', message: 'must be a JSON object' }] },
    });
  }
  return { ...(body as Record<string, unknown>), ...params };
}

/**
 * REST over the contract: each operation with a path is served there, running its procedure's
 * steps directly (invokeOperation), so status, headers and bodies are exactly ours. One middleware
 * matches the path against the routes in router order, rather than an express layer per route.
 * A known path with an unsupported method answers 405 with Allow; an unknown one falls through.
 */
export function restRouter(services: Services): RequestHandler {
  // A route these services do not serve (a sandbox-only one with a live provider) falls through to 404.
  const routes = restRoutes(operationsServedBy(services)).map(compile);
  const staticRoutes = indexStaticRoutes(routes);
  const routesByFirstSegment = groupByFirstSegment(routes);
  const methodsByPath = groupBy(
    routes,
    (route): string => route.operation.path,
    (route) => route.operation.method,
  );

  async function serve(req: Request, res: Response, route: CompiledRoute, params: Record<string, string>): Promise<void> {
    req.routeTemplate = route.operation.path;
    const ctx = contextFromRequest(services, req, 'rest');
    try {
      const output = await invokeOperation(ctx, route.handler, inputFor(req, route, params), route.pathParameters);
      writeJson(res, ctx.response.status ?? route.operation.successStatus, output as object, ctx.response.headers);
    } catch (error) {
      sendError(req, res, error, ctx.response.headers);
    }
  }

  return (req: Request, res: Response, next: NextFunction) => {
    // HEAD is a GET without its body, as express routes it.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = req.path;
    const staticRoute = staticRoutes.get(routeKey(method, path));
    if (staticRoute?.match(path)) return void serve(req, res, staticRoute, {});
    let knownPath: string | undefined;
    for (const route of routesByFirstSegment.get(firstSegment(path)) ?? []) {
      let matched: ReturnType<CompiledRoute['match']>;
      try {
        matched = route.match(path);
      } catch (error) {
        next(error);
        return;
      }
      if (!matched) continue;
      knownPath ??= route.operation.path;
      if (route.operation.method === method) return void serve(req, res, route, matched.params);
    }
    if (knownPath === undefined) {
      next();
      return;
    }
    const allowed = methodsByPath.get(knownPath);
    // Both indexes are built from the same routes.
    if (!allowed) throw new Error(`no methods are indexed for ${knownPath}, a path a route matched`);
    res.set('Allow', allowed.join(', '));
    sendError(req, res, new AppError('method_not_allowed'));
  };
}
