import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { call, freshIp, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, postMcp, toolError } from './mcp-support.ts';
import { completeBrandedDetails, payInvoice } from './onboarding-support.ts';

/**
 * An agent that holds only the base URL reaches a delivered SMS through MCP alone: the 401 tells it
 * where accounts come from, the account token runs every onboarding tool (beyond its three scopes),
 * and it follows get_onboarding_status's next_action, taking the dedicated-number path. Paying the
 * funding invoice is the funding provider's part (its signed event), not the agent's.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const recipient = '+14155550142';

async function tool(agent: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  return result.structuredContent as any;
}

async function refusal(agent: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, name).toBe(true);
  return toolError(result);
}

describe('an agent with only the base URL', () => {
  it('gets from nothing to a delivered SMS through MCP', async () => {
    // 1. Knocking on /mcp without a token says where tokens come from.
    const knock = await postMcp(app, undefined, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(knock.status).toBe(401);
    const accountsUrl = /POST (\S+\/mcp\/accounts)/.exec(knock.body.error.message)?.[1];
    expect(accountsUrl).toBe(`${app.baseUrl}/mcp/accounts`);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(knock.headers.get('www-authenticate') ?? '')?.[1];
    expect((await fetch(metadataUrl!)).status).toBe(200);

    // 2. The MCP bootstrap route creates the account and its first token.
    const created = await call(app, 'POST', new URL(accountsUrl!).pathname, {
      body: { username: `journey_${Date.now()}`, password: 'correct horse battery staple' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(created.status).toBe(201);
    expect(created.body.token.scopes).toEqual(['mcp:read', 'mcp:execute', 'messages:write']);

    // 3. That token alone drives the onboarding path.
    const agent = await connectMcp(app, created.body.token.access_token);
    expect(agent.getInstructions()).toContain('onboarding status');
    const early = await refusal(agent, 'send_message', { phone_number: recipient, body: 'Too early' });
    expect(early).toMatchObject({
      code: expect.stringMatching(/insufficient_balance|branded_number_missing/),
      fix: expect.any(String),
    });

    // 4. Follow next_action until the workspace is ready.
    const taken: string[] = [];
    let submittedDetails = false;
    for (let step = 0; step < 12; step += 1) {
      const status = await tool(agent, 'get_onboarding_status');
      const next = status.next_action as { action: string; mcp_tool: string };
      taken.push(next.action);
      if (next.action === 'ready') break;
      switch (next.action) {
        case 'create_funding_invoice':
          expect(await refusal(agent, next.mcp_tool, { amount_cents: 1 })).toMatchObject({
            code: 'amount_below_minimum',
            minimum_cents: status.funding.minimum_cents,
          });
          expect((await tool(agent, next.mcp_tool, { amount_cents: status.funding.minimum_cents * 4 })).invoice.status).toBe(
            'open',
          );
          break;
        case 'pay_funding_invoice': {
          const invoice = status.funding.latest_invoice as { id: string };
          expect((await tool(agent, next.mcp_tool, { id: invoice.id })).invoice.status).toBe('open');
          await payInvoice(app, invoice);
          expect((await tool(agent, next.mcp_tool, { id: invoice.id })).invoice.status).toBe('paid');
          break;
        }
        case 'buy_number':
          // The agent prefers a dedicated number: it sends its business details in two calls.
          expect(submittedDetails).toBe(false);
          submittedDetails = true;
          expect(
            (await tool(agent, 'submit_branded_request', { legal_name: completeBrandedDetails.legal_name })).branded_request
              .missing_fields.length,
          ).toBeGreaterThan(0);
          break;
        case 'submit_branded_request':
          expect((await tool(agent, next.mcp_tool, completeBrandedDetails)).branded_request.missing_fields).toEqual([]);
          break;
        case 'provision_dedicated_number':
          expect((await tool(agent, next.mcp_tool)).number.status).toBe('connected');
          break;
        case 'send_test_sms':
          app.clock.advance(1_200); // the refused early send took the starter bucket's one token
          expect((await tool(agent, next.mcp_tool, { phone_number: recipient })).message.status).toBe('queued');
          await app.services.jobs.drain();
          break;
        default:
          throw new Error(`unexpected next action ${next.action}`);
      }
    }
    expect(taken).toEqual([
      'create_funding_invoice',
      'pay_funding_invoice',
      'buy_number',
      'submit_branded_request',
      'provision_dedicated_number',
      'send_test_sms',
      'ready',
    ]);
    const numbers = await tool(agent, 'list_numbers');
    expect(numbers.numbers).toEqual([expect.objectContaining({ dedicated: true, status: 'connected' })]);

    // 5. The real send, then read it back until delivered.
    app.clock.advance(1_200); // the starter send bucket refills after the test SMS
    const sent = await tool(agent, 'send_message', {
      phone_number: recipient,
      body: 'Your table for two is ready.',
      idempotency_key: 'journey-1',
    });
    expect(sent.message.status).toBe('queued');
    await app.services.jobs.drain();
    const read = await tool(agent, 'get_message', { id: sent.message.id });
    expect(read.message).toMatchObject({ id: sent.message.id, status: 'delivered', phone_number: recipient, segments: 1 });
    await agent.close();
  });
});
