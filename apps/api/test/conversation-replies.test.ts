import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, createDeveloper, eventually, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { recipient, send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * Replies without a webhook server: GET /api/v1/conversations/{id}/replies and wait_for_reply answer
 * as soon as a reply is ingested, else empty at the deadline, free their client's slot when it goes
 * away, hold no database connection while they wait, and (scaled mode) wake on a reply another API
 * process ingested.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CONCURRENT_REPLY_WAITS_PER_TOKEN: '2' });
});
afterAll(async () => {
  await closeStarted(app);
});

/** A workspace that sent one message to `recipient`: its token, its sender and the message id. */
async function sentMessage(target: TestApp = app) {
  const workspace = await sendingWorkspace(target);
  const sent = await send(target, workspace.token, sms());
  expect(sent.status).toBe(202);
  return { ...workspace, messageId: sent.body.message.id as string, sender: sent.body.message.sender_number as string };
}

/** The recipient texts back through the sandbox carrier's signed inbound path. */
async function reply(target: TestApp, token: string, to: string, body: string) {
  const received = await call(target, 'POST', '/api/v1/sandbox/inbound-messages', { token, body: { from: recipient, to, body } });
  expect(received.status, JSON.stringify(received.body)).toBeLessThan(300);
}

function replies(target: TestApp, token: string, id: string, query: string, signal?: AbortSignal) {
  return fetch(`${target.baseUrl}/api/v1/conversations/${id}/replies?${query}`, {
    headers: { authorization: `Bearer ${token}` },
    ...(signal ? { signal } : {}),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
}

describe('GET /api/v1/conversations/{id}/replies', () => {
  it('answers as soon as the recipient of a sent message replies, before any conversation existed', async () => {
    const { token, messageId, sender } = await sentMessage();
    const started = performance.now();
    const waiting = replies(app, token, messageId, 'wait_seconds=20');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await reply(app, token, sender, 'Yes, see you then');
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(answer.body.replies).toEqual([
      expect.objectContaining({ direction: 'inbound', status: 'received', body: 'Yes, see you then', phone_number: recipient }),
    ]);
    expect(answer.body.conversation_id).toMatch(/^cnv_/);

    // By conversation, after that reply: nothing yet, then the next one (a second later on the test's clock).
    const first = answer.body.replies[0].id as string;
    const next = replies(app, token, answer.body.conversation_id, `after=${first}&wait_seconds=20`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    app.clock.advance(1_000);
    await reply(app, token, sender, 'Running late');
    expect((await next).body.replies.map((item: { body: string }) => item.body)).toEqual(['Running late']);
    // Without waiting: both, oldest first.
    const all = await replies(app, token, messageId, 'wait_seconds=0');
    expect(all.body.replies.map((item: { body: string }) => item.body)).toEqual(['Yes, see you then', 'Running late']);
  });

  it('answers an empty list at the deadline when no reply comes', async () => {
    const { token, messageId } = await sentMessage();
    const started = performance.now();
    const answer = await replies(app, token, messageId, 'wait_seconds=1');
    const elapsed = performance.now() - started;
    expect(answer).toEqual({ status: 200, body: { replies: [], conversation_id: null } });
    expect(elapsed).toBeGreaterThanOrEqual(950);
    // Soon after the deadline: 9 s for one request's work on a loaded machine.
    expect(elapsed).toBeLessThan(10_000);
  });

  it('holds no database connection while it waits: other requests are answered meanwhile', async () => {
    const { token, messageId } = await sentMessage();
    // Three waits at once where this token may hold two: one is refused at once, whichever comes last.
    // The other two outlast the reads below (the embedded database has one connection): a wait that
    // held it would keep them until it ended. Their 5 s is the reads' allowance on a loaded machine.
    let waitsEnded = false;
    const waits = Array.from({ length: 3 }, () => replies(app, token, messageId, 'wait_seconds=5'));
    const refused = await Promise.race(waits);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'too_many_waits', retry_after_seconds: expect.any(Number) });
    const answered = Promise.all(waits).then((all) => {
      waitsEnded = true;
      return all;
    });
    expect((await call(app, 'GET', `/api/v1/messages/${messageId}`, { token })).status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/messages', { token })).status).toBe(200);
    expect(waitsEnded, 'the reads waited for the waits').toBe(false);
    expect((await answered).map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
    // Answered waits give their slots back.
    const again = [replies(app, token, messageId, 'wait_seconds=1'), replies(app, token, messageId, 'wait_seconds=1')];
    expect((await Promise.all(again)).map((answer) => answer.status)).toEqual([200, 200]);
  });

  it('frees a wait at once when its client disconnects', async () => {
    const { token, messageId } = await sentMessage();
    const aborts = [new AbortController(), new AbortController(), new AbortController()];
    const waits = aborts.map((abort) => replies(app, token, messageId, 'wait_seconds=30', abort.signal));
    // The third of three is refused at once: then the other two hold this token's two slots.
    const first = await Promise.race(waits.map((wait, index) => wait.then((answer) => ({ answer, index }))));
    expect(first.answer.status).toBe(429);
    const holding = waits.filter((_, index) => index !== first.index);
    for (const [index, abort] of aborts.entries()) if (index !== first.index) abort.abort();
    expect(await Promise.all(holding.map((wait) => wait.catch(() => 'aborted')))).toEqual(['aborted', 'aborted']);
    // Both slots are free again well before the 30 s the waits asked for (the server learns of the
    // disconnections a moment later: a pair refused in part is tried again).
    await eventually(
      'both slots to be free',
      async () => {
        const pair = [replies(app, token, messageId, 'wait_seconds=1'), replies(app, token, messageId, 'wait_seconds=1')];
        return (await Promise.all(pair)).every((answer) => answer.status === 200);
      },
      15_000,
    );
  });

  it('refuses what the schema refuses, other workspaces and tokens without messages:read', async () => {
    const { token, messageId, workspaceId } = await sentMessage();
    expect((await replies(app, token, messageId, 'wait_seconds=31')).body.error).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: 'wait_seconds' })],
    });
    expect((await replies(app, token, messageId, 'after=yesterday&wait_seconds=0')).body.error).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: 'after' })],
    });
    expect((await replies(app, token, messageId, 'after=msg_unknown&wait_seconds=0')).status).toBe(404);
    expect((await replies(app, token, 'pn_notamessage', 'wait_seconds=0')).status).toBe(404);
    const other = await createDeveloper(app);
    expect((await replies(app, other.token, messageId, 'wait_seconds=0')).body.error).toMatchObject({ code: 'not_found' });
    const numbersOnly = await tokenWithScopes(app, workspaceId, ['numbers:read']);
    const refused = await replies(app, numbersOnly, messageId, 'wait_seconds=0');
    expect(refused.status).toBe(403);
  });
});

