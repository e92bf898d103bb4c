import {
  initTRPC,
  type TRPCDefaultErrorShape,
  type TRPCError,
  type TRPCMutationProcedure,
  type TRPCQueryProcedure,
} from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { z } from 'zod';
import { AppError, type HttpMethod, type Operation } from '@textline/contract';
import type { RequestContext } from './context.ts';
import { toAppError, trpcCodeOf } from '../http/errors.ts';
import type { OperationHandler } from '../operations/handler.ts';
import { countOperationCall } from '../metrics/count.ts';
import { servesOperation } from '../providers/sandbox-mode.ts';

/**
 * /trpc clients get the same bodies as REST; no stack or internal message ever leaves the process.
 * The envelope's code follows the status, so a client's 404 reads NOT_FOUND, not INTERNAL_SERVER_ERROR.
 * `detail` is the catalogue's full description (message, fix, retry hint) whatever the body's shape:
 * a string-shaped body such as insufficient_balance's names only the code, and the console shows the fix.
 */
function formatError({ error, shape }: { error: TRPCError; shape: TRPCDefaultErrorShape }) {
  const appError = toAppError(error);
  const code = trpcCodeOf(appError);
  return {
    ...shape,
    code: TRPC_ERROR_CODES_BY_KEY[code],
    message: appError.message,
    data: { code, httpStatus: appError.status, body: appError.toBody(), detail: appError.toDetail() },
  };
}

const t = initTRPC.context<RequestContext>().meta<OpenApiMeta>().create({ errorFormatter: formatError });

export const router = t.router;

function metaFor(operation: Operation): OpenApiMeta {
  // Console-only operations have no REST path and so no place in openapi.json.
  if (operation.path === null) return {};
  return {
    openapi: {
      method: operation.method,
      path: operation.path,
      summary: operation.summary,
      description: operation.description,
      tags: [...operation.tags],
      protect: operation.auth.kind !== 'none',
    },
  };
}

/** The operation's procedure: its metadata, `authorize` as its middleware, its contract's input and output, its handler. */
function procedureFor(handler: OperationHandler) {
  const { operation } = handler;
  const builder = t.procedure
    .meta(metaFor(operation))
    .use(async ({ ctx, next }) => {
      if (!ctx.services.metrics) return next();
      const result = await next();
      countOperationCall(ctx, operation, result.ok ? undefined : result.error);
      return result;
    })
    .use(async ({ ctx, type, next, getRawInput }) => {
      // One router serves every deployment: an operation these services do not serve (a sandbox-only one
      // with a live provider) is not found here either, as on REST and MCP.
      if (!servesOperation(ctx.services, operation)) throw new AppError('not_found');
      const callerCtx = { ...ctx, ...(await handler.authorize(ctx, type, getRawInput)) };
      // The rest (input parse, handler) runs inside next(): a refusal there gives back what authorize took.
      const result = await next({ ctx: callerCtx });
      if (!result.ok) await handler.release?.(callerCtx);
      return result;
    })
    .input(operation.input)
    .output(operation.output);
  return operation.method === 'GET'
    ? builder.query((args) => handler.handle(args))
    : builder.mutation((args) => handler.handle(args));
}

type ProcedureTypes<TInput extends z.ZodType, TOutput extends z.ZodType> = {
  input: z.input<TInput>;
  output: z.output<TOutput>;
  meta: OpenApiMeta;
  errorShape: ReturnType<typeof formatError>;
};

/** The procedure tRPC's builder types for the handler's operation: a GET is a query, any other method a mutation. */
type ProcedureOf<THandler> =
  THandler extends OperationHandler<Operation<infer TInput, infer TOutput, infer TMethod extends HttpMethod>, infer _TCaller>
    ? TMethod extends 'GET'
      ? TRPCQueryProcedure<ProcedureTypes<TInput, TOutput>>
      : TRPCMutationProcedure<ProcedureTypes<TInput, TOutput>>
    : never;

type ProceduresOf<TList> = {
  [TResource in keyof TList]: { [TName in keyof TList[TResource]]: ProcedureOf<TList[TResource][TName]> };
};

/** The router's record for handlers by resource and short name: `messages.create` is `list.messages.create`'s procedure. */
export function proceduresFor<TList extends Record<string, Record<string, OperationHandler>>>(list: TList): ProceduresOf<TList> {
  const procedures = Object.fromEntries(
    Object.entries(list).map(([resource, handlers]) => [
      resource,
      Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, procedureFor(handler)])),
    ]),
  );
  // The one cast. Each procedure is built from a handler typed `OperationHandler` (any operation), so
  // tRPC types it with any input and output; ProceduresOf gives it the types tRPC's builder gives a
  // procedure built from that handler's own operation.
  return procedures as ProceduresOf<TList>;
}
