import type { z } from 'zod';
import { grantsScope, type Operation, type Scope } from '@textline/contract';
import type { AuthContext, LegacyKeyContext } from '../auth/authenticator.ts';
import { insufficientScope, unauthorized } from '../auth/challenges.ts';
import { missingToolScope, toolScopeFix } from '../auth/tool-access.ts';
import { consoleAuthContext, requireConsoleSession, type ConsoleSessionContext } from '../auth/console-session.ts';
import { repeatsAcceptedSend } from '../domain/messages/send.ts';
import { invalidInputError } from '../http/errors.ts';
import { countOperationCall } from '../metrics/count.ts';
import { reportRateLimit } from '../limits/keyed-limiter.ts';
import { enforceSendRateLimit, refundSend } from '../limits/send-rate-limiter.ts';
import type { RequestContext } from '../trpc/context.ts';

/** tRPC's kind of call: a GET operation is a query, any other a mutation (the console's CSRF check tells them apart). */
export type CallType = 'query' | 'mutation' | 'subscription';

const callTypeOf = (operation: Operation): CallType => (operation.method === 'GET' ? 'query' : 'mutation');

/** The input as sent, not yet validated; read only when authorisation needs it. */
export type ReadRawInput = () => unknown;

/**
 * Who is calling, added to the handler's context, or a refusal (a thrown AppError). Runs before the
 * input is validated, so a caller without access learns nothing from a 422.
 */
export type Authorize<TCaller extends object = object> = (
  ctx: RequestContext,
  type: CallType,
  readRawInput: ReadRawInput,
) => Promise<TCaller>;

export type HandlerArgs<TOperation extends Operation, TCaller extends object> = {
  ctx: RequestContext & TCaller;
  input: z.output<TOperation['input']>;
};

/**
 * An operation as this service serves it: the contract's entry, how its caller is authorised and
 * what it does. Built by `open`, `bearer`, `session` or `legacyKey`; the tRPC router, the REST routes
 * and the MCP tools are all made from the list of them in operations/index.ts.
 */
export type OperationHandler<TOperation extends Operation = Operation, TCaller extends object = object> = {
  readonly operation: TOperation;
  readonly authorize: Authorize<TCaller>;
  // A method rather than a function-typed property: TypeScript compares a method's parameter both
  // ways, so the handler of any operation fits `OperationHandler`, the type of the lists that hold
  // them all. The builders below check each handler against its own operation and caller.
  handle(args: HandlerArgs<TOperation, TCaller>): z.input<TOperation['output']> | Promise<z.input<TOperation['output']>>;
  /** Gives back what `authorize` took for a call that then failed (its input refused, or its handler threw). */
  release?(ctx: RequestContext & TCaller): Promise<void>;
};

type Handle<TOperation extends Operation, TCaller extends object> = OperationHandler<TOperation, TCaller>['handle'];

/**
 * What a bearer operation adds to the context: the caller, after its scope and send rate limit, and
 * whether send tokens were taken (see refundSend: only an accepted send keeps them). `readRawInput`
 * gives the request as sent, not yet validated; only an empty send bucket reads it.
 */
export type BearerCaller = { auth: AuthContext; sendTokenTaken: boolean };

async function authorizeBearer(
  ctx: RequestContext,
  operation: Operation,
  scope: Scope,
  type: CallType,
  readRawInput: ReadRawInput,
): Promise<BearerCaller> {
  let auth: AuthContext;
  if (ctx.preauthenticated) {
    auth = ctx.preauthenticated;
    const missing = missingToolScope(auth, operation);
    if (missing) throw insufficientScope(missing, { fix: toolScopeFix(missing) });
  } else if (ctx.transport === 'trpc' && ctx.authorization === undefined && ctx.consoleSession?.cookie) {
    auth = await consoleAuthContext(ctx, type);
  } else {
    const result = await ctx.services.authenticator.authenticate(ctx.authorization);
    if (!result.ok) throw unauthorized(result.reason, ctx.log);
    auth = result.value;
    if (!grantsScope(auth.scopes, scope)) throw insufficientScope(scope);
  }
  if (operation.rateLimit !== 'message_send') return { auth, sendTokenTaken: false };
  // Before the input is validated: an over-limit caller gets 429 whatever it sent (the send's published
  // order of checks), except for an idempotent replay, which creates nothing and answers the original message.
  const isReplay = async () => repeatsAcceptedSend(ctx.services, auth.workspaceId, await readRawInput());
  const { tokenTaken } = await enforceSendRateLimit(ctx.services.rateLimiter, auth, isReplay, reportRateLimit(ctx));
  return { auth, sendTokenTaken: tokenTaken };
}

