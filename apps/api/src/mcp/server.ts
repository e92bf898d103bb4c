import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { serviceVersion } from '../domain/health.ts';
import { mcpTools, type McpTool } from './tools.ts';
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
 * A server for one stateless request: every contract tool (or only `tools`, when the request needs
 * no others) registered from its definition, each call handed to `call` (which runs the procedure as
 * the authenticated caller).
 */
export function buildMcpServer(options: {
  /** Where the instructions point; without it the server gives none (only initialize reads them). */
  baseUrl: string | undefined;
  call: (tool: McpTool, args: unknown) => Promise<CallToolResult>;
  tools?: readonly McpTool[] | undefined;
}): McpServer {
  const server = new McpServer(
    { name: 'textline', title: 'Textline SMS', version: serviceVersion },
    { instructions: options.baseUrl && serverInstructions(options.baseUrl), jsonSchemaValidator: sharedSchemaValidator },
  );
  for (const tool of options.tools ?? mcpTools()) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      (args: unknown) => options.call(tool, args),
    );
  }
  return server;
}
