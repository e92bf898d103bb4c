import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { AppError, type Operation, type Scope } from '@textline/contract';
import type { AuthContext, AuthFailure } from '../auth/authenticator.ts';
import type { RequestContext } from './context.ts';
import { toAppError } from '../http/errors.ts';

export type ProcedureMeta = OpenApiMeta & { operation?: Operation };

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    // /trpc clients get the same bodies as REST; no stack or internal message ever leaves the process.
    errorFormatter: ({ error, shape }) => {
      const appError = toAppError(error);
      return { ...shape, message: appError.message, data: { httpStatus: appError.status, body: appError.toBody() } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

function metaFor(operation: Operation): ProcedureMeta {
  return {
    operation,
    openapi: {
      method: operation.method,
      path: operation.path,
      summary: operation.summary,
      description: operation.description,
      tags: operation.tags,
      protect: operation.auth.kind !== 'none',
    },
  };
}

function unauthorized(reason: AuthFailure, ctx: RequestContext): AppError {
  ctx.log.info({ reason }, 'authentication refused');
  const description = reason === 'missing' ? '' : ', error="invalid_token"';
  return new AppError('unauthorized', { headers: { 'WWW-Authenticate': `Bearer realm="textline"${description}` } });
}

function insufficientScope(scope: Scope): AppError {
  return new AppError('unauthorized', {
    status: 403,
    message: `This token lacks the ${scope} scope.`,
    headers: { 'WWW-Authenticate': `Bearer realm="textline", error="insufficient_scope", scope="${scope}"` },
  });
}

/** An operation anyone may call. */
export function publicOperation<TOperation extends Operation>(operation: TOperation) {
  if (operation.auth.kind !== 'none') throw new Error(`${operation.name} is not public`);
  return t.procedure.meta(metaFor(operation)).input(operation.input as TOperation['input']).output(operation.output as TOperation['output']);
}

/**
 * An operation behind a `txt_` bearer token with the entry's scope. Over MCP the tool call itself
 * was authorised with mcp:execute (DESIGN.md: MCP is the agent's control plane).
 */
export function scopedOperation<TOperation extends Operation>(operation: TOperation) {
  const auth = operation.auth;
  if (auth.kind !== 'bearer') throw new Error(`${operation.name} is not a bearer-token operation`);
  return t.procedure
    .meta(metaFor(operation))
    .use(async ({ ctx, next }) => {
      let authContext: AuthContext;
      if (ctx.preauthenticated) {
        authContext = ctx.preauthenticated;
      } else {
        const result = await ctx.services.authenticator.authenticate(ctx.authorization);
        if (!result.ok) throw unauthorized(result.reason, ctx);
        authContext = result.value;
        if (!authContext.scopes.includes(auth.scope)) throw insufficientScope(auth.scope);
      }
      return next({ ctx: { ...ctx, auth: authContext } });
    })
    .input(operation.input as TOperation['input'])
    .output(operation.output as TOperation['output']);
}

/** The one operation that takes a legacy `txk_` key as its bearer credential. */
export function legacyKeyOperation<TOperation extends Operation>(operation: TOperation) {
  if (operation.auth.kind !== 'legacy_key') throw new Error(`${operation.name} is not a legacy-key operation`);
  return t.procedure
    .meta(metaFor(operation))
    .use(async ({ ctx, next }) => {
      const result = await ctx.services.authenticator.authenticateLegacyKey(ctx.authorization);
      if (!result.ok) throw unauthorized(result.reason, ctx);
      return next({ ctx: { ...ctx, legacyKey: result.value } });
    })
    .input(operation.input as TOperation['input'])
    .output(operation.output as TOperation['output']);
}
