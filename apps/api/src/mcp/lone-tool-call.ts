/**
 * The MCP lone-call path. Bypasses: the SDK's Server and StreamableHTTPServerTransport for a POST
 * /mcp that is a single tools/call, answering it here with the bytes the SDK would write. Why:
 * routing one request through the SDK (its type guards, abort controller, promise chain and three
 * re-validations) would run that machinery, which a lone call does not need, on every MCP send. The
 * test 'answers a lone tools/call (our path) byte for byte as the SDK server answers it in a batch'
 * (mcp.test.ts) pins it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  CallToolRequestSchema,
  JSONRPCRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolRequest,
  type CallToolResult,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { writeJson } from '../http/json-response.ts';

export type LoneToolCall = { id: RequestId; params: CallToolRequest['params'] };

/**
 * The tools/call of a POST /mcp that is one valid tools/call request and nothing else (no batch,
 * no task augmentation) and passes every header check of the SDK's streamable HTTP transport, or
 * undefined. Those requests are every tool call an agent makes. Everything else, every HTTP-level
 * and JSON-RPC error included, is the SDK's to answer.
 */
export function loneToolCall(req: IncomingMessage & { body?: unknown }): LoneToolCall | undefined {
  const accept = req.headers.accept;
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (!isJsonContentType(req.headers['content-type'])) return undefined;
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  const envelope = JSONRPCRequestSchema.safeParse(req.body);
  if (!envelope.success || envelope.data.method !== 'tools/call') return undefined;
  const call = CallToolRequestSchema.safeParse(envelope.data);
  if (!call.success || call.data.params.task !== undefined) return undefined;
  return { id: envelope.data.id, params: call.data.params };
}

/** The JSON-RPC response to a lone tool call, as the SDK's transport writes it, key for key. */
export function writeLoneToolCallResult(res: ServerResponse, toolCall: LoneToolCall, result: CallToolResult): void {
  writeJson(res, 200, { result, jsonrpc: '2.0', id: toolCall.id });
}
