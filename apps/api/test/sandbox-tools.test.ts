import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi/document.ts';
import { call, closeStarted, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { customerEvents } from './inbound-support.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { expectValidationIssue } from './onboarding-support.ts';
import { connectNumber, sendingWorkspace } from './sending-support.ts';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-standin.ts';

/**
 * The sandbox tools (sandbox-only routes and tools drive the real signed ingestion paths):
 * sandbox_pay_invoice, sandbox_receive_message and sandbox_report over REST and MCP, and their absence
 * with a live provider (the Twilio stand-in).
 */

let app: TestApp;
let standIn: TwilioStandIn;
let liveApp: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  standIn = await startTwilioStandIn({ accountSid, authToken, now: () => liveApp.clock.now() });
  liveApp = await startTestApp({
    MESSAGING_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_BASE_URL: standIn.url,
    PUBLIC_BASE_URL: 'https://live.example.test',
  });
});
afterAll(async () => {
  await closeStarted(app, liveApp);
  await closeStarted(standIn);
});

const sandboxTools = ['sandbox_pay_invoice', 'sandbox_receive_message', 'sandbox_report'];

async function tool(agent: Client, name: string, args: Record<string, unknown>) {
  const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  return result.structuredContent as any;
}

async function openInvoice(target: TestApp, token: string, amountCents = 1_000) {
  const response = await call(target, 'POST', '/api/v1/onboarding/funding-invoices', {
    token,
    body: { amount_cents: amountCents },
  });
  expect(response.status).toBe(201);
  return response.body.invoice as { id: string; session_id: string; hosted_url: string; amount_cents: number };
}

const fundingCredits = (workspaceId: string) =>
  app.services.prisma.ledgerEntry.findMany({ where: { workspaceId, kind: 'funding_credit' } });

describe('sandbox_pay_invoice (POST /api/v1/sandbox/funding-invoices/{id}/pay)', () => {
  it('pays an open invoice through the signed funding event and credits the balance once', async () => {
    const developer = await createDeveloper(app);
    const invoice = await openInvoice(app, developer.token);
    const paid = await call(app, 'POST', `/api/v1/sandbox/funding-invoices/${invoice.id}/pay`, { token: developer.token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      invoice: { id: invoice.id, status: 'paid', paid_at: expect.any(String) },
      balance_cents: 1_000,
    });
    // The checkout's pay action: sandboxpay's funding.completed, verified, stored and reconciled.
    const events = await app.services.prisma.providerEvent.findMany({
      where: { provider: 'sandboxpay', externalId: `spevt_paid_${invoice.id}` },
    });
    expect(events).toEqual([expect.objectContaining({ eventType: 'funding.completed', status: 'processed' })]);

    // Paying again (here, or through the hosted checkout's pay action) is the same event: one credit.
    const again = await call(app, 'POST', `/api/v1/sandbox/funding-invoices/${invoice.id}/pay`, { token: developer.token });
    expect(again.status).toBe(200);
    expect(again.body.balance_cents).toBe(1_000);
    const checkout = await fetch(`${invoice.hosted_url}/pay`, { method: 'POST', headers: { accept: 'application/json' } });
    expect(((await checkout.json()) as { event: { duplicate: boolean } }).event.duplicate).toBe(true);
    await app.services.jobs.drain();
    expect(await fundingCredits(developer.workspaceId)).toHaveLength(1);
  });

  it('refuses an expired invoice (422 invalid_state), an unknown or foreign one (404), and callers without the scope', async () => {
    const developer = await createDeveloper(app);
    const stranger = await createDeveloper(app);
    const invoice = await openInvoice(app, developer.token, 2_000);
    const path = `/api/v1/sandbox/funding-invoices/${invoice.id}/pay`;

    expect((await call(app, 'POST', path)).status).toBe(401);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:read', 'messages:write']);
    const underScoped = await call(app, 'POST', path, { token: readOnly });
    expect(underScoped.status).toBe(403);
    expect(underScoped.body.error.code).toBe('unauthorized');

    const foreign = await call(app, 'POST', path, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'onchain_invoice_not_found' });
    expect((await call(app, 'POST', '/api/v1/sandbox/funding-invoices/inv_missing/pay', { token: developer.token })).status).toBe(
      404,
    );

    app.clock.advance(app.config.fundingInvoiceTtlMinutes * 60_000 + 1_000);
    const expired = await call(app, 'POST', path, { token: developer.token });
    expect(expired.status).toBe(422);
    expect(expired.body.error).toMatchObject({ code: 'invalid_state', current_status: 'expired' });
    expect(await fundingCredits(developer.workspaceId)).toEqual([]);
  });
});

