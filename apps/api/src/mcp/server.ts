import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { AppError } from '@textline/contract';
import { serviceVersion } from '../domain/health.ts';
import type { RequestContext } from '../trpc/context.ts';
import { findTool, runTool, toolError, toolListings, toolResult } from './tools.ts';
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

type ToolCallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * A server offering every contract tool: tools/list lists their definitions, and tools/call runs
 * the named tool's procedure on its raw arguments as the caller `contextOf` gives for the call.
 * The SDK's low-level Server rather than McpServer: the procedure already validates its input and
 * output against the contract, and McpServer validated both again on every call. Any failure,
 * invalid arguments and unknown tools included, is an isError result in the catalogue's
 * {code, message, fix, retry} form, as the instructions promise.
 */
export function buildMcpServer(options: {
  /** Where the instructions point; without it the server gives none (only initialize reads them). */
  baseUrl: string | undefined;
  contextOf: (extra: ToolCallExtra) => RequestContext;
}): Server {
  const server = new Server(
    { name: 'textline', title: 'Textline SMS', version: serviceVersion },
    {
      capabilities: { tools: { listChanged: true } },
      instructions: options.baseUrl && serverInstructions(options.baseUrl),
      jsonSchemaValidator: sharedSchemaValidator,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolListings() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const tool = findTool(name);
    if (!tool) return toolError(new AppError('not_found', { message: `No tool named ${name}; tools/list lists them.` }));
    return toolResult(tool, await runTool(tool, args ?? {}, options.contextOf(extra)));
  });
  return server;
}
