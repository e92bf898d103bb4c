import type { IncomingMessage } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { JSONRPCRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/**
 * The JSON-RPC request of a POST /mcp that is one request and nothing else (no batch, no
 * initialize) and passes every header check of the SDK's streamable HTTP transport, or undefined.
 * Those requests (every tools/call an agent makes) are answered by LoneRequestTransport; the rest,
 * and every HTTP-level error, by the SDK's transport.
 */
export function loneRequest(req: IncomingMessage & { body?: unknown }): JSONRPCRequest | undefined {
  const accept = req.headers.accept;
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (!isJsonContentType(req.headers['content-type'])) return undefined;
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  const parsed = JSONRPCRequestSchema.safeParse(req.body);
  if (!parsed.success || parsed.data.method === 'initialize') return undefined;
  return parsed.data;
}

/**
 * Carries one JSON-RPC request to an McpServer and its response back to `respond`, as the SDK's
 * stateless transport does in JSON response mode, without converting the HTTP request to a Web
 * Request and the answer back from a Web Response: that conversion was a fifth of an MCP call's CPU.
 * Like that transport, it drops whatever else the server sends (there is no stream to send it on).
 */
export class LoneRequestTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport['onmessage'];
  private finished = false;
  private closed = false;

  constructor(
    private readonly request: JSONRPCRequest,
    private readonly respond: (response: JSONRPCMessage) => void,
  ) {}

  async start(): Promise<void> {}

  /** Hands the request to the connected server. */
  receive(headers: IncomingMessage['headers']): void {
    this.onmessage?.(this.request, { requestInfo: { headers } });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const isResponse = 'id' in message && !('method' in message);
    if (this.finished || !isResponse || message.id !== this.request.id) return;
    this.finished = true;
    this.respond(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.finished = true;
    this.onclose?.();
  }
}
