import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Scope } from '@textline/contract';
import { issueAccessToken } from '../src/auth/tokens.ts';
import type { TestApp } from './harness.ts';

/**
 * An MCP client connected to the app's /mcp with a bearer token, as an agent would connect; `toolsets`
 * (e.g. 'all') lists those tool sets beside the core tools.
 */
export async function connectMcp(
  app: Pick<TestApp, 'baseUrl'>,
  token: string,
  options: { toolsets?: string } = {},
): Promise<Client> {
  const client = new Client({ name: 'textline-test-agent', version: '1.0.0' });
  const query = options.toolsets === undefined ? '' : `?toolsets=${options.toolsets}`;
  const transport = new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp${query}`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A token of the workspace with exactly these scopes. */
export async function tokenWithScopes(app: TestApp, workspaceId: string, scopes: Scope[]): Promise<string> {
  const token = await issueAccessToken(app.services.prisma, {
    workspaceId,
    scopes,
    origin: 'api_key',
    expiresAt: new Date(app.clock.now() + 3_600_000),
  });
  return token.access_token;
}

export const mcpHeaders = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

/** A raw JSON-RPC POST to /mcp, for the HTTP rules the SDK client never breaks. */
export async function postMcp(
  app: Pick<TestApp, 'baseUrl'>,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const response = await fetch(`${app.baseUrl}/mcp`, {
    method: 'POST',
    headers: { ...mcpHeaders, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** The JSON an isError tool result carries: the catalogue's code, message, fix and retry hint. */
export function toolError(result: unknown): Record<string, unknown> {
  const { content } = result as { content: { type: string; text: string }[] };
  return JSON.parse(content[0]!.text) as Record<string, unknown>;
}
