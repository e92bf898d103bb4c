import { z } from 'zod';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { CallToolRequest, CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '@textline/contract';
import { toAppError } from '../http/errors.ts';
import { portableSchema } from '../lib/portable-schema.ts';
import { invokeOperation, type OperationHandler } from '../operations/handler.ts';
import { operationsServedBy, type ServedOperation } from '../operations/index.ts';
import type { RequestContext } from '../trpc/context.ts';
import type { AuthContext } from '../auth/authenticator.ts';
import { missingToolScope } from '../auth/tool-access.ts';
import { compactInputSchema, compactOutputSchema } from './compact-schema.ts';
import { isSelected, type ToolSelection } from './toolsets.ts';

/**
 * The one place an operation becomes an MCP tool. The native endpoint registers these with the SDK
 * and the legacy REST surface lists and runs the same definitions.
 */
export type McpTool = {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  /** MCP requires an object; a non-object operation output is wrapped as `{result}`. */
  outputSchema: z.ZodObject;
  /** What tools/list shows as the output schema (the operation's listedOutput, else outputSchema). */
  listedOutputSchema: z.ZodObject;
  wrapsOutput: boolean;
  annotations: ToolAnnotations;
  handler: OperationHandler;
};

function toolFor(handler: OperationHandler): McpTool | undefined {
  const { operation } = handler;
  const spec = operation.mcp;
  if (!spec) return undefined;
  const wrapsOutput = !(operation.output instanceof z.ZodObject);
  const outputSchema = wrapsOutput ? z.object({ result: operation.output }) : (operation.output as z.ZodObject);
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: operation.input,
    outputSchema,
    listedOutputSchema: spec.listedOutput ?? outputSchema,
    wrapsOutput,
    // No annotations.title: clients show the tool's own title before it, and every session pays for both.
    annotations: {
      readOnlyHint: spec.readOnly,
      destructiveHint: spec.destructive,
      // GET, PATCH and DELETE can be repeated with no further effect; a POST creates again.
      idempotentHint: operation.method !== 'POST',
      openWorldHint: spec.openWorld ?? false,
    },
    handler,
  };
}

/** The tools of each served list (operationsServedBy gives one of two lists): built once per list. */
const toolsByList = new WeakMap<readonly ServedOperation[], McpTool[]>();

/** The tools of `served` (operationsServedBy(services)): each operation with an `mcp` entry, in the list's order. */
export function mcpTools(served: readonly ServedOperation[]): McpTool[] {
  let tools = toolsByList.get(served);
  if (!tools) {
    tools = served.flatMap(({ handler }) => toolFor(handler) ?? []);
    toolsByList.set(served, tools);
  }
  return tools;
}

export function findTool(served: readonly ServedOperation[], name: string): McpTool | undefined {
  return mcpTools(served).find((tool) => tool.name === name);
}

/** Keywords that combine whole schemas; openapi.json keeps them on a request body. */
const combinators = new Set(['oneOf', 'anyOf', 'allOf']);

/**
 * Claude's and OpenAI's function calling refuse a tool whose input schema has oneOf, anyOf or allOf at its
 * top level, so a tool lists its arguments without them: its description says which go together, and a
 * call is still checked against the whole input (validation_failed).
 */
function withoutTopLevelCombinators(schema: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([keyword]) => !combinators.has(keyword)));
}

/**
 * The tool as tools/list describes it: its schemas converted as the SDK's McpServer converts them, made
 * portable to every model provider's function-calling dialect (lib/portable-schema.ts), then compact
 * (compact-schema.ts).
 */
function toolListing(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: compactInputSchema(
      withoutTopLevelCombinators(
        portableSchema(toJsonSchemaCompat(tool.inputSchema, { strictUnions: true, pipeStrategy: 'input' })),
      ),
    ) as Tool['inputSchema'],
    outputSchema: compactOutputSchema(
      portableSchema(toJsonSchemaCompat(tool.listedOutputSchema, { strictUnions: true, pipeStrategy: 'output' })),
    ) as Tool['outputSchema'],
    annotations: tool.annotations,
  };
}

