/**
 * The groups of openapi.json (its top-level `tags`): every operation is in exactly one, so generated
 * SDKs and the API reference group each operation once.
 */
export const operationTags = {
  health: 'Liveness of the service and its database; no token needed.',
  accounts: 'Create an account: its first token and the backup codes for the console.',
  auth: 'Move a legacy txk_ key to a txt_ token.',
  onboarding:
    'From a new account to a workspace that can send: its status and next action, a full API key, funding invoices, ' +
    'the branded request and its dedicated number, the test SMS.',
  tokens: 'Delegated tokens: narrower scopes, an earlier expiry, a daily spend cap and a send rate tier of their own.',
  messages: 'Send, schedule, preview, cancel, list and look up SMS, and follow each message step by step.',
  templates: 'Message bodies with {{variable}} placeholders that a send fills in.',
  numbers: 'Search, buy, rename and release the sender phone numbers of the workspace.',
  conversations: 'Threads of messages with each number that wrote to one of yours.',
  suppressions: 'Opt-outs of the workspace: numbers every send to is refused.',
  campaigns: 'Multi-step campaigns: stages, enrollments, quiet hours and campaign-level suppressions.',
  snippets: 'Reusable text that campaign stages include as {{snippet:<name>}}.',
  'contact-lists': 'Lists of contacts, with the fields campaign templates fill in.',
  billing: 'The prepaid balance, its ledger and usage per day or month.',
  compliance:
    'What carriers require of real traffic: brands and use cases registered for the senders, toll-free verification, ' +
    'and the messaging settings (keywords, confirmations, allowed hours, destinations) applied to every send.',
  workspace: 'Settings of the workspace as a whole, such as how long its messages and events are kept.',
  webhooks: 'Endpoints that receive the events, their signing secrets, and every delivery with its attempts.',
  mcp: 'The MCP server: account bootstrap for agents, OAuth clients and the legacy REST tool routes.',
  sandbox: 'What only the sandbox providers simulate: paying an invoice, an inbound message, a carrier report.',
  console: 'The web console (served on /trpc only).',
  'webhook events': 'The requests this service sends to your webhook endpoints, signed with Standard Webhooks.',
} as const;
export type OperationTag = keyof typeof operationTags;

/**
 * The MCP tool sets an agent selects with `/mcp?toolsets=` (docs/agents.md): besides the core tools
 * every session lists, each set holds the tools of its tags (toolsetOfTag).
 */
export const mcpToolsets = {
  messaging: 'Messages beyond the core, conversations and the opt-out list.',
  numbers: 'Search, buy, rename and release sender numbers.',
  campaigns: 'Multi-step campaigns, their snippets and contact lists.',
  webhooks: 'Webhook endpoints, their secrets and deliveries.',
  billing: 'The balance, its ledger and usage.',
  tokens: 'Delegated tokens and the OAuth clients you authorized.',
  compliance: 'Brands, use cases, messaging settings and the workspace settings such as data retention.',
  onboarding: 'Funding invoices, API keys, the branded request and its dedicated number, the test SMS.',
  sandbox: 'What the sandbox simulates: paying an invoice, a reply, a carrier report, the scripted recipients.',
} as const;
export type McpToolset = keyof typeof mcpToolsets;

/**
 * The tool set of each tag's operations (null: no MCP tools). An operation lands in its set by its
 * tag alone, so a new operation needs no list beside its contract entry.
 */
export const toolsetOfTag: Record<OperationTag, McpToolset | null> = {
  health: null,
  accounts: null,
  auth: null,
  onboarding: 'onboarding',
  tokens: 'tokens',
  messages: 'messaging',
  templates: 'messaging',
  numbers: 'numbers',
  conversations: 'messaging',
  suppressions: 'messaging',
  campaigns: 'campaigns',
  snippets: 'campaigns',
  'contact-lists': 'campaigns',
  billing: 'billing',
  webhooks: 'webhooks',
  compliance: 'compliance',
  // Its settings (how long messages are kept) answer the same questions as the compliance ones.
  workspace: 'compliance',
  mcp: 'tokens',
  sandbox: 'sandbox',
  console: null,
  'webhook events': null,
};
