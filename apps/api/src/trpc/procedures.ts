import { initTRPC } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Operation, Scope } from '@textline/contract';
import type { AuthContext, LegacyKeyContext } from '../auth/authenticator.ts';
import { insufficientScope, unauthorized } from '../auth/challenges.ts';
import { consoleAuthContext, requireConsoleSession } from '../auth/console-session.ts';
import type { RequestContext } from './context.ts';
import { invalidInputError, toAppError, trpcCodeOf } from '../http/errors.ts';
import { enforceSendRateLimit } from '../limits/send-rate-limiter.ts';
import { repeatsAcceptedSend } from '../domain/messages/send.ts';

export type ProcedureMeta = OpenApiMeta & { operation?: Operation };

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    // /trpc clients get the same bodies as REST; no stack or internal message ever leaves the process.
    // The envelope's code follows the status, so a client's 404 reads NOT_FOUND, not INTERNAL_SERVER_ERROR.
    errorFormatter: ({ error, shape }) => {
      const appError = toAppError(error);
      const code = trpcCodeOf(appError);
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY[code],
        message: appError.message,
        data: { code, httpStatus: appError.status, body: appError.toBody() },
      };
    },
  });

export const router = t.router;

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

type CallType = 'query' | 'mutation' | 'subscription';

/**
 * What a bearer operation adds to the context: the caller, after its scope and send rate limit, and
 * whether a send token was taken (see refundSend). `readRawInput` gives the request as sent, not yet
 * validated; only an empty send bucket reads it.
 */
async function authorizeBearer(
  ctx: RequestContext,
  operation: Operation,
  scope: Scope,
  type: CallType,
  readRawInput: ReadRawInput,
): Promise<{ auth: AuthContext; sendTokenTaken: boolean }> {
  let auth: AuthContext;
  if (ctx.preauthenticated) {
    auth = ctx.preauthenticated;
  } else if (ctx.transport === 'trpc' && ctx.authorization === undefined && ctx.consoleSession?.cookie) {
    auth = await consoleAuthContext(ctx, type);
  } else {
    const result = await ctx.services.authenticator.authenticate(ctx.authorization);
    if (!result.ok) throw unauthorized(result.reason, ctx.log);
    auth = result.value;
    if (!auth.scopes.includes(scope)) throw insufficientScope(scope);
  }
  if (operation.rateLimit !== 'message_send') return { auth, sendTokenTaken: false };
  // Before the input is validated: an over-limit caller gets 429 whatever it sent (SPEC section 8
  // order), except for an idempotent replay, which creates nothing and answers the original message.
  const isReplay = async () => repeatsAcceptedSend(ctx.services, auth.workspaceId, await readRawInput());
  const { tokenTaken } = await enforceSendRateLimit(ctx.services.rateLimiter, auth, isReplay);
  return { auth, sendTokenTaken: tokenTaken };
}

async function authorizeLegacyKey(ctx: RequestContext): Promise<{ legacyKey: LegacyKeyContext }> {
  const result = await ctx.services.authenticator.authenticateLegacyKey(ctx.authorization);
  if (!result.ok) throw unauthorized(result.reason, ctx.log);
  return { legacyKey: result.value };
}

/** The input as sent, read only when authorisation needs it (tRPC reads it from the request on demand). */
type ReadRawInput = () => unknown;

/** What an operation's handler gets in its context beyond the request's: who is calling. */
type Authorize<TCaller extends object> = (ctx: RequestContext, type: CallType, readRawInput: ReadRawInput) => Promise<TCaller>;

type Resolver = (options: { ctx: never; input: never }) => unknown;
type DirectEntry = { operation: Operation; authorize: Authorize<object>; type: 'query' | 'mutation'; resolver: Resolver };

// Each operation's handler by name, as its router declared it, for transports that call it directly.
const directEntries = new Map<string, DirectEntry>();

/**
 * The operation's procedure: its metadata, `authorize` as its middleware, its contract's input and
 * output. The handler its `.query()` or `.mutation()` receives is noted too, so that REST and MCP
 * can run the operation (authorize, parse input, handle, parse output: the same steps as the
 * procedure) without tRPC's per-call machinery, a tenth of a request's CPU on the hot routes.
 */
function contractProcedure<TOperation extends Operation, TCaller extends object>(operation: TOperation, authorize: Authorize<TCaller>) {
  const builder = t.procedure
    .meta(metaFor(operation))
    .use(async ({ ctx, type, next, getRawInput }) => next({ ctx: { ...ctx, ...(await authorize(ctx, type, getRawInput)) } }))
    .input(operation.input as TOperation['input'])
    .output(operation.output as TOperation['output']);
  return new Proxy(builder, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if ((key !== 'query' && key !== 'mutation') || typeof value !== 'function') return value;
      return (resolver: Resolver) => {
        directEntries.set(operation.name, { operation, authorize, type: key, resolver });
        return value.call(target, resolver);
      };
    },
  });
}

/**
 * Runs an operation as its procedure would for this context and raw input; REST and MCP share
 * this. Throws what the procedure would, as an AppError (validation_failed for the input, or a 404
 * when one of the REST `pathParameters` fails its schema: see invalidInputError).
 */
export async function invokeOperation(ctx: RequestContext, name: string, rawInput: unknown, pathParameters: readonly string[] = []): Promise<unknown> {
  const entry = directEntries.get(name);
  if (!entry) throw new Error(`no operation named ${name}`);
  const { operation, authorize, type, resolver } = entry;
  const caller = await authorize(ctx, type, () => rawInput);
  const input = await operation.input.safeParseAsync(rawInput);
  if (!input.success) throw invalidInputError(operation, input.error.issues, pathParameters);
  const output: unknown = await resolver({ ctx: { ...ctx, ...caller }, input: input.data } as never);
  const checked = await operation.output.safeParseAsync(output);
  if (!checked.success) throw new Error(`${name} returned output that does not match its contract`, { cause: checked.error });
  return checked.data;
}

/** An operation anyone may call. */
export function publicOperation<TOperation extends Operation>(operation: TOperation) {
  if (operation.auth.kind !== 'none') throw new Error(`${operation.name} is not public`);
  return contractProcedure(operation, async () => ({}));
}

/**
 * An operation behind a `txt_` bearer token with the entry's scope. Over MCP the tool call itself
 * was authorised with mcp:execute (DESIGN.md: MCP is the agent's control plane).
 */
export function scopedOperation<TOperation extends Operation>(operation: TOperation) {
  const auth = operation.auth;
  if (auth.kind !== 'bearer') throw new Error(`${operation.name} is not a bearer-token operation`);
  return contractProcedure(operation, (ctx, type, readRawInput) => authorizeBearer(ctx, operation, auth.scope, type, readRawInput));
}

/** The one operation that takes a legacy `txk_` key as its bearer credential. */
export function legacyKeyOperation<TOperation extends Operation>(operation: TOperation) {
  if (operation.auth.kind !== 'legacy_key') throw new Error(`${operation.name} is not a legacy-key operation`);
  return contractProcedure(operation, authorizeLegacyKey);
}

/** A console operation, authenticated by the session cookie (see requireConsoleSession). */
export function sessionOperation<TOperation extends Operation>(operation: TOperation) {
  if (operation.auth.kind !== 'session') throw new Error(`${operation.name} is not a console-session operation`);
  return contractProcedure(operation, async (ctx, type) => ({ session: await requireConsoleSession(ctx, type) }));
}
