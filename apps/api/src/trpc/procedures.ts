import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { AppError, type Operation } from '@textline/contract';
import type { AuthContext } from '../auth/authenticator.ts';
import { insufficientScope, unauthorized } from '../auth/challenges.ts';
import { consoleAuthContext, requireConsoleSession } from '../auth/console-session.ts';
import type { RequestContext } from './context.ts';
import { toAppError } from '../http/errors.ts';
import { enforceSendRateLimit } from '../limits/send-rate-limiter.ts';

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
  // Console-only operations have no REST path and so no place in openapi.json.
  if (operation.path === null) return { operation };
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
    .use(async ({ ctx, type, next }) => {
      let authContext: AuthContext;
      if (ctx.preauthenticated) {
        authContext = ctx.preauthenticated;
      } else if (ctx.transport === 'trpc' && ctx.authorization === undefined && ctx.consoleSession?.cookie) {
        authContext = await consoleAuthContext(ctx, type);
      } else {
        const result = await ctx.services.authenticator.authenticate(ctx.authorization);
        if (!result.ok) throw unauthorized(result.reason, ctx.log);
        authContext = result.value;
        if (!authContext.scopes.includes(auth.scope)) throw insufficientScope(auth.scope);
      }
      // Before .input(): an over-limit caller gets 429 whatever it sent (SPEC section 8 order).
      if (operation.rateLimit === 'message_send') await enforceSendRateLimit(ctx.services.sendRateLimiter, authContext);
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
      if (!result.ok) throw unauthorized(result.reason, ctx.log);
      return next({ ctx: { ...ctx, legacyKey: result.value } });
    })
    .input(operation.input as TOperation['input'])
    .output(operation.output as TOperation['output']);
}

/** A console operation, authenticated by the session cookie (see requireConsoleSession). */
export function sessionOperation<TOperation extends Operation>(operation: TOperation) {
  if (operation.auth.kind !== 'session') throw new Error(`${operation.name} is not a console-session operation`);
  return t.procedure
    .meta(metaFor(operation))
    .use(async ({ ctx, type, next }) => next({ ctx: { ...ctx, session: await requireConsoleSession(ctx, type) } }))
    .input(operation.input as TOperation['input'])
    .output(operation.output as TOperation['output']);
}