describe('wait_for_reply over MCP', () => {
  it('returns the reply to a sent message, listed among the core tools', async () => {
    const { token, messageId, sender } = await sentMessage();
    const agent = await connectMcp(app, token);
    const listed = (await agent.listTools()).tools.find((tool) => tool.name === 'wait_for_reply');
    expect(listed?.inputSchema.properties).toMatchObject({ wait_seconds: { minimum: 0, maximum: 30 } });
    const waiting = agent.callTool({ name: 'wait_for_reply', arguments: { id: messageId, wait_seconds: 20 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await reply(app, token, sender, 'OK');
    const result = (await waiting) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ replies: [expect.objectContaining({ body: 'OK' })] });
    const unknown = (await agent.callTool({ name: 'wait_for_reply', arguments: { id: 'msg_unknown' } })) as CallToolResult;
    expect(toolError(unknown)).toMatchObject({ code: 'not_found' });
    await agent.close();
  });
});

describe.runIf(scaledMode)('across two API processes (scaled mode)', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({}, { shareWith: app });
  });
  afterAll(async () => {
    await closeStarted(second);
  });

  it('a wait on one process answers when the reply is ingested by the other', async () => {
    const { token, messageId, sender } = await sentMessage();
    const started = performance.now();
    const waiting = replies(second, token, messageId, 'wait_seconds=20');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await reply(app, token, sender, 'From the other side');
    const answer = await waiting;
    expect(answer.body.replies.map((item: { body: string }) => item.body)).toEqual(['From the other side']);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
