import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { Scope } from './scopes.ts';
import type { OperationTag } from './tags.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * How a caller proves who it is: a `txt_` bearer token with `scope`, nothing, (only for the
 * migration route) a legacy `txk_` key, or the console's session cookie (plus a CSRF header on
 * mutations).
 */
export type OperationAuth = { kind: 'bearer'; scope: Scope } | { kind: 'none' } | { kind: 'legacy_key' } | { kind: 'session' };

export type McpToolSpec = {
  /** snake_case tool name, e.g. send_message */
  name: string;
  title: string;
  description: string;
  readOnly: boolean;
  destructive: boolean;
  /** Reaches people or systems outside the workspace: texts a phone, buys from a carrier, moves money. */
  openWorld?: boolean;
  /**
   * The output schema tools/list shows instead of the operation's, when that one costs a session's
   * context more than it tells: a looser schema that every answer of the operation's output still
   * matches (clients validate answers with it), e.g. each step's `detail` as a plain object.
   */
  listedOutput?: z.ZodObject;
};

/**
 * One entry per operation. REST routes, tRPC procedures, MCP tools and openapi.json are all
 * generated from these; nothing about an operation is written twice.
 */
export type Operation<
  TInput extends z.ZodObject = z.ZodObject,
  TOutput extends z.ZodType = z.ZodType,
  TMethod extends HttpMethod = HttpMethod,
> = {
  name: string;
  /**
   * openapi.json's operationId, the method name generated SDKs give it: a camelCase verb phrase. Only where
   * the rule of operationIdOf (from `name`) reads badly; SDK users depend on it, so it never changes.
   */
  operationId?: string;
  /** GET operations are tRPC queries, the others mutations (kept literal so the router's types can tell). */
  method: TMethod;
  /**
   * The public REST path, or null for console-only operations served on /trpc alone (sign-in, the
   * console session, the console's own token and billing views).
   */
  path: `/${string}` | null;
  auth: OperationAuth;
  summary: string;
  description: string;
  /** Its one group in openapi.json. */
  tags: readonly [OperationTag];
  input: TInput;
  output: TOutput;
  successStatus: number;
  /**
   * Other statuses the operation answers with its output, e.g. 200 for an idempotent replay or 503
   * from health when the database is down, and the
   * response headers, each with its one value, that only that status carries.
   */
  alternateSuccess?: { status: number; description: string; headers?: Record<string, { value: string; description: string }> }[];
  /** Domain errors beyond the automatic ones (auth, validation, internal). */
  errors: readonly ErrorCode[];
  /**
   * A per-token rate limit taken after authentication and before input validation. 'message_send'
   * is the send bucket of the token's tier (429 message_send_rate_limited; docs/api-rules.md).
   */
  rateLimit?: 'message_send';
  /**
   * Holds its request open for up to this many seconds, waiting for something to happen (a long poll):
   * an MCP tool call may run this much longer than MCP_TOOL_TIMEOUT_MS.
   */
  waitsUpToSeconds?: number;
  /**
   * Checks a password or backup code. Such a call must be alone in its request (a tRPC batch that
   * holds it with any other call is refused, batch_not_allowed), so one request costs at most one
   * password hash and one failed-attempt reservation.
   */
  checksCredentials?: true;
  /** Whether a JSON body is required (POST/PATCH); GET/DELETE never take one. */
  bodyRequired: boolean;
  /**
   * Served only with the sandbox carrier and sandboxpay: it drives what only the sandbox
   * providers can simulate. With a live provider its route answers 404 and its MCP tool is not listed.
   */
  sandboxOnly?: true;
  mcp: McpToolSpec | null;
};

export function defineOperation<TInput extends z.ZodObject, TOutput extends z.ZodType, TMethod extends HttpMethod>(
  operation: Operation<TInput, TOutput, TMethod>,
): Operation<TInput, TOutput, TMethod> {
  return operation;
}

/**
 * A console-only operation: served on /trpc, authenticated by the session cookie unless `auth`
 * says otherwise, and never a public REST route.
 */
export function defineConsoleOperation<TInput extends z.ZodObject, TOutput extends z.ZodType, TMethod extends HttpMethod>(
  entry: Pick<
    Operation<TInput, TOutput, TMethod>,
    'name' | 'method' | 'summary' | 'description' | 'input' | 'output' | 'checksCredentials'
  > & {
    errors?: readonly ErrorCode[];
    auth?: OperationAuth;
  },
): Operation<TInput, TOutput, TMethod> {
  return {
    path: null,
    auth: { kind: 'session' },
    tags: ['console'],
    successStatus: 200,
    bodyRequired: entry.method !== 'GET',
    mcp: null,
    ...entry,
    errors: entry.errors ?? [],
  };
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const singular = (noun: string) => (noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.replace(/s$/, ''));

/**
 * The operationId of an operation: its explicit `operationId`, else a camelCase verb phrase from its
 * procedure path `resource.action`: `list` takes the resource as it is (messages.list: listMessages),
 * any other verb its singular (messages.create: createMessage), and the rest of a compound action
 * follows the resource (campaigns.addStage: addCampaignStage).
 */
export function operationIdOf(operation: Pick<Operation, 'name' | 'operationId'>): string {
  if (operation.operationId) return operation.operationId;
  const [resource = '', action = ''] = operation.name.split('.');
  const [verb = '', ...rest] = action.split(/(?=[A-Z])/);
  const noun = verb === 'list' && rest.length === 0 ? resource : singular(resource);
  return `${verb}${capitalized(noun)}${rest.join('')}`;
}
