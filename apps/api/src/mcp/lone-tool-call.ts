import type { IncomingMessage } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  CallToolRequestSchema,
  JSONRPCRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolRequest,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

export type LoneToolCall = { id: RequestId; params: CallToolRequest['params'] };

/**
 * The tools/call of a POST /mcp that is one valid tools/call request and nothing else (no batch,
 * no task augmentation) and passes every header check of the SDK's streamable HTTP transport, or
 * undefined. Those requests, every tool call an agent makes, are answered without the SDK's
 * server: routing one request through it (its type guards, abort controller, promise chain and
 * three re-validations) was a quarter of an MCP send's CPU. Everything else, every HTTP-level and
 * JSON-RPC error included, is the SDK's to answer.
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