describe('sandbox_receive_message (POST /api/v1/sandbox/inbound-messages)', () => {
  it('stores a reply in its conversation through the signed inbound route, to the number the sender was last sent from', async () => {
    const workspace = await sendingWorkspace(app, { numbers: 2 });
    const customer = '+14155550181';
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: customer, body: 'Your order shipped' },
    });
    expect(sent.status).toBe(202);
    await app.services.jobs.drain();
    const sender = (await call(app, 'GET', `/api/v1/messages/${sent.body.message.id}`, { token: workspace.token })).body.message
      .sender_number as string;

    const reply = await call(app, 'POST', '/api/v1/sandbox/inbound-messages', {
      token: workspace.token,
      body: { from: customer, body: 'Thanks!' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.message).toMatchObject({
      id: expect.stringMatching(/^inb_/),
      direction: 'inbound',
      status: 'received',
      phone_number: customer,
      sender_number: sender,
      body: 'Thanks!',
    });
    expect(reply.body.conversation).toMatchObject({ phone_number: customer, sender_number: sender, suppressed: false });
    // The carrier's /incoming callback: stored under its id as the inbound message's provider id, and reconciled.
    const inbound = await app.services.prisma.inboundMessage.findUniqueOrThrow({ where: { id: reply.body.message.id } });
    const stored = await app.services.prisma.providerEvent.findUniqueOrThrow({
      where: {
        provider_eventType_externalId: {
          provider: 'sandbox',
          eventType: 'message.inbound',
          externalId: inbound.providerMessageId!,
        },
      },
    });
    expect(stored.status).toBe('processed');
    const types = (await customerEvents(app, workspace.workspaceId)).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['message.received', 'conversation.created']));

    // An explicit `to`: the other number, a second conversation.
    const other = workspace.senders.find((number) => number.number !== sender)!.number;
    const toOther = await call(app, 'POST', '/api/v1/sandbox/inbound-messages', {
      token: workspace.token,
      body: { from: customer, to: other, body: 'Wrong number?' },
    });
    expect(toOther.status).toBe(201);
    expect(toOther.body.conversation.sender_number).toBe(other);
    expect(toOther.body.conversation.id).not.toBe(reply.body.conversation.id);
  });

  it('opts the sender out on STOP, so sends to it are refused, and back in on START', async () => {
    const workspace = await sendingWorkspace(app);
    const customer = '+14155550182';
    const stop = await call(app, 'POST', '/api/v1/sandbox/inbound-messages', {
      token: workspace.token,
      body: { from: customer, body: 'STOP' },
    });
    expect(stop.status).toBe(201);
    expect(stop.body.conversation.suppressed).toBe(true);
    const refused = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: customer, body: 'Hi' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('workspace_suppressed');

    const start = await call(app, 'POST', '/api/v1/sandbox/inbound-messages', {
      token: workspace.token,
      body: { from: customer, body: 'START' },
    });
    expect(start.body.conversation.suppressed).toBe(false);
  });

  it('answers 422 naming the field, branded_number_missing without a number, and refuses callers without the scope', async () => {
    const workspace = await sendingWorkspace(app);
    const post = (body: unknown, token = workspace.token) =>
      call(app, 'POST', '/api/v1/sandbox/inbound-messages', { token, body });
    expectValidationIssue(await post({ from: 'not a number', body: 'Hi' }), 'from');
    expectValidationIssue(await post({ from: '+14155550183' }), 'body');
    expectValidationIssue(await post({ from: '+14155550183', body: 'Hi', to: '+14155550199' }), 'to');

    const numberless = await createDeveloper(app);
    const missing = await post({ from: '+14155550183', body: 'Hi' }, numberless.token);
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('branded_number_missing');
    // Another workspace's number is not this workspace's.
    expectValidationIssue(
      await post({ from: '+14155550183', body: 'Hi', to: workspace.senders[0]!.number }, numberless.token),
      'to',
    );

    expect(
      (await call(app, 'POST', '/api/v1/sandbox/inbound-messages', { body: { from: '+14155550183', body: 'Hi' } })).status,
    ).toBe(401);
    const readOnly = await tokenWithScopes(app, workspace.workspaceId, ['messages:read']);
    expect((await post({ from: '+14155550183', body: 'Hi' }, readOnly)).status).toBe(403);
  });
});

