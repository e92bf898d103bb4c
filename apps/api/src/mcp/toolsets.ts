import { type McpToolset, mcpToolsets, type Operation, toolsetOfTag } from '@textline/contract';
import { validationError } from '../http/errors.ts';

/**
 * The tools every session lists (docs/agents.md): the messaging core and the onboarding path from a
 * new account to a delivered SMS and its reply (the onboarding status, funding, a number). Kept under
 * the core budget that apps/api/test/mcp-toolsets.test.ts measures; everything else, the rest of
 * onboarding (create_api_key, the branded request) included, is in a tool set. The timeline lists a
 * compact output schema (its listedOutput) to fit.
 */
export const coreTools: ReadonlySet<string> = new Set([
  'send_message',
  'preview_message',
  'get_message',
  'list_messages',
  'get_message_timeline',
  'cancel_message',
  'list_conversations',
  'wait_for_reply',
  'get_balance',
  'buy_number',
  'get_onboarding_status',
  'create_funding_invoice',
  'sandbox_pay_invoice',
]);

export const toolsetNames = Object.keys(mcpToolsets) as McpToolset[];

/** Which tools tools/list shows: the core, plus the chosen sets (every set with `all`). */
export type ToolSelection = ReadonlySet<McpToolset>;

export const coreOnly: ToolSelection = new Set();

function isToolset(name: string): name is McpToolset {
  return Object.hasOwn(mcpToolsets, name);
}

/**
 * The selection of a `toolsets` query parameter: comma-separated set names, or `all`; none or
 * empty is the core alone. An unknown name is validation_failed naming the sets there are.
 */
export function parseToolSelection(value: unknown): ToolSelection {
  if (value === undefined || value === '') return coreOnly;
  const names = (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(','));
  const chosen = new Set<McpToolset>();
  for (const raw of names) {
    const name = raw.trim();
    if (name === 'all') return new Set(toolsetNames);
    if (name === '' || name === 'core') continue;
    if (!isToolset(name))
      throw validationError([
        { path: 'toolsets', message: `No tool set named ${name}; the sets are ${toolsetNames.join(', ')} (or all).` },
      ]);
    chosen.add(name);
  }
  return chosen;
}

/** The tool set an operation's tool is in: its tag's. */
export function toolsetOf(operation: Pick<Operation, 'tags'>): McpToolset | null {
  return toolsetOfTag[operation.tags[0]];
}

/** The sets that hold a tool of `operations`, in mcpToolsets' order (a live provider serves no sandbox tool). */
export function toolsetsOf(operations: readonly Pick<Operation, 'tags' | 'mcp'>[]): McpToolset[] {
  const held = new Set(operations.flatMap((operation) => (operation.mcp ? [toolsetOf(operation)] : [])));
  return toolsetNames.filter((name) => held.has(name));
}

/** Whether tools/list shows `operation`'s tool under `selection`. */
export function isSelected(operation: Pick<Operation, 'tags' | 'mcp'>, selection: ToolSelection): boolean {
  if (operation.mcp && coreTools.has(operation.mcp.name)) return true;
  const toolset = toolsetOf(operation);
  return toolset !== null && selection.has(toolset);
}
