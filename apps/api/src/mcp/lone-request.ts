import type { IncomingMessage } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  JSONRPCRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * The JSON-RPC request of a POST /mcp that is one request and nothing else (no batch, no
 * initialize) and passes every header check of the SDK's streamable HTTP transport, or undefined.
 * Those requests (every tools/call an agent makes) are answered through LoneRequestTransport; the
 * rest, and every HTTP-level error, by the SDK's transport.
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

type Pending<Context> = { clientId: RequestId; respond: (response: JSONRPCMessage) => void; context: Context };

/**
 * Carries lone requests from many HTTP requests to one long-lived MCP server, and each response back
 * to its own HTTP response, as the SDK's stateless transport does in JSON response mode, but
 * without a server and transport per request and without converting the HTTP request to a Web
 * Request and the answer back from a Web Response (together most of an MCP call's overhead).
 * Clients choose their request ids independently, so each request enters the server under an id of
 * this transport's own and leaves under the client's again. Like the SDK's transport, it drops
 * whatever else the server sends: there is no stream to send it on.
 */
export class LoneRequestTransport<Context> implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport['onmessage'];
  private lastId = 0;
  private readonly pending = new Map<number, Pending<Context>>();

  async start(): Promise<void> {}

  /**
   * Hands `request` to the connected server; `respond` gets its response, and tool handlers its
   * `context` (contextOf). Returns a function that withdraws the request (its caller went away):
   * the server is told it is cancelled and nothing is answered.
   */
  dispatch(
    request: JSONRPCRequest,
    headers: IncomingMessage['headers'],
    context: Context,
    respond: (response: JSONRPCMessage) => void,
  ): () => void {
    const id = ++this.lastId;
    this.pending.set(id, { clientId: request.id, respond, context });
    this.onmessage?.({ ...request, id }, { requestInfo: { headers } });
    return () => {
      if (!this.pending.delete(id)) return;
      this.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
    };
  }

  /** The context of a request in progress, by the id the server knows it by. */
  contextOf(requestId: RequestId): Context | undefined {
    return typeof requestId === 'number' ? this.pending.get(requestId)?.context : undefined;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || 'method' in message || typeof message.id !== 'number') return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    pending.respond({ ...message, id: pending.clientId });
  }

  async close(): Promise<void> {
    this.pending.clear();
    this.onclose?.();
  }
}
