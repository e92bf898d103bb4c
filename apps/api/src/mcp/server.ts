import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { serviceVersion } from '../domain/health.ts';
import type { RequestContext } from '../trpc/context.ts';
import { callTool, toolListings } from './tools.ts';
import { mcpUrls } from './urls.ts';

/** The initialize result's instructions: how an agent gets from nothing to a delivered SMS. */
function serverInstructions(baseUrl: string): string {
  const urls = mcpUrls(baseUrl);
  return [
    'Textline sends SMS for developers and AI agents. Tools cover onboarding (status, API token, test SMS, funding',
    'invoices, branded request, dedicated number), phone numbers, messages, campaigns, snippets, contact lists and',
    'the OAuth clients you authorized.',
    `No token yet: POST ${urls.accounts} with {"username": "...", "password": "..."} (no e-mail) returns a txt_ bearer`,
    `token; OAuth clients discover the authorization server at ${urls.protectedResourceMetadata}.`,
    'Typical path: read the onboarding status (it names the next action), fund the prepaid balance with a funding',
    'invoice, get a sender number, send a message, then read the message until its status is delivered.',
    'A failed call returns isError with JSON {code, message, fix, retry}: follow fix, and retry only as the retry hint says.',
  ].join(' ');
}

// Each server would otherwise compile a JSON Schema validator (a new Ajv) of its own: a tenth of an MCP
// request's CPU. It only checks elicitation answers, which a stateless server never asks for.
const sharedSchemaValidator = new AjvJsonSchemaValidator();

/**
 * A server offering every contract tool (tools/list lists their definitions, tools/call is callTool)
 * to one request's caller, `contextOf` giving that caller's context when a tool is called.
 * The SDK's low-level Server rather than McpServer: the procedure already validates its input and
 * output against the contract, and McpServer validated both again on every call.
 */
export function buildMcpServer(options: {
  /** Where the instructions point. */
  baseUrl: string;
  contextOf: () => RequestContext;
}) {
  // The SDK deprecates Server for "the high-level API" and keeps it for advanced uses such as this one
  // (see above): McpServer is a wrapper over it that would add its validation to every tool call.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const server = new Server(
    { name: 'textline', title: 'Textline SMS', version: serviceVersion },
    {
      capabilities: { tools: { listChanged: true } },
      instructions: serverInstructions(options.baseUrl),
      jsonSchemaValidator: sharedSchemaValidator,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolListings() }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(request.params, options.contextOf()));
  return server;
}
