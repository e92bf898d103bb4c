import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedText } from '@textline/contract';
import { applyRetention } from '../src/domain/retention.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { startSink } from './console-support.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { recipient, send, sendingWorkspace, sms } from './sending-support.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2027, 2, 1, 15, 0);

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;
beforeAll(async () => {
  app = await startTestApp(
    // Smaller than what each day below leaves behind, so every kind of row takes several batches.
    { ALLOW_PRIVATE_WEBHOOK_URLS: '1', MAINTENANCE_BATCH_SIZE: '2' },
    // Jobs run when the test drains them, so no maintenance run starts on its own.
    { startJobs: false },
  );
  sink = await startSink();
});
afterAll(async () => {
  await sink.close();
  await app.close();
});

function settings(token: string) {
  return call(app, 'GET', '/api/v1/workspace/settings', { token });
}
function setRetention(token: string, days: unknown) {
  return call(app, 'PATCH', '/api/v1/workspace/settings', { token, body: { retention_days: days } });
}

describe('workspace settings: GET /api/v1/workspace/settings, PATCH /api/v1/workspace/settings', () => {
  it('keeps everything by default, sets and clears retention_days, and refuses a length out of range', async () => {
    const { token } = await createDeveloper(app);
    expect(await settings(token)).toMatchObject({ status: 200, body: { settings: { retention_days: null } } });
    expect(await setRetention(token, 30)).toMatchObject({ status: 200, body: { settings: { retention_days: 30 } } });
    expect((await settings(token)).body).toEqual({ settings: { retention_days: 30 } });
    for (const days of [0, 3651, 1.5, '30']) {
      const refused = await setRetention(token, days);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('validation_failed');
    }
    // An empty change answers the settings as they are.
    expect(await call(app, 'PATCH', '/api/v1/workspace/settings', { token, body: {} })).toMatchObject({
      status: 200,
      body: { settings: { retention_days: 30 } },
    });
    expect(await setRetention(token, null)).toMatchObject({ status: 200, body: { settings: { retention_days: null } } });
    expect((await settings(token)).body.settings.retention_days).toBeNull();
  });

  it('needs workspace:read to read and workspace:write to change; messages:write is not enough', async () => {
    const { workspaceId } = await createDeveloper(app);
    const sender = await tokenWithScopes(app, workspaceId, ['messages:write']);
    const reader = await tokenWithScopes(app, workspaceId, ['workspace:read']);
    const writer = await tokenWithScopes(app, workspaceId, ['workspace:write']);
    expect((await settings(sender)).status).toBe(403);
    expect((await setRetention(sender, 1)).status).toBe(403);
    expect((await settings(reader)).status).toBe(200);
    const refused = await setRetention(reader, 1);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('insufficient_scope');
    expect((await setRetention(writer, 5)).status).toBe(200);
    expect((await settings(writer)).body.settings.retention_days).toBe(5);
    expect((await call(app, 'GET', '/api/v1/workspace/settings')).status).toBe(401);
  });

  it("changes only the caller's workspace", async () => {
    const first = await createDeveloper(app);
    const second = await createDeveloper(app);
    await setRetention(first.token, 3);
    expect((await settings(second.token)).body.settings.retention_days).toBeNull();
    await setRetention(second.token, 9);
    expect((await settings(first.token)).body.settings.retention_days).toBe(3);
  });

  it('is read and changed over MCP with the same scopes', async () => {
    const { workspaceId } = await createDeveloper(app);
    const agent = await connectMcp(app, await tokenWithScopes(app, workspaceId, ['mcp:read', 'mcp:execute', 'workspace:write']));
    const updated = await agent.callTool({ name: 'update_workspace_settings', arguments: { retention_days: 14 } });
    expect(updated.structuredContent).toEqual({ settings: { retention_days: 14 } });
    const read = await agent.callTool({ name: 'get_workspace_settings', arguments: {} });
    expect(read.structuredContent).toEqual({ settings: { retention_days: 14 } });
    const invalid = await agent.callTool({ name: 'update_workspace_settings', arguments: { retention_days: -1 } });
    expect(invalid.isError).toBe(true);
    expect(toolError(invalid).code).toBe('validation_failed');
    await agent.close();

    const sender = await connectMcp(app, await tokenWithScopes(app, workspaceId, ['mcp:read', 'mcp:execute', 'messages:write']));
    const names = (await sender.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('update_workspace_settings');
    const refused = await sender.callTool({ name: 'update_workspace_settings', arguments: { retention_days: 1 } });
    expect(refused.isError).toBe(true);
    await sender.close();
  });
});

/** What the workspace's customer can see of its money and volume: none of it may change. */
async function accountsOf(token: string) {
  const usage = await call(app, 'GET', `/api/v1/usage?from=2027-03-01&to=2027-04-30`, { token });
  const ledger = await call(app, 'GET', '/api/v1/ledger?limit=100', { token });
  const balance = await call(app, 'GET', '/api/v1/balance', { token });
  expect([usage.status, ledger.status, balance.status]).toEqual([200, 200, 200]);
  return { usage: usage.body, ledger: ledger.body, balance: balance.body.balance_cents };
}

/** The workspace's rows of each kind retention handles, created before `before` and from it on. */
async function rowsAround(workspaceId: string, before: number) {
  const { prisma } = app.services;
  const old = { lt: new Date(before) };
  const recent = { gte: new Date(before) };
  const count = async (createdAt: { lt: Date } | { gte: Date }) => ({
    events: await prisma.event.count({ where: { workspaceId, createdAt } }),
    deliveries: await prisma.webhookDelivery.count({ where: { workspaceId, createdAt } }),
    attempts: await prisma.webhookAttempt.count({ where: { delivery: { workspaceId }, createdAt } }),
  });
  return { old: await count(old), recent: await count(recent) };
}

async function messageOf(token: string, id: string) {
  const read = await call(app, 'GET', `/api/v1/messages/${id}`, { token });
  expect(read.status).toBe(200);
  return read.body.message;
}

describe('retention run (the maintenance job)', () => {
  it('redacts old messages and inbound messages, deletes old events and deliveries, keeps usage and the ledger, and resumes after a crash', async () => {
    app.clock.set(T0);
    const workspace = await sendingWorkspace(app);
    const { token, workspaceId } = workspace;
    const endpoint = await call(app, 'POST', '/api/v1/webhook-endpoints', {
      token,
      body: { url: sink.url, event_types: ['message.sent', 'message.delivered', 'message.received'] },
    });
    expect(endpoint.status).toBe(201);

    // Day 0: three sends delivered, a reply, and a send scheduled for day 20.
    const old: string[] = [];
    for (const body of ['one', 'two', 'three']) {
      // A second apart, so they are redacted in this order.
      app.clock.set(T0 + old.length * 1000);
      const sent = await send(app, token, sms({ body, metadata: { order: body } }));
      expect(sent.status).toBe(202);
      old.push(sent.body.message.id);
    }
    const reply = await call(app, 'POST', '/api/v1/sandbox/inbound-messages', {
      token,
      body: { from: recipient, body: 'Thanks, see you there' },
    });
    expect(reply.status).toBe(201);
    const scheduled = await send(app, token, sms({ body: 'Later', send_at: new Date(T0 + 20 * DAY).toISOString() }));
    expect(scheduled.status).toBe(202);
    await app.services.jobs.drain();
    // Day 10: one more, delivered.
    app.clock.set(T0 + 10 * DAY);
    const recent = await send(app, token, sms({ body: 'Recent' }));
    await app.services.jobs.drain();
    expect(await messageOf(token, recent.body.message.id)).toMatchObject({ status: 'delivered' });
    for (const id of old) expect((await messageOf(token, id)).status).toBe('delivered');

    const accountsBefore = await accountsOf(token);
    const cutoff = T0 + 5 * DAY;
    const rowsBefore = await rowsAround(workspaceId, cutoff);
    expect(rowsBefore.old.deliveries).toBeGreaterThanOrEqual(7);
    expect(rowsBefore.old.attempts).toBe(rowsBefore.old.deliveries);
    expect(rowsBefore.recent.deliveries).toBe(2);
    expect(await app.services.prisma.providerEvent.count({ where: { messageId: { in: old } } })).toBeGreaterThan(0);

    // One old delivery still has a retry ahead (as a failing endpoint's would): it and its event stay.
    const retrying = await app.services.prisma.webhookDelivery.findFirstOrThrow({
      where: { workspaceId, createdAt: { lt: new Date(cutoff) } },
    });
    await app.services.prisma.webhookDelivery.update({
      where: { id: retrying.id },
      data: { status: 'failed', nextRetryAt: new Date(T0 + 13 * DAY) },
    });

    // Day 12, retention 7: a run stopped by a crash after its first statement (a batch of two messages).
    app.clock.set(T0 + 12 * DAY);
    expect((await setRetention(token, 7)).status).toBe(200);
    // Other tests' workspaces have a retention too; only this one's statements count.
    let statements = 0;
    const crashing = new Proxy(app.services.prisma, {
      get(target, property, receiver) {
        if (property === '$queryRawUnsafe' || property === '$executeRawUnsafe') {
          return (...args: unknown[]) => {
            if (args[1] === workspaceId) statements += 1;
            if (statements > 1) throw new Error('crashed');
            return (target[property] as (...values: unknown[]) => unknown).apply(target, args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    await expect(applyRetention({ ...app.services, prisma: crashing })).rejects.toThrow('crashed');
    const partly = await Promise.all(old.map((id) => messageOf(token, id)));
    expect(partly.map((message) => message.body)).toEqual([redactedText, redactedText, 'three']);

    // The maintenance job, which the workers run when they start, finishes from there.
    await app.services.jobs.start();
    await app.services.jobs.drain();

    for (const [index, id] of old.entries()) {
      expect(await messageOf(token, id)).toMatchObject({
        id,
        status: 'delivered',
        body: redactedText,
        phone_number: redactedText,
        metadata: null,
        segments: 1,
        cost_cents: partly[index].cost_cents,
        sender_number: partly[index].sender_number,
      });
    }
    expect(await app.services.prisma.providerEvent.count({ where: { messageId: { in: old } } })).toBe(0);
    const inbound = await app.services.prisma.inboundMessage.findUniqueOrThrow({ where: { id: reply.body.message.id } });
    expect(inbound).toMatchObject({ body: redactedText, fromNumber: redactedText, toNumber: workspace.senders[0]!.number });
    // Still on its way: kept whole until it is sent.
    expect(await messageOf(token, scheduled.body.message.id)).toMatchObject({ status: 'scheduled', body: 'Later' });
    expect(await messageOf(token, recent.body.message.id)).toMatchObject({ body: 'Recent', phone_number: recipient });
    expect(await rowsAround(workspaceId, cutoff)).toEqual({
      old: { events: 1, deliveries: 1, attempts: 1 },
      recent: rowsBefore.recent,
    });
    expect(await app.services.prisma.event.findUnique({ where: { id: retrying.eventId } })).not.toBeNull();
    // Settled since, it goes with the next run.
    await app.services.prisma.webhookDelivery.update({ where: { id: retrying.id }, data: { nextRetryAt: null } });
    await applyRetention(app.services);
    expect((await rowsAround(workspaceId, cutoff)).old).toEqual({ events: 0, deliveries: 0, attempts: 0 });
    expect(await accountsOf(token)).toEqual(accountsBefore);
    // The old messages no longer match their number; the recent one does.
    const byNumber = await call(app, 'GET', `/api/v1/messages?phone_number=${encodeURIComponent(recipient)}`, { token });
    expect(byNumber.body.messages.map((message: { id: string }) => message.id)).not.toContain(old[0]);
    expect(byNumber.body.messages.map((message: { id: string }) => message.id)).toContain(recent.body.message.id);

    // Day 21: the scheduled send went out on day 20; the next run redacts it too (created on day 0).
    app.clock.set(T0 + 20 * DAY + 60_000);
    await app.services.jobs.drain();
    expect((await messageOf(token, scheduled.body.message.id)).status).toBe('delivered');
    app.clock.set(T0 + 21 * DAY);
    await applyRetention(app.services);
    expect(await messageOf(token, scheduled.body.message.id)).toMatchObject({ body: redactedText, phone_number: redactedText });
    // Day 18 and later are kept: the recent send (day 10) is 11 days old now and redacted; nothing of day 20 is.
    expect((await messageOf(token, recent.body.message.id)).body).toBe(redactedText);
    const day20 = await rowsAround(workspaceId, T0 + 14 * DAY);
    expect(day20.old).toEqual({ events: 0, deliveries: 0, attempts: 0 });
    expect(day20.recent.deliveries).toBe(2);
  });

  it("deletes an old message's tracked links and their clicks, keeps its click count, and its codes answer 404", async () => {
    app.clock.set(T0 + 30 * DAY);
    const { token, workspaceId } = await sendingWorkspace(app);
    const sent = await send(app, token, sms({ body: 'Menu: https://example.com/menu', shorten_links: true }));
    expect(sent.status).toBe(202);
    await app.services.jobs.drain();
    const { body } = await messageOf(token, sent.body.message.id);
    const code = /\/l\/([0-9A-Za-z]+)$/.exec(body)?.[1];
    const follow = () => fetch(`${app.baseUrl}/l/${code}`, { redirect: 'manual' });
    expect((await follow()).status).toBe(302);
    await app.services.linkClicks.rollUp();
    expect((await messageOf(token, sent.body.message.id)).link_clicks).toBe(1);

    // Two days on, retention 1: this process remembered the link when it was followed, and has forgotten it since.
    app.clock.set(T0 + 32 * DAY);
    expect((await setRetention(token, 1)).status).toBe(200);
    await applyRetention(app.services);
    expect(await messageOf(token, sent.body.message.id)).toMatchObject({ body: redactedText, link_clicks: 1 });
    const { prisma } = app.services;
    expect(await prisma.messageLink.count({ where: { workspaceId } })).toBe(0);
    expect(await prisma.linkClick.count({ where: { workspaceId } })).toBe(0);
    expect((await follow()).status).toBe(404);
  });

  it('leaves a workspace without retention, and another workspace, untouched', async () => {
    app.clock.set(T0 + 40 * DAY);
    const kept = await sendingWorkspace(app);
    const sent = await send(app, kept.token, sms({ body: 'Kept' }));
    await app.services.jobs.drain();
    app.clock.set(T0 + 400 * DAY);
    await applyRetention(app.services);
    const message = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
    expect(message).toMatchObject({ body: 'Kept', phoneNumber: recipient });
    expect(await app.services.prisma.event.count({ where: { workspaceId: kept.workspaceId } })).toBeGreaterThan(0);
  });

  it('lets a request in between its batches rather than after the whole run', async () => {
    app.clock.set(T0 + 500 * DAY);
    const { token } = await sendingWorkspace(app);
    // Many batches of MAINTENANCE_BATCH_SIZE (2).
    for (let index = 0; index < 16; index += 1) expect((await send(app, token, sms({ body: `Old ${index}` }))).status).toBe(202);
    await app.services.jobs.drain();
    expect((await setRetention(token, 1)).status).toBe(200);
    app.clock.set(T0 + 510 * DAY);
    const finished: string[] = [];
    const run = applyRetention(app.services).then(() => finished.push('retention run'));
    const request = settings(token).then(() => finished.push('request'));
    await Promise.all([run, request]);
    expect(finished).toEqual(['request', 'retention run']);
  });
});