describe('sandbox_report (POST /api/v1/sandbox/messages/{id}/report)', () => {
  async function sendTo(workspace: { token: string }, phoneNumber: string) {
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: phoneNumber, body: 'Hello' },
    });
    expect(sent.status).toBe(202);
    await app.services.jobs.drain();
    return sent.body.message as { id: string };
  }
  const balance = async (workspaceId: string) =>
    (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;

  it('fails a message the carrier has (signed message.failed): error_code set, the send refunded', async () => {
    const workspace = await sendingWorkspace(app);
    const before = await balance(workspace.workspaceId);
    // The slow magic recipient: handed to the carrier, which reports nothing for 60 s.
    const message = await sendTo(workspace, '+15005550003');
    const { cost_cents: cost } = (await call(app, 'GET', `/api/v1/messages/${message.id}`, { token: workspace.token })).body
      .message;
    expect(cost).toBeGreaterThan(0);
    expect(await balance(workspace.workspaceId)).toBe(before - cost);
    const failed = await call(app, 'POST', `/api/v1/sandbox/messages/${message.id}/report`, {
      token: workspace.token,
      body: { outcome: 'fail', error_code: 'unreachable' },
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body).toMatchObject({
      message: { id: message.id, status: 'failed', error_code: 'unreachable' },
      suppression: null,
    });
    expect(await balance(workspace.workspaceId)).toBe(before);
    const event = await app.services.prisma.providerEvent.findFirstOrThrow({
      where: { provider: 'sandbox', eventType: 'message.failed', messageId: message.id },
    });
    expect(event.status).toBe('processed');

    // A failed message is final: failing it again is refused with its status.
    const again = await call(app, 'POST', `/api/v1/sandbox/messages/${message.id}/report`, {
      token: workspace.token,
      body: { outcome: 'fail' },
    });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ code: 'invalid_state', current_status: 'failed' });
  });

  it("opts a delivered message's recipient out (signed recipient.opted_out), so sends to it are refused", async () => {
    const workspace = await sendingWorkspace(app);
    const message = await sendTo(workspace, '+14155550184');
    const delivered = await call(app, 'POST', `/api/v1/sandbox/messages/${message.id}/report`, {
      token: workspace.token,
      body: { outcome: 'fail' },
    });
    expect(delivered.status).toBe(422);
    expect(delivered.body.error).toMatchObject({ code: 'invalid_state', current_status: 'delivered' });

    const optOut = await call(app, 'POST', `/api/v1/sandbox/messages/${message.id}/report`, {
      token: workspace.token,
      body: { outcome: 'opt_out' },
    });
    expect(optOut.status).toBe(200);
    expect(optOut.body).toMatchObject({
      message: { id: message.id, status: 'delivered' },
      suppression: { phone_number: '+14155550184', active: true, source: 'provider_event', removable: false },
    });
    const refused = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: '+14155550184', body: 'Again' },
    });
    expect(refused.body.error.code).toBe('workspace_suppressed');
  });

  it('answers 422 naming the field, 404 for inbound, unknown and foreign ids, and refuses callers without the scope', async () => {
    const workspace = await sendingWorkspace(app);
    const stranger = await sendingWorkspace(app);
    const message = await sendTo(workspace, '+14155550185');
    const report = (id: string, body: unknown, token = workspace.token) =>
      call(app, 'POST', `/api/v1/sandbox/messages/${id}/report`, { token, body });
    expectValidationIssue(await report(message.id, {}), 'outcome');
    expectValidationIssue(await report(message.id, { outcome: 'bounce' }), 'outcome');
    expectValidationIssue(await report(message.id, { outcome: 'opt_out', error_code: 'unreachable' }), 'error_code');
    expectValidationIssue(await report(message.id, { outcome: 'fail', error_code: 'Not A Code' }), 'error_code');

    const reply = await call(app, 'POST', '/api/v1/sandbox/inbound-messages', {
      token: workspace.token,
      body: { from: '+14155550185', body: 'Who is this?' },
    });
    expect((await report(reply.body.message.id, { outcome: 'opt_out' })).status).toBe(404);
    expect((await report('msg_missing', { outcome: 'opt_out' })).status).toBe(404);
    const foreign = await report(message.id, { outcome: 'opt_out' }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');

    expect((await call(app, 'POST', `/api/v1/sandbox/messages/${message.id}/report`, { body: { outcome: 'fail' } })).status).toBe(
      401,
    );
    const readOnly = await tokenWithScopes(app, workspace.workspaceId, ['messages:read']);
    expect((await report(message.id, { outcome: 'fail' }, readOnly)).status).toBe(403);
    // None of the refusals touched the message or its recipient.
    expect((await call(app, 'GET', `/api/v1/messages/${message.id}`, { token: workspace.token })).body.message.status).toBe(
      'delivered',
    );
    expect(await app.services.prisma.workspaceSuppression.count({ where: { workspaceId: workspace.workspaceId } })).toBe(0);
  });
});

