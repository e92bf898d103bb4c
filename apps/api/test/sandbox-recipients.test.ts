import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { magicRecipients } from '../src/providers/sandbox/magic-recipients.ts';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes } from './mcp-support.ts';
import { send, sendingWorkspace } from './sending-support.ts';

/**
 * The sandbox's scripted recipients: listed by GET /api/v1/sandbox/recipients and sandbox_recipients,
 * and each script played through the signed carrier callback routes, one
 * report per SANDBOX_DELAY_MS on the test's clock.
 */

const DELAY_MS = 1_000;
let app: TestApp;
let workspace: Awaited<ReturnType<typeof sendingWorkspace>>;
beforeAll(async () => {
  app = await startTestApp({ SANDBOX_DELAY_MS: String(DELAY_MS) });
  workspace = await sendingWorkspace(app);
});
afterAll(async () => {
  await closeStarted(app);
});

/** Sends to `recipient` and lets the carrier make `reports` reports, one delay apart; answers the message id. */
async function sendAndReport(recipient: string, reports: number): Promise<string> {
  const sent = await send(app, workspace.token, { phone_number: recipient, body: 'Your order shipped' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  await app.services.jobs.drain();
  for (let report = 0; report < reports; report += 1) {
    app.clock.advance(DELAY_MS);
    await app.services.jobs.drain();
  }
  return sent.body.message.id as string;
}

async function messageOf(id: string) {
  return (await call(app, 'GET', `/api/v1/messages/${id}`, { token: workspace.token })).body.message;
}

async function repliesTo(id: string): Promise<string[]> {
  const answer = await call(app, 'GET', `/api/v1/conversations/${id}/replies?wait_seconds=0`, { token: workspace.token });
  return answer.body.replies.map((reply: { body: string }) => reply.body);
}

/** The carrier reports of a message, in the order they were ingested. */
async function reportsOf(id: string): Promise<string[]> {
  const timeline = await call(app, 'GET', `/api/v1/messages/${id}/events`, { token: workspace.token });
  return timeline.body.events
    .filter((event: { type: string }) => event.type === 'provider_event')
    .map((event: { detail: { event_type: string } }) => event.detail.event_type);
}

describe('the scripted recipients', () => {
  it('are listed over REST and MCP (sandbox-provider.test.ts holds the docs table to them)', async () => {
    const listed = await call(app, 'GET', '/api/v1/sandbox/recipients', { token: workspace.token });
    expect(listed.status).toBe(200);
    expect(listed.body.recipients).toEqual(
      Object.entries(magicRecipients).map(([number, script]) => ({ phone_number: number, behaviour: script.behaviour })),
    );

    const agent = await connectMcp(app, workspace.token, { toolsets: 'sandbox' });
    expect((await agent.listTools()).tools.map((tool) => tool.name)).toContain('sandbox_recipients');
    const result = (await agent.callTool({ name: 'sandbox_recipients', arguments: {} })) as CallToolResult;
    expect(result.structuredContent).toEqual(listed.body);
    await agent.close();

    const numbersOnly = await tokenWithScopes(app, workspace.workspaceId, ['numbers:read']);
    expect((await call(app, 'GET', '/api/v1/sandbox/recipients', { token: numbersOnly })).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/sandbox/recipients')).status).toBe(401);
  });

  it('reply with a fixed text after the delivery report', async () => {
    const id = await sendAndReport('+15005550005', 2);
    expect(await repliesTo(id)).toEqual([]);
    app.clock.advance(DELAY_MS);
    await app.services.jobs.drain();
    expect(await repliesTo(id)).toEqual(['Sounds good, thanks!']);
    expect((await messageOf(id)).status).toBe('delivered');
  });

  it('reply a one-time code of six digits, one per message', async () => {
    const first = await sendAndReport('+15005550007', 3);
    const [code] = await repliesTo(first);
    expect(code).toMatch(/^\d{6}$/);
    app.clock.advance(1_200);
    const second = await sendAndReport('+15005550007', 3);
    expect(await repliesTo(second)).toEqual([expect.stringMatching(/^\d{6}$/)]);
    expect((await repliesTo(second))[0]).not.toBe(code);
  });

  it('reply STOP, which opts the number out, or HELP', async () => {
    const stop = await sendAndReport('+15005550006', 3);
    expect(await repliesTo(stop)).toEqual(['STOP']);
    const optOut = await call(app, 'GET', `/api/v1/suppressions/${encodeURIComponent('+15005550006')}`, {
      token: workspace.token,
    });
    expect(optOut.body.suppression).toMatchObject({ active: true });
    app.clock.advance(1_200);
    const help = await sendAndReport('+15005550008', 3);
    expect(await repliesTo(help)).toEqual(['HELP']);
  });

  it('fail as a landline (30006) or by carrier filtering (30007), refunded', async () => {
    for (const [recipient, errorCode] of [
      ['+15005550009', '30006'],
      ['+15005550010', '30007'],
    ] as const) {
      app.clock.advance(1_200);
      const id = await sendAndReport(recipient, 2);
      expect(await messageOf(id)).toMatchObject({ status: 'failed', error_code: errorCode });
      expect(await reportsOf(id)).toEqual(['message.sent', 'message.failed']);
      // Refunded: its debit and its refund cancel out. (The balance alone would also count the
      // auto-replies that the earlier tests' HELP and STOP replies are answered with meanwhile.)
      const entries = await app.services.prisma.ledgerEntry.findMany({ where: { messageId: id } });
      expect(entries.map((entry) => entry.kind).sort()).toEqual(['send_debit', 'send_refund']);
      expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    }
  });

  it('report late, out of order, or never', async () => {
    app.clock.advance(1_200);
    const late = await sendAndReport('+15005550003', 2);
    expect(await reportsOf(late)).toEqual([]);
    // Each report 60 s after the one before.
    for (const expected of [['message.sent'], ['message.sent', 'message.delivered']]) {
      app.clock.advance(60_000);
      await app.services.jobs.drain();
      expect(await reportsOf(late)).toEqual(expected);
    }

    app.clock.advance(1_200);
    const shuffled = await sendAndReport('+15005550011', 2);
    expect(await reportsOf(shuffled)).toEqual(['message.delivered', 'message.sent']);

    app.clock.advance(1_200);
    const silent = await sendAndReport('+15005550012', 5);
    expect(await reportsOf(silent)).toEqual([]);
    expect((await messageOf(silent)).status).not.toMatch(/^(sent|delivered|failed)$/);
  });
});
