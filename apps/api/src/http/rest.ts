import { Router, type Request, type Response } from 'express';
import { AppError, type Operation } from '@textline/contract';
import { appRouter } from '../trpc/router.ts';
import { contextFromRequest, type RequestContext } from '../trpc/context.ts';
import { createCallerFactory, type ProcedureMeta } from '../trpc/procedures.ts';
import type { Services } from '../services.ts';
import { sendError } from './send-error.ts';

const createCaller = createCallerFactory(appRouter);

type Invoke = (input: unknown) => Promise<unknown>;

type RestOperation = Operation & { path: `/${string}` };
type RestRoute = { procedurePath: string; operation: RestOperation };

/** Every procedure whose contract operation has a REST path (console-only ones have none). */
export function restRoutes(): RestRoute[] {
  return Object.entries(appRouter._def.procedures).flatMap(([procedurePath, procedure]) => {
    const operation = (procedure as unknown as { _def: { meta?: ProcedureMeta } })._def.meta?.operation;
    return operation?.path ? [{ procedurePath, operation: operation as RestOperation }] : [];
  });
}

function resolve(caller: unknown, procedurePath: string): Invoke {
  return procedurePath.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as Invoke;
}

/** Calls a procedure by its dotted path through a server-side caller; REST and MCP tools share this. */
export function callProcedure(ctx: RequestContext, procedurePath: string, input: unknown): Promise<unknown> {
  return resolve(createCaller(ctx), procedurePath)(input);
}

/** `/messages/{id}` -> `/messages/:id` */
function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function hasBody(req: Request): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** A body, when one is sent, must be JSON (express.json leaves any other type unparsed). */
export function assertJsonBody(req: Request): void {
  if (hasBody(req) && !req.is('application/json')) throw new AppError('unsupported_media_type');
}

/** Builds the procedure input from body, query and path parameters; the path always wins. */
function inputFor(req: Request, operation: Operation): Record<string, unknown> {
  const params = req.params as Record<string, string>;
  if (operation.method === 'GET' || operation.method === 'DELETE') {
    return { ...(req.query as Record<string, unknown>), ...params };
  }
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
 * REST over the tRPC router: each contract operation becomes an express route that calls its
 * procedure through a server-side caller, so status, headers and bodies are exactly ours.
 */
export function restRouter(services: Services): Router {
  const rest = Router();
  for (const { procedurePath, operation } of restRoutes()) {
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    rest[method](expressPath(operation.path), async (req: Request, res: Response) => {
      const ctx = contextFromRequest(services, req, 'rest');
      try {
        const input = inputFor(req, operation);
        const output = await callProcedure(ctx, procedurePath, input);
        res.set(ctx.response.headers).status(ctx.response.status ?? operation.successStatus).json(output);
      } catch (error) {
        sendError(req, res, error, ctx.response.headers);
      }
    });
  }
  // A known path with an unsupported method answers 405 with Allow, not 404.
  const methodsByPath = new Map<string, string[]>();
  for (const { operation } of restRoutes()) {
    methodsByPath.set(operation.path, [...(methodsByPath.get(operation.path) ?? []), operation.method]);
  }
  for (const [path, methods] of methodsByPath) {
    rest.all(expressPath(path), (req: Request, res: Response) => {
      res.set('Allow', methods.join(', '));
      sendError(req, res, new AppError('method_not_allowed'));
    });
  }
  return rest;
}
