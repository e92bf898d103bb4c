import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshIp, startTestApp, type TestApp } from './harness.ts';

/**
 * Measured: an agent that holds only the base URL reaches a delivered SMS and the recipient's reply in
 * at most 8 calls over MCP (account creation, tools/list, then tool calls), with no webhook server,
 * following the server's instructions; the tools it saw are within 40 KB.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('an agent with only the base URL, in the sandbox', () => {
  it('gets a delivered SMS and its reply in at most 8 calls, having seen under 40 KB of tools', async () => {
    const calls: string[] = [];
    // 1. The account, at the MCP bootstrap route the 401 of /mcp names.
    calls.push('POST /mcp/accounts');
    const created = await call(app, 'POST', '/mcp/accounts', {
      body: { username: `replies_${Date.now()}`, password: 'correct horse battery staple' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(created.status).toBe(201);
    const agent = new Client({ name: 'reply-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${created.body.token.access_token}` } },
      }),
    );

    // 2. What it may call: the core tools, within the budget.
    calls.push('tools/list');
    const { tools } = await agent.listTools();
    expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThan(40_000);
    const seen = new Set(tools.map((tool) => tool.name));
    const tool = async (name: string, args: Record<string, unknown>) => {
      expect(seen.has(name), `${name} was listed`).toBe(true);
      calls.push(name);
      const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      return result.structuredContent as any;
    };

    // The instructions' sandbox part names the path, the replying recipient and wait_for_reply.
    const all = agent.getInstructions() ?? '';
    const instructions = all.slice(all.indexOf('This is the sandbox'));
    const path = ['create_funding_invoice', 'sandbox_pay_invoice', 'buy_number', 'send_message', 'wait_for_reply'];
    const positions = path.map((name) => instructions.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const replyingRecipient = /send_message to (\+\d+)/.exec(instructions)?.[1];
    expect(replyingRecipient).toBeDefined();

    // 3-5. Fund and get a sender.
    const { invoice } = await tool('create_funding_invoice', { amount_cents: app.config.fundingMinimumCents });
    await tool('sandbox_pay_invoice', { id: invoice.id });
    await tool('buy_number', {});
    // 6. Send to the scripted recipient that replies.
    const { message } = await tool('send_message', { phone_number: replyingRecipient, body: 'Can you make 6pm?' });
    // 7. Wait for its reply: the carrier reports sent, delivered, then the reply, through the signed callbacks.
    const { replies } = await tool('wait_for_reply', { id: message.id, wait_seconds: 30 });
    expect(replies).toEqual([expect.objectContaining({ direction: 'inbound', body: 'Sounds good, thanks!' })]);
    // 8. The message it answered was delivered.
    expect((await tool('get_message', { id: message.id })).message.status).toBe('delivered');

    expect(calls.length, calls.join(', ')).toBeLessThanOrEqual(8);
    await agent.close();
  });
});
