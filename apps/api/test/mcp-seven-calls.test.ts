import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, mcpFixOf } from '@textline/contract';
import { call, createDeveloper, freshIp, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { connectNumber, sendingWorkspace } from './sending-support.ts';

/**
 * An agent that holds only the base URL reaches a delivered SMS in at most seven calls, all to MCP
 * (account creation at /mcp/accounts, then tool calls), by following the server's instructions; and
 * over MCP every error's fix names the tool to call rather than a REST route or an HTTP header.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** What an agent on MCP never sees: a REST route of the developer API, or an HTTP response header. */
const httpOnly = /\/api\/|Retry-After|\b(?:GET|POST|PATCH|DELETE) \/(?!mcp\/accounts\b)/i;

describe('an agent with only the base URL, in the sandbox', () => {
  it('reaches a delivered SMS in at most 7 calls, all over MCP, as the instructions say', async () => {
    // Every HTTP request the agent's MCP client makes, by JSON-RPC method (GET: the optional event stream).
    const requests: string[] = [];
    const countingFetch: typeof fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : undefined;
      requests.push(body?.method ?? init?.method ?? 'GET');
      return fetch(input, init);
    };
    const calls: string[] = [];
    const agentTool = async (agent: Client, name: string, args: Record<string, unknown>) => {
      calls.push(name);
      const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      return result.structuredContent as any;
    };

    // 1. The account, at the MCP bootstrap route.
    calls.push('POST /mcp/accounts');
    const created = await call(app, 'POST', '/mcp/accounts', {
      body: { username: `seven_${Date.now()}`, password: 'correct horse battery staple' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(created.status).toBe(201);
    const agent = new Client({ name: 'seven-call-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${created.body.token.access_token}` } },
        fetch: countingFetch,
      }),
    );

    // The instructions give the path, tool by tool, in this order.
    const instructions = agent.getInstructions() ?? '';
    const path = ['create_funding_invoice', 'sandbox_pay_invoice', 'buy_number', 'send_message', 'get_message'];
    const positions = path.map((name) => instructions.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(instructions).toContain('7 calls');
    expect(instructions).toContain(`POST ${app.baseUrl}/mcp/accounts`);

    // 2-3. Fund: the smallest invoice, paid by the sandbox wallet.
    const { invoice } = await agentTool(agent, 'create_funding_invoice', { amount_cents: app.config.fundingMinimumCents });
    const paid = await agentTool(agent, 'sandbox_pay_invoice', { id: invoice.id });
    expect(paid).toMatchObject({ invoice: { status: 'paid' }, balance_cents: app.config.fundingMinimumCents });
    // 4. A sender number.
    expect((await agentTool(agent, 'buy_number', {})).number.status).toBe('connected');
    // 5. The send.
    const { message } = await agentTool(agent, 'send_message', { phone_number: '+14155550190', body: 'Hello from an agent' });
    expect(message.status).toBe('queued');
    // 6-7. Read it until delivered, waiting between reads as the instructions say (the carrier's
    // callbacks are jobs on the test's clock: draining them is the wait).
    let status = message.status as string;
    while (status !== 'delivered' && calls.length < 7) {
      await app.services.jobs.drain();
      status = (await agentTool(agent, 'get_message', { id: message.id })).message.status;
    }
    expect(status).toBe('delivered');
    expect(calls.length, calls.join(', ')).toBeLessThanOrEqual(7);
    // Besides the MCP handshake, the client sent nothing but those tool calls: no tools/list was needed.
    const handshake = ['initialize', 'notifications/initialized', 'GET'];
    expect(requests.filter((method) => !handshake.includes(method))).toEqual(calls.slice(1).map(() => 'tools/call'));
    await agent.close();
  });
});

describe('errors over MCP', () => {
  async function refusal(agent: Client, name: string, args: Record<string, unknown>) {
    const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, name).toBe(true);
    return toolError(result) as { code: string; fix: string };
  }

  it('name the tool to call, where REST answers name the route', async () => {
    const developer = await createDeveloper(app);
    const agent = await connectMcp(app, await tokenWithScopes(app, developer.workspaceId, ['mcp:execute', 'messages:write']));
    const send = { phone_number: '+14155550191', body: 'Hi' };

    // No number yet: buy one.
    const noNumber = await refusal(agent, 'send_message', send);
    expect(noNumber.code).toBe('branded_number_missing');
    expect(noNumber.fix).toContain('buy_number');
    expect(noNumber.fix).not.toMatch(httpOnly);
    const rest = await call(app, 'POST', '/api/v1/messages', { token: developer.token, body: send });
    expect(rest.body.error).toMatchObject({
      code: 'branded_number_missing',
      fix: expect.stringContaining('POST /api/v1/numbers'),
    });

    // A number, no balance: fund it.
    await connectNumber(app, developer.workspaceId);
    app.clock.advance(1_200); // the starter send bucket refills
    const noBalance = await refusal(agent, 'send_message', send);
    expect(noBalance.code).toBe('insufficient_balance');
    expect(noBalance.fix).toContain('create_funding_invoice');
    expect(noBalance.fix).toContain('sandbox_pay_invoice');
    expect(noBalance.fix).not.toMatch(httpOnly);

    // A bad argument: correct it and call the same tool again.
    app.clock.advance(1_200);
    const invalid = await refusal(agent, 'send_message', { ...send, phone_number: 'not a number' });
    expect(invalid).toMatchObject({ code: 'validation_failed', issues: [expect.objectContaining({ path: 'phone_number' })] });
    expect(invalid.fix).toContain('call send_message again');
    expect(invalid.fix).not.toMatch(httpOnly);
    await agent.close();
  });

  it('give the rate limit as retry_after_seconds in the result, not a Retry-After header', async () => {
    const workspace = await sendingWorkspace(app, { tier: 'starter' });
    const agent = await connectMcp(app, await tokenWithScopes(app, workspace.workspaceId, ['mcp:execute', 'messages:write']));
    app.clock.advance(1_200);
    const send = { phone_number: '+14155550192', body: 'Hi' };
    expect(((await agent.callTool({ name: 'send_message', arguments: send })) as CallToolResult).isError).toBeFalsy();
    const limited = (await refusal(agent, 'send_message', send)) as { code: string; fix: string; retry_after_seconds?: number };
    expect(limited.code).toBe('message_send_rate_limited');
    expect(limited.retry_after_seconds).toBeGreaterThan(0);
    expect(limited.fix).toContain('retry_after_seconds');
    expect(limited.fix).toContain('send_message');
    expect(limited.fix).not.toMatch(httpOnly);
    await agent.close();
  });

  it('never name a REST route or an HTTP header, for any code of the catalogue', () => {
    const offending = errorCodes.filter((code) => httpOnly.test(mcpFixOf(code, 'some_tool')));
    expect(offending).toEqual([]);
  });
});
