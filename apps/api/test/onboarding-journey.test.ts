import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sandboxPaymentCompleted } from '../src/providers/sandboxpay.ts';
import { call, freshIp, startTestApp, type TestApp } from './harness.ts';
import { postSigned } from './inbound-support.ts';
import { connectMcp, toolError } from './mcp-support.ts';

/**
 * From nothing to a delivered SMS, the way an agent does it: account, a full-scope token, a funding
 * invoice paid by the provider's signed event, a number, the test SMS, then a real send.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const password = 'correct horse battery staple';
const recipient = '+14155550168';

/** The provider's side of a payment: funding.completed for the invoice's session, sent twice as providers do. */
async function providerReportsPayment(invoice: { id: string; session_id: string; amount_cents: number }) {
  const event = sandboxPaymentCompleted({ id: invoice.id, sessionId: invoice.session_id, amountCents: invoice.amount_cents });
  expect((await postSigned(app, 'funding', 'events', event)).status).toBe(202);
  expect((await postSigned(app, 'funding', 'events', event)).body.duplicate).toBe(true);
  await app.services.jobs.drain();
}

async function fundingCreditsOf(workspaceId: string) {
  return app.services.prisma.ledgerEntry.count({ where: { workspaceId, kind: 'funding_credit' } });
}

describe('onboarding journey over REST', () => {
  it('goes from a new account to a delivered message', async () => {
    const created = await call(app, 'POST', '/api/v1/accounts', {
      body: { username: `rest_agent_${Date.now()}`, password },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(created.status).toBe(201);
    const accountToken = created.body.token.access_token;

    // The account token has no onboarding scope; its mcp:execute runs create_api_key over the REST tool surface.
    expect((await call(app, 'POST', '/api/v1/onboarding/api-key', { token: accountToken })).status).toBe(403);
    const apiKey = await call(app, 'POST', '/mcp/tools/create_api_key', {
      token: accountToken,
      body: { params: { name: 'rest journey' } },
    });
    expect(apiKey.status).toBe(200);
    const token = apiKey.body.result.token.access_token;

    let status = (await call(app, 'GET', '/api/v1/onboarding', { token })).body;
    expect(status.next_action.action).toBe('create_funding_invoice');

    const tooSmall = await call(app, 'POST', '/api/v1/onboarding/funding-invoices', { token, body: { amount_cents: 100 } });
    expect(tooSmall.body).toEqual({ error: 'amount_below_minimum', minimum_cents: 500 });
    const invoice = (await call(app, 'POST', '/api/v1/onboarding/funding-invoices', { token, body: { amount_cents: 1_000 } }))
      .body.invoice;
    expect(invoice.status).toBe('open');
    status = (await call(app, 'GET', '/api/v1/onboarding', { token })).body;
    expect(status.next_action).toMatchObject({
      action: 'pay_funding_invoice',
      path: `/api/v1/onboarding/funding-invoices/${invoice.id}`,
    });

    await providerReportsPayment(invoice);
    const paid = await call(app, 'GET', `/api/v1/onboarding/funding-invoices/${invoice.id}`, { token });
    expect(paid.body.invoice.status).toBe('paid');
    status = (await call(app, 'GET', '/api/v1/onboarding', { token })).body;
    expect(status).toMatchObject({ balance_cents: 1_000, next_action: { action: 'buy_number' } });
    const workspace = await app.services.prisma.workspace.findFirstOrThrow({
      where: { account: { id: created.body.account.id } },
    });
    expect(await fundingCreditsOf(workspace.id)).toBe(1);

    const bought = await call(app, 'POST', '/api/v1/numbers', { token, body: { area_code: '415', friendly_name: 'Main line' } });
    expect(bought.status).toBe(201);
    expect(bought.body.number).toMatchObject({ status: 'connected', compliance_status: 'approved' });
    expect((await call(app, 'GET', '/api/v1/onboarding', { token })).body.next_action.action).toBe('send_test_sms');

    const test = await call(app, 'POST', '/api/v1/onboarding/test-sms', { token, body: { phone_number: recipient } });
    expect(test.status).toBe(202);
    await app.services.jobs.drain();
    const testMessage = await call(app, 'GET', `/api/v1/messages/${test.body.message.id}`, { token });
    expect(testMessage.body.message).toMatchObject({ status: 'delivered', phone_number: recipient });
    status = (await call(app, 'GET', '/api/v1/onboarding', { token })).body;
    expect(status.test_sms.status).toBe('delivered');
    expect(status.next_action.action).toBe('ready');

    // The starter bucket holds one send: the test SMS took it.
    app.clock.advance(1_200);
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token,
      body: { phone_number: recipient, body: 'Hello from the REST journey' },
    });
    expect(sent.status).toBe(202);
    await app.services.jobs.drain();
    const message = await call(app, 'GET', `/api/v1/messages/${sent.body.message.id}`, { token });
    expect(message.body.message).toMatchObject({ status: 'delivered', phone_number: recipient });
    expect((await call(app, 'GET', '/api/v1/onboarding', { token })).body.balance_cents).toBe(
      1_000 - testMessage.body.message.cost_cents - message.body.message.cost_cents,
    );
  });
});