async function authorizeLegacyKey(ctx: RequestContext): Promise<{ legacyKey: LegacyKeyContext }> {
  const result = await ctx.services.authenticator.authenticateLegacyKey(ctx.authorization);
  if (!result.ok) throw unauthorized(result.reason, ctx.log);
  return { legacyKey: result.value };
}

/** What a public operation adds to the context: nothing. One settled promise serves every call. */
const anyone: Promise<object> = Promise.resolve({});

/** An operation anyone may call. */
export function open<TOperation extends Operation>(
  operation: TOperation,
  handle: Handle<TOperation, object>,
): OperationHandler<TOperation> {
  if (operation.auth.kind !== 'none') throw new Error(`${operation.name} is not public`);
  return { operation, authorize: () => anyone, handle };
}

/**
 * An operation behind a `txt_` bearer token with the entry's scope. Over MCP the tool call was
 * authorised with mcp:execute and still needs the same scope (missingToolScope).
 */
export function bearer<TOperation extends Operation>(
  operation: TOperation,
  handle: Handle<TOperation, BearerCaller>,
): OperationHandler<TOperation, BearerCaller> {
  const auth = operation.auth;
  if (auth.kind !== 'bearer') throw new Error(`${operation.name} is not a bearer-token operation`);
  return {
    operation,
    authorize: (ctx, type, readRawInput) => authorizeBearer(ctx, operation, auth.scope, type, readRawInput),
    handle,
    // Only accepted sends spend: a refused one (402, 403 suppressed, 422) gives its send tokens back.
    async release(ctx) {
      if (ctx.sendTokenTaken) await refundSend(ctx.services.rateLimiter, ctx.auth);
    },
  };
}

/** The one operation that takes a legacy `txk_` key as its bearer credential. */
export function legacyKey<TOperation extends Operation>(
  operation: TOperation,
  handle: Handle<TOperation, { legacyKey: LegacyKeyContext }>,
): OperationHandler<TOperation, { legacyKey: LegacyKeyContext }> {
  if (operation.auth.kind !== 'legacy_key') throw new Error(`${operation.name} is not a legacy-key operation`);
  return { operation, authorize: authorizeLegacyKey, handle };
}

/** A console operation, authenticated by the session cookie (see requireConsoleSession). */
export function session<TOperation extends Operation>(
  operation: TOperation,
  handle: Handle<TOperation, { session: ConsoleSessionContext }>,
): OperationHandler<TOperation, { session: ConsoleSessionContext }> {
  if (operation.auth.kind !== 'session') throw new Error(`${operation.name} is not a console-session operation`);
  return { operation, authorize: async (ctx, type) => ({ session: await requireConsoleSession(ctx, type) }), handle };
}

/**
 * Runs an operation for this context and raw input as its tRPC procedure would (authorize, parse
 * input, handle, parse output) without tRPC's per-call machinery, which the hot routes would pay on
 * every request; REST and MCP share this. Throws what the procedure would, as an AppError
 * (validation_failed for the input, or a 404 when one of the REST `pathParameters` fails its
 * schema: see invalidInputError).
 */
export async function invokeOperation(
  ctx: RequestContext,
  handler: OperationHandler,
  rawInput: unknown,
  pathParameters: readonly string[] = [],
): Promise<unknown> {
  if (!ctx.services.metrics) return runOperation(ctx, handler, rawInput, pathParameters);
  try {
    const output = await runOperation(ctx, handler, rawInput, pathParameters);
    countOperationCall(ctx, handler.operation);
    return output;
  } catch (error) {
    countOperationCall(ctx, handler.operation, error);
    throw error;
  }
}

async function runOperation(
  ctx: RequestContext,
  handler: OperationHandler,
  rawInput: unknown,
  pathParameters: readonly string[],
): Promise<unknown> {
  const { operation } = handler;
  const caller = await handler.authorize(ctx, callTypeOf(operation), () => rawInput);
  const callerCtx = { ...ctx, ...caller };
  let output: unknown;
  try {
    // Synchronous parses: no contract schema refines asynchronously, and zod's async parse costs more CPU
    // for nothing, the more the larger the value (a list page).
    const input = operation.input.safeParse(rawInput);
    if (!input.success) throw invalidInputError(operation, input.error.issues, pathParameters);
    output = await handler.handle({ ctx: callerCtx, input: input.data });
  } catch (error) {
    await handler.release?.(callerCtx);
    throw error;
  }
  const checked = operation.output.safeParse(output);
  if (!checked.success)
    throw new Error(`${operation.name} returned output that does not match its contract`, { cause: checked.error });
  return checked.data;
}