describe('the sandbox tools over MCP', () => {
  it('are listed, and an account token drives all three through the official client', async () => {
    const workspace = await sendingWorkspace(app, { balanceCents: 0 });
    const agent = await connectMcp(
      app,
      await tokenWithScopes(app, workspace.workspaceId, ['mcp:read', 'mcp:execute', 'messages:write', 'onboarding:write']),
      { toolsets: 'sandbox' },
    );
    const names = (await agent.listTools()).tools.map((listed) => listed.name);
    expect(names).toEqual(expect.arrayContaining(sandboxTools));
    expect(agent.getInstructions()).toContain('sandbox_pay_invoice');

    const invoice = (await tool(agent, 'create_funding_invoice', { amount_cents: 1_000 })).invoice;
    expect(await tool(agent, 'sandbox_pay_invoice', { id: invoice.id })).toMatchObject({
      invoice: { status: 'paid' },
      balance_cents: 1_000,
    });
    const sent = (await tool(agent, 'send_message', { phone_number: '+14155550186', body: 'Hello' })).message;
    await app.services.jobs.drain();
    const reply = await tool(agent, 'sandbox_receive_message', { from: '+14155550186', body: 'stop' });
    expect(reply.conversation).toMatchObject({ phone_number: '+14155550186', suppressed: true });
    const reported = await tool(agent, 'sandbox_report', { id: sent.id, outcome: 'opt_out' });
    expect(reported.suppression).toMatchObject({ phone_number: '+14155550186', active: true });

    const refused = (await agent.callTool({
      name: 'sandbox_report',
      arguments: { id: sent.id, outcome: 'fail' },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(toolError(refused)).toMatchObject({ code: 'invalid_state', current_status: 'delivered' });
    await agent.close();
  });
});

describe('with a live provider (Twilio)', () => {
  it('serves no sandbox route: REST and tRPC answer 404', async () => {
    const developer = await createDeveloper(liveApp);
    await connectNumber(liveApp, developer.workspaceId);
    const invoice = await openInvoice(liveApp, developer.token);
    const requests = [
      ['POST', `/api/v1/sandbox/funding-invoices/${invoice.id}/pay`, undefined],
      ['POST', '/api/v1/sandbox/inbound-messages', { from: '+14155550187', body: 'STOP' }],
      ['POST', '/api/v1/sandbox/messages/msg_any/report', { outcome: 'fail' }],
    ] as const;
    for (const [method, path, body] of requests) {
      const response = await call(liveApp, method, path, { token: developer.token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const trpc = await call(liveApp, 'POST', '/trpc/sandbox.payInvoice', { token: developer.token, body: { id: invoice.id } });
    expect(trpc.status).toBe(404);
    const unpaid = await call(liveApp, 'GET', `/api/v1/onboarding/funding-invoices/${invoice.id}`, { token: developer.token });
    expect(unpaid.body.invoice.status).toBe('open');
    // The same requests reach the sandbox routes on the sandbox deployment (whose 404 would mean something else).
    const sandboxDeveloper = await createDeveloper(app);
    expect(
      (
        await call(app, 'POST', '/api/v1/sandbox/messages/msg_any/report', {
          token: sandboxDeveloper.token,
          body: { outcome: 'fail' },
        })
      ).body,
    ).toMatchObject({
      error: { code: 'not_found', message: 'No message with this id exists in this workspace.' },
    });
  });

  it('lists no sandbox tool, refuses to call one, and its instructions leave them out', async () => {
    const developer = await createDeveloper(liveApp);
    const token = await tokenWithScopes(liveApp, developer.workspaceId, [
      'mcp:read',
      'mcp:execute',
      'messages:write',
      'onboarding:write',
    ]);
    const agent = await connectMcp(liveApp, token);
    const names = (await agent.listTools()).tools.map((listed) => listed.name);
    expect(names).toContain('send_message');
    for (const name of sandboxTools) expect(names).not.toContain(name);
    expect(agent.getInstructions()).not.toContain('sandbox_');
    const called = (await agent.callTool({ name: 'sandbox_pay_invoice', arguments: { id: 'inv_any' } })) as CallToolResult;
    expect(called.isError).toBe(true);
    expect(toolError(called)).toMatchObject({ code: 'not_found' });
    await agent.close();

    const legacyList = await call(liveApp, 'GET', '/mcp/tools', { token });
    expect(legacyList.body.tools.map((listed: { name: string }) => listed.name)).not.toContain('sandbox_report');
    expect((await call(liveApp, 'POST', '/mcp/tools/sandbox_report', { token, body: { params: {} } })).status).toBe(404);
  });
});

describe('openapi.json', () => {
  it('documents the sandbox routes, marked sandbox-only', () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const path of [
      '/api/v1/sandbox/funding-invoices/{id}/pay',
      '/api/v1/sandbox/inbound-messages',
      '/api/v1/sandbox/messages/{id}/report',
    ]) {
      const entry = document.paths[path]!.post!;
      expect(entry['x-sandbox-only']).toBe(true);
      expect(entry.description).toMatch(/^Sandbox only: .*answers 404 and its MCP tool is not listed/);
      expect(sandboxTools).toContain(entry['x-mcp-tool']);
    }
  });
});