const listingsByList = new WeakMap<readonly ServedOperation[], Tool[]>();

/** The tools of `served` as tools/list describes them (the native endpoint and the legacy GET /mcp/tools). */
export function toolListings(served: readonly ServedOperation[]): Tool[] {
  let listings = listingsByList.get(served);
  if (!listings) {
    listings = mcpTools(served).map(toolListing);
    listingsByList.set(served, listings);
  }
  return listings;
}

/**
 * The tools `caller` may call, as tools/list describes them: a token sees only the tools whose scope it
 * holds (missingToolScope), and only those of `selection` (the core and the chosen tool sets; the
 * legacy GET /mcp/tools lists every set). Any tool the token may call can be called, listed or not.
 */
export function toolListingsFor(
  served: readonly ServedOperation[],
  caller: Pick<AuthContext, 'scopes' | 'origin'>,
  selection: ToolSelection | 'every set',
): Tool[] {
  const listings = toolListings(served);
  return mcpTools(served).flatMap((tool, index) => {
    const { operation } = tool.handler;
    const selected = selection === 'every set' || isSelected(operation, selection);
    return selected && missingToolScope(caller, operation) === undefined ? [listings[index] as Tool] : [];
  });
}

export type ToolOutcome = { ok: true; output: unknown } | { ok: false; error: AppError };

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new AppError('timeout', { message: `The tool did not finish within ${timeoutMs} ms.` })),
      timeoutMs,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs the tool's procedure as the MCP caller (`ctx.preauthenticated`), bounded by MCP_TOOL_TIMEOUT_MS.
 * A timed-out call may still complete in the background; the `timeout` fix tells the agent to check.
 */
export async function runTool(tool: McpTool, args: unknown, ctx: RequestContext): Promise<ToolOutcome> {
  try {
    // A long poll (wait_for_reply) may wait its longest wait beyond the usual time-out.
    const timeoutMs = ctx.services.config.mcpToolTimeoutMs + (tool.handler.operation.waitsUpToSeconds ?? 0) * 1000;
    const output = await withTimeout(invokeOperation(ctx, tool.handler, args ?? {}), timeoutMs);
    ctx.log.info({ tool: tool.name }, 'mcp tool call succeeded');
    return { ok: true, output };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === 'internal_error') {
      ctx.log.error({ err: error, tool: tool.name }, 'mcp tool call failed');
      return { ok: false, error: new AppError('internal_error', { extra: { request_id: ctx.requestId } }) };
    }
    ctx.log.info({ tool: tool.name, code: appError.code }, 'mcp tool call refused');
    return { ok: false, error: appError };
  }
}

/**
 * A failed call as the native endpoint answers it: isError, with the catalogue's code, message, retry
 * and the fix that names tools rather than REST routes (`tool`: the tool called, if it exists).
 */
function toolError(error: AppError, tool: string | undefined): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(error.toToolDetail(tool)) }], isError: true };
}

/** The native result: structured output matching outputSchema, or toolError. */
function toolResult(tool: McpTool, outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) return toolError(outcome.error, tool.name);
  const structured = (tool.wrapsOutput ? { result: outcome.output } : outcome.output) as Record<string, unknown>;
  // The key order the SDK's result validation gives, so both ways of answering write the same bytes.
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/**
 * A native tools/call as `ctx`'s caller: the named tool run on the raw arguments, which its
 * procedure validates. Any failure, invalid arguments and unknown tools included, is an isError
 * result in the catalogue's {code, message, fix, retry} form, as the instructions promise.
 */
export async function callTool(params: CallToolRequest['params'], ctx: RequestContext): Promise<CallToolResult> {
  const tool = findTool(operationsServedBy(ctx.services), params.name);
  if (!tool)
    return toolError(new AppError('not_found', { message: `No tool named ${params.name}; tools/list lists them.` }), undefined);
  return toolResult(tool, await runTool(tool, params.arguments ?? {}, ctx));
}
