import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpToolset, operations, toolsetOfTag } from '@textline/contract';
import { coreTools, toolsetNames } from '../src/mcp/toolsets.ts';
import { createAccount, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, mcpHeaders, tokenWithScopes } from './mcp-support.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * What tools/list costs an agent's context: the core tools every session lists stay within 20 tools
 * and 40 KB, each tool set (?toolsets=) within its budget, and a set holds exactly the tools of its
 * tags' operations. A budget that fails means a listing grew: make the schema or description that
 * grew smaller, or move a tool out of the core, before raising it.
 */

const coreBudget = { tools: 20, bytes: 40_000 };
/** Bytes of tools/list per selection, for a token with every developer scope (the widest listing). */
const budgets: Record<McpToolset | 'all', number> = {
  messaging: 74_000,
  numbers: 54_000,
  campaigns: 76_500,
  webhooks: 75_000,
  billing: 45_000,
  tokens: 54_000,
  compliance: 79_500,
  onboarding: 49_000,
  sandbox: 48_000,
  all: 228_500,
};

let app: TestApp;
let developer: Awaited<ReturnType<typeof createDeveloper>>;
beforeAll(async () => {
  app = await startTestApp();
  developer = await createDeveloper(app);
});
afterAll(async () => {
  await app.close();
});

async function listed(token: string, toolsets?: string): Promise<{ tools: Tool[]; bytes: number; instructions: string }> {
  const agent = await connectMcp(app, token, toolsets === undefined ? {} : { toolsets });
  try {
    const { tools } = await agent.listTools();
    return { tools, bytes: Buffer.byteLength(JSON.stringify({ tools })), instructions: agent.getInstructions() ?? '' };
  } finally {
    await agent.close();
  }
}

const names = (tools: Tool[]) => tools.map((tool) => tool.name).sort();

/** The tools of the contract, by the set their tag puts them in. */
const toolsBySet = new Map<McpToolset, string[]>(toolsetNames.map((set) => [set, []]));
const contractTools = new Set<string>();
for (const operation of Object.values(operations)) {
  const set = toolsetOfTag[operation.tags[0]];
  if (!operation.path || !operation.mcp) continue;
  contractTools.add(operation.mcp.name);
  if (set) toolsBySet.get(set)!.push(operation.mcp.name);
}
const core = [...coreTools].filter((name) => contractTools.has(name));

describe('the core tools (tools/list without toolsets)', () => {
  it(`are at most ${coreBudget.tools} tools and ${coreBudget.bytes} bytes, the messaging core and the onboarding path`, async () => {
    for (const token of [developer.token, (await createAccount(app)).token.access_token]) {
      const { tools, bytes } = await listed(token);
      expect(tools.length).toBeLessThanOrEqual(coreBudget.tools);
      expect(bytes).toBeLessThanOrEqual(coreBudget.bytes);
      expect(names(tools)).toEqual([...core].sort());
    }
    expect([...coreTools]).toEqual(
      expect.arrayContaining([
        ...['send_message', 'preview_message', 'get_message', 'list_messages', 'get_message_timeline', 'cancel_message'],
        ...['list_conversations', 'wait_for_reply', 'get_balance', 'buy_number'],
        ...['get_onboarding_status', 'create_funding_invoice', 'sandbox_pay_invoice'],
      ]),
    );
  });

  it('have compact schemas: inputs inline, outputs without annotations, each repeated part defined once', async () => {
    const { tools } = await listed(developer.token, 'all');
    for (const tool of tools) {
      const input = JSON.stringify(tool.inputSchema);
      const output = JSON.stringify(tool.outputSchema);
      expect(input, tool.name).not.toMatch(/"\$ref"|"\$schema"|9007199254740991/);
      expect(output, tool.name).not.toMatch(/"description":"|"\$schema"|9007199254740991/);
      expect(tool.annotations?.title, tool.name).toBeUndefined();
    }
    const message = tools.find((tool) => tool.name === 'get_message')!;
    // The message's many nullable times: one definition, referenced from each.
    expect(message.outputSchema?.$defs).toHaveProperty('timestamp_or_null');
    expect(JSON.stringify(message.outputSchema).match(/"format":"date-time"/g)?.length).toBeLessThanOrEqual(4);
  });

  it('list the timeline with a compact output schema that its answers match (the SDK client validates them)', async () => {
    const sender = await sendingWorkspace(app);
    const sent = await send(app, sender.token, sms());
    expect(sent.status).toBe(202);
    const agent = await connectMcp(app, sender.token);
    try {
      const { tools } = await agent.listTools();
      const timeline = tools.find((tool) => tool.name === 'get_message_timeline')!;
      expect(JSON.stringify(timeline.outputSchema).length).toBeLessThan(600);
      const result = (await agent.callTool({
        name: 'get_message_timeline',
        arguments: { id: sent.body.message.id },
      })) as CallToolResult;
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const { events } = result.structuredContent as { events: { type: string; detail: Record<string, unknown> }[] };
      expect(events[0]).toMatchObject({ type: 'accepted', detail: { cost_cents: expect.any(Number) } });
    } finally {
      await agent.close();
    }
  });
});

describe('tool sets (?toolsets=)', () => {
  for (const set of toolsetNames) {
    it(`${set}: the core and exactly the tools of its tags, within its budget`, async () => {
      const { tools, bytes } = await listed(developer.token, set);
      expect(names(tools)).toEqual([...new Set([...core, ...toolsBySet.get(set)!])].sort());
      expect(bytes).toBeLessThanOrEqual(budgets[set]);
    });
  }

  it('all: every tool, within its budget; sets combine, comma-separated', async () => {
    const all = await listed(developer.token, 'all');
    expect(names(all.tools)).toEqual([...contractTools].sort());
    expect(all.bytes).toBeLessThanOrEqual(budgets.all);
    const two = await listed(developer.token, 'campaigns,webhooks');
    expect(names(two.tools)).toEqual(
      [...new Set([...core, ...toolsBySet.get('campaigns')!, ...toolsBySet.get('webhooks')!])].sort(),
    );
  });

  it('a token sees only the tools it may call, whatever the sets', async () => {
    const reader = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'mcp:execute', 'messages:read']);
    const { tools } = await listed(reader, 'all');
    const visible = names(tools);
    expect(visible).toEqual(expect.arrayContaining(['get_message', 'list_messages', 'wait_for_reply']));
    for (const hidden of ['send_message', 'buy_number', 'create_campaign', 'list_tokens', 'get_balance'])
      expect(visible).not.toContain(hidden);
  });

  it('the instructions name every set, and an unlisted tool can still be called by name', async () => {
    const { instructions } = await listed(developer.token);
    for (const set of toolsetNames.filter((name) => toolsBySet.get(name)!.length > 0)) expect(instructions).toContain(`${set} (`);
    expect(instructions).toContain(`${app.baseUrl}/mcp?toolsets=`);
    const agent = await connectMcp(app, developer.token);
    const tokens = (await agent.callTool({ name: 'list_tokens', arguments: {} })) as CallToolResult;
    expect(tokens.isError).toBeFalsy();
    await agent.close();
  });

  it('an unknown set is validation_failed naming toolsets and the sets there are', async () => {
    const refused = await fetch(`${app.baseUrl}/mcp?toolsets=messaging,nonsense`, {
      method: 'POST',
      headers: { ...mcpHeaders, authorization: `Bearer ${developer.token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { code: string; issues: { path: string; message: string }[] } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.issues[0]).toMatchObject({ path: 'toolsets', message: expect.stringContaining('messaging') });
  });
});