describe('onboarding journey over MCP with the SDK client', () => {
  it('follows next_action tool by tool from a new account to a delivered message', async () => {
    const created = await call(app, 'POST', '/mcp/accounts', {
      body: { account: { username: `mcp_agent_${Date.now()}`, password } },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(created.status).toBe(201);

    const bootstrap = await connectMcp(app, created.body.token.access_token, { toolsets: 'onboarding,numbers' });
    const toolNames = (await bootstrap.listTools()).tools.map((tool) => tool.name);
    expect(toolNames).toEqual(
      expect.arrayContaining([
        'create_api_key',
        'get_onboarding_status',
        'create_funding_invoice',
        'get_funding_invoice',
        'buy_number',
        'list_numbers',
        'send_test_sms',
        'submit_branded_request',
        'provision_dedicated_number',
        'send_message',
      ]),
    );
    const issued = await bootstrap.callTool({ name: 'create_api_key', arguments: { name: 'mcp journey' } });
    const token = (issued.structuredContent as { token: { access_token: string } }).token.access_token;
    await bootstrap.close();

    const agent = await connectMcp(app, token);
    const tool = async (name: string, args: Record<string, unknown> = {}) => {
      const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      return result.structuredContent as any;
    };
    const nextTool = async () => (await tool('get_onboarding_status')).next_action.mcp_tool;

    expect(await nextTool()).toBe('create_funding_invoice');
    const refused = (await agent.callTool({ name: 'create_funding_invoice', arguments: { amount_cents: 10 } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(toolError(refused)).toMatchObject({ code: 'amount_below_minimum', minimum_cents: 500 });
    const { invoice } = await tool('create_funding_invoice', { amount_cents: 2_000 });

    expect(await nextTool()).toBe('get_funding_invoice');
    await providerReportsPayment(invoice);
    expect((await tool('get_funding_invoice', { id: invoice.id })).invoice.status).toBe('paid');

    expect(await nextTool()).toBe('buy_number');
    const unavailable = (await agent.callTool({ name: 'provision_dedicated_number', arguments: {} })) as CallToolResult;
    expect(toolError(unavailable)).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('submit_branded_request'),
    });
    const bought = await tool('buy_number', { area_code: '212' });
    expect(bought.number.number).toMatch(/^\+1212/);
    expect((await tool('list_numbers')).numbers).toHaveLength(1);

    expect(await nextTool()).toBe('send_test_sms');
    const test = await tool('send_test_sms', { phone_number: recipient });
    expect(test.message.status).toBe('queued');
    await app.services.jobs.drain();

    expect(await nextTool()).toBe('send_message');
    app.clock.advance(1_200);
    const sent = await tool('send_message', { phone_number: recipient, body: 'Hello from the MCP journey' });
    await app.services.jobs.drain();
    expect((await tool('get_message', { id: sent.message.id })).message.status).toBe('delivered');
    const status = await tool('get_onboarding_status');
    expect(status.next_action.action).toBe('ready');
    expect(status.balance_cents).toBeLessThan(2_000);
    await agent.close();
  });
});
