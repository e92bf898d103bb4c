import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { serviceVersion } from '../domain/health.ts';
import { operationsServedBy } from '../operations/index.ts';
import { runsSandbox } from '../providers/sandbox-mode.ts';
import type { Services } from '../ports.ts';
import type { RequestContext } from '../trpc/context.ts';
import { callTool, toolListingsFor } from './tools.ts';
import type { AuthContext } from '../auth/authenticator.ts';
import { mcpUrls } from './urls.ts';
import { mcpToolsets } from '@textline/contract';
import { coreOnly, type ToolSelection, toolsetsOf } from './toolsets.ts';

type InstructionServices = Pick<Services, 'config' | 'messagingProvider' | 'fundingProvider'>;

/**
 * With the sandbox providers: the shortest way to a delivered SMS, seven calls counting account
 * creation (apps/api/test/mcp-seven-calls.test.ts takes it), and what the sandbox tools simulate.
 */
function sandboxPath(services: InstructionServices, urls: ReturnType<typeof mcpUrls>): string[] {
  const { fundingMinimumCents, sandboxDelayMs } = services.config;
  return [
    'This is the sandbox: no real SMS or money moves. From nothing to a delivered SMS in 7 calls:',
    `1. POST ${urls.accounts} {"username", "password"}; connect to ${urls.resource} with its token.access_token as the`,
    `bearer token. 2. create_funding_invoice {"amount_cents": ${fundingMinimumCents}}. 3. sandbox_pay_invoice {"id": the`,
    'invoice id}: paid and credited at once. 4. buy_number {}. 5. send_message {"phone_number": "+1...", "body": "..."}.',
    `6. get_message {"id": the message id} after about ${Math.max(1, Math.ceil((2 * sandboxDelayMs) / 1000))} s: the carrier reports`,
    `sent, then delivered, ${sandboxDelayMs} ms apart; 7. once more if it still reads queued, sending or sent.`,
    'A reply, without a webhook server: send_message to +15005550005 (it replies "Sounds good, thanks!"), then',
    'wait_for_reply {"id": the message id}: it answers as soon as the reply arrives. sandbox_recipients lists every',
    'scripted number (a one-time code, STOP, HELP, a landline, carrier filtering, late, out-of-order or missing',
    'reports); sandbox_receive_message makes a number text yours, sandbox_report makes a sent message fail or its',
    'recipient opt out.',
  ];
}

/** What the instructions say about tool sets: which this session lists, and how to list the others. */
function toolsetSentences(baseUrl: string, services: InstructionServices, selection: ToolSelection): string[] {
  const served = operationsServedBy(services).map(({ handler }) => handler.operation);
  const sets = toolsetsOf(served).map((name) => `${name} (${mcpToolsets[name].replace(/\.$/, '')})`);
  const listed = selection.size === 0 ? 'the core tools' : `the core tools and the sets ${[...selection].join(', ')}`;
  return [
    `This session lists ${listed}: sending, previewing, reading and canceling messages, conversations, wait_for_reply,`,
    'the balance, numbers and the onboarding path. Connect to',
    `${mcpUrls(baseUrl).resource}?toolsets=<names, comma-separated, or all> to list more tool sets: ${sets.join('; ')}.`,
    'Any tool your token may call can be called by name, listed or not.',
  ];
}

/** The initialize result's instructions: how an agent gets from nothing to a delivered SMS. */
function serverInstructions(baseUrl: string, services: InstructionServices, selection: ToolSelection): string {
  const urls = mcpUrls(baseUrl);
  return [
    'Textline sends SMS for developers and AI agents.',
    ...toolsetSentences(baseUrl, services, selection),
    `No token yet: POST ${urls.accounts} with {"username": "...", "password": "..."} (no e-mail) returns a txt_ bearer`,
    `token; OAuth clients discover the authorization server at ${urls.protectedResourceMetadata}.`,
    'Typical path: read the onboarding status (it names the next action), fund the prepaid balance with a funding',
    'invoice, get a sender number, send a message, then read the message until its status is delivered.',
    ...(runsSandbox(services) ? sandboxPath(services, urls) : []),
    'A failed call returns isError with JSON {code, message, fix, retry}: follow fix (it names the tool to call), and',
    'retry only as the retry hint says.',
  ].join(' ');
}

// Each server would otherwise compile a JSON Schema validator (a new Ajv) of its own, and a stateless
// server is made per request. It only checks elicitation answers, which a stateless server never asks for.
const sharedSchemaValidator = new AjvJsonSchemaValidator();

/**
 * A server offering the contract tools `caller` may call (tools/list lists their definitions,
 * tools/call is callTool) to one request's caller, `contextOf` giving that caller's context when a tool is called.
 * The SDK's low-level Server rather than McpServer: the procedure already validates its input and
 * output against the contract, and McpServer validated both again on every call.
 */
export function buildMcpServer(options: {
  /** Where the instructions point. */
  baseUrl: string;
  /** Whose tools it offers: those of the operations these services serve. */
  services: InstructionServices;
  /** Who calls: tools/list shows it only the tools it may call. */
  caller: Pick<AuthContext, 'scopes' | 'origin'>;
  /** Which tools tools/list shows besides the scopes' rule: the core alone unless the client chose sets. */
  selection?: ToolSelection;
  contextOf: () => RequestContext;
}) {
  const selection = options.selection ?? coreOnly;
  // The SDK deprecates Server for "the high-level API" and keeps it for advanced uses such as this one
  // (see above): McpServer is a wrapper over it that would add its validation to every tool call.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const server = new Server(
    { name: 'textline', title: 'Textline SMS', version: serviceVersion },
    {
      capabilities: { tools: { listChanged: true } },
      instructions: serverInstructions(options.baseUrl, options.services, selection),
      jsonSchemaValidator: sharedSchemaValidator,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolListingsFor(operationsServedBy(options.services), options.caller, selection),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(request.params, options.contextOf()));
  return server;
}
