import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { newId } from '../src/lib/crypto.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { connectNumber, sendingWorkspace } from './sending-support.ts';

let app: TestApp;
beforeAll(async () => {
  // Jobs run only when a test drains them: replies are reconciled by draining, sends stay queued.
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

type Workspace = Awaited<ReturnType<typeof sendingWorkspace>>;

/** A reply from `from` to one of the workspace's numbers, reconciled as the worker would. */
async function reply(from: string, to: string, body: string) {
  const response = await postSigned(app, 'messaging', 'incoming', { id: eventId('in'), from, to, body });
  expect(response.status).toBe(202);
  await app.services.jobs.drain();
}

async function send(workspace: Workspace, phoneNumber: string, body: string) {
  const response = await call(app, 'POST', '/api/v1/messages', {
    token: workspace.token,
    body: { phone_number: phoneNumber, body },
  });
  expect(response.status).toBe(202);
  return response.body.message.id as string;
}

function get(token: string, route: string) {
  return call(app, 'GET', route, { token });
}

/** A workspace whose first number has a thread with ann (reply, our answer, reply) and one with ben (reply). */
async function workspaceWithThreads() {
  const workspace = await sendingWorkspace(app);
  const ours = workspace.senders[0]!.number;
  const ann = '+14155550201';
  const ben = '+14155550202';
  await reply(ann, ours, 'Is my order ready?');
  app.clock.advance(1_000);
  const answer = await send(workspace, ann, 'Yes, pick it up any time.');
  app.clock.advance(1_000);
  await reply(ben, ours, 'Hello?');
  app.clock.advance(1_000);
  await reply(ann, ours, 'Thanks!');
  app.clock.advance(1_000);
  const conversations = await app.services.prisma.conversation.findMany({ where: { workspaceId: workspace.workspaceId } });
  const idOf = (phoneNumber: string) => conversations.find((row) => row.phoneNumber === phoneNumber)!.id;
  return { workspace, ours, ann, ben, answer, annId: idOf(ann), benId: idOf(ben) };
}

describe('GET /api/v1/conversations', () => {
  it('lists conversations latest reply first, with the latest message either way, the count and suppression', async () => {
    const { workspace, ours, ann, ben, annId, benId } = await workspaceWithThreads();
    const response = await get(workspace.token, '/api/v1/conversations');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      conversations: [
        {
          id: annId,
          phone_number: ann,
          sender_number: ours,
          last_reply_at: expect.any(String),
          last_message_at: expect.any(String),
          last_message_preview: 'Thanks!',
          message_count: 3,
          suppressed: false,
          created_at: expect.any(String),
        },
        expect.objectContaining({ id: benId, phone_number: ben, last_message_preview: 'Hello?', message_count: 1 }),
      ],
      next_cursor: null,
    });
    const [first] = response.body.conversations;
    expect(first.last_message_at).toBe(first.last_reply_at);
    expect(Date.parse(first.created_at)).toBeLessThan(Date.parse(first.last_reply_at));

    // Our answer becomes ben's latest message; the order stays by reply.
    await send(workspace, ben, 'We are open until 6pm.');
    const answered = await get(workspace.token, '/api/v1/conversations');
    expect(answered.body.conversations.map((item: { id: string }) => item.id)).toEqual([annId, benId]);
    expect(answered.body.conversations[1]).toMatchObject({ last_message_preview: 'We are open until 6pm.', message_count: 2 });
    expect(Date.parse(answered.body.conversations[1].last_message_at)).toBeGreaterThan(
      Date.parse(answered.body.conversations[1].last_reply_at),
    );

    // Ben's STOP: a reply (his thread moves to the top) and a workspace suppression.
    await reply(ben, ours, 'STOP');
    const stopped = await get(workspace.token, '/api/v1/conversations');
    expect(stopped.body.conversations[0]).toMatchObject({ id: benId, suppressed: true, last_message_preview: 'STOP' });
    expect(stopped.body.conversations[1]).toMatchObject({ id: annId, suppressed: false });
  });

  it('filters by phone_number and pages with a cursor', async () => {
    const { workspace, ann, annId, benId } = await workspaceWithThreads();
    const filtered = await get(workspace.token, `/api/v1/conversations?phone_number=${encodeURIComponent('+1 (415) 555-0201')}`);
    expect(filtered.body.conversations.map((item: { phone_number: string }) => item.phone_number)).toEqual([ann]);
    const none = await get(workspace.token, '/api/v1/conversations?phone_number=%2B14155550299');
    expect(none.body).toEqual({ conversations: [], next_cursor: null });

    const first = await get(workspace.token, '/api/v1/conversations?limit=1');
    expect(first.body.conversations.map((item: { id: string }) => item.id)).toEqual([annId]);
    const second = await get(workspace.token, `/api/v1/conversations?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.conversations.map((item: { id: string }) => item.id)).toEqual([benId]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('keeps a thread per sender number: a message from another of our numbers is not in it', async () => {
    const { workspace, ann, annId } = await workspaceWithThreads();
    const second = await connectNumber(app, workspace.workspaceId);
    await app.services.prisma.message.create({
      data: {
        id: newId('msg'),
        workspaceId: workspace.workspaceId,
        phoneNumber: ann,
        body: 'From our other number',
        segments: 1,
        costCents: 1,
        status: 'sent',
        senderNumberId: second.id,
        senderNumber: second.number,
        createdAt: new Date(app.clock.now()),
      },
    });
    const listed = await get(workspace.token, '/api/v1/conversations');
    expect(listed.body.conversations.find((item: { id: string }) => item.id === annId)).toMatchObject({
      message_count: 3,
      last_message_preview: 'Thanks!',
    });
  });

  it.each([
    ['?phone_number=4155550201', 'phone_number'],
    [`?phone_number=%2B1${'5'.repeat(30)}`, 'phone_number'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=ten', 'limit'],
    ['?cursor=bm9wZQ', 'cursor'],
  ])('answers 422 validation_failed naming the field for %s', async (query, field) => {
    const developer = await createDeveloper(app);
    const response = await get(developer.token, `/api/v1/conversations${query}`);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it("refuses a cursor of another workspace's list or of another list", async () => {
    const { workspace, annId } = await workspaceWithThreads();
    const other = await workspaceWithThreads();
    const cursor = (await get(other.workspace.token, '/api/v1/conversations?limit=1')).body.next_cursor;
    const foreign = await get(workspace.token, `/api/v1/conversations?limit=1&cursor=${cursor}`);
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.issues).toEqual([expect.objectContaining({ path: 'cursor' })]);
    const own = (await get(workspace.token, '/api/v1/conversations?limit=1')).body.next_cursor;
    const threadCursor = await get(workspace.token, `/api/v1/conversations/${annId}?cursor=${own}`);
    expect(threadCursor.status).toBe(422);
  });
});

describe('the first messages of a new number at once', () => {
  it('are both recorded on their first reconciliation, in one conversation created once', async () => {
    const workspace = await sendingWorkspace(app);
    const ours = workspace.senders[0]!.number;
    const senders = Array.from({ length: 6 }, (_, index) => `+1415555${String(7100 + index)}`);
    // Both of each number's first messages wait as jobs, then are reconciled together by one drain
    // (at once in the scaled mode; one after the other on the embedded mode's one connection).
    for (const from of senders) {
      for (const body of ['Hi', 'Are you there?']) {
        const response = await postSigned(app, 'messaging', 'incoming', { id: eventId('in'), from, to: ours, body });
        expect(response.status).toBe(202);
      }
    }
    await app.services.jobs.drain();
    const { workspaceId } = workspace;
    const conversations = await app.services.prisma.conversation.findMany({ where: { workspaceId } });
    const inbound = await app.services.prisma.inboundMessage.findMany({ where: { workspaceId } });
    expect(
      conversations.map((row) => [row.phoneNumber, inbound.filter((item) => item.conversationId === row.id).length]).sort(),
    ).toEqual(senders.map((from) => [from, 2]));
    const events = await app.services.prisma.event.groupBy({
      by: ['type'],
      where: { workspaceId, type: { in: ['conversation.created', 'conversation.updated'] } },
      _count: true,
    });
    expect(Object.fromEntries(events.map((row) => [row.type, row._count]))).toEqual({
      'conversation.created': senders.length,
      'conversation.updated': senders.length,
    });
    // None failed and waits for a retry: a second message that lost the race to create the
    // conversation used to fail on its unique key.
    expect(await app.services.prisma.job.count({ where: { lastError: { not: null } } })).toBe(0);
  });
});

describe('GET /api/v1/conversations/{id}', () => {
  it('answers the conversation and its messages both ways, newest first, in the message list item shape', async () => {
    const { workspace, ours, ann, annId, answer } = await workspaceWithThreads();
    const response = await get(workspace.token, `/api/v1/conversations/${annId}`);
    expect(response.status).toBe(200);
    const listed = await get(workspace.token, '/api/v1/conversations');
    expect(response.body.conversation).toEqual(listed.body.conversations[0]);
    expect(response.body.next_cursor).toBeNull();
    expect(response.body.messages.map((item: { direction: string; body: string }) => [item.direction, item.body])).toEqual([
      ['inbound', 'Thanks!'],
      ['outbound', 'Yes, pick it up any time.'],
      ['inbound', 'Is my order ready?'],
    ]);
    expect(response.body.messages[0]).toMatchObject({
      id: expect.stringMatching(/^inb_/),
      status: 'received',
      phone_number: ann,
      sender_number: ours,
    });
    // The same items as the message list shows for the two numbers.
    const messages = await get(
      workspace.token,
      `/api/v1/messages?phone_number=${encodeURIComponent(ann)}&sender_number=${encodeURIComponent(ours)}`,
    );
    expect(messages.status).toBe(200);
    expect(response.body.messages).toEqual(messages.body.messages);
    expect(response.body.messages[1]).toMatchObject({
      id: answer,
      direction: 'outbound',
      phone_number: ann,
      sender_number: ours,
    });
  });

  it('pages through the messages with its cursor', async () => {
    const { workspace, annId } = await workspaceWithThreads();
    const bodies: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const page = await get(workspace.token, `/api/v1/conversations/${annId}${query}`);
      expect(page.status).toBe(200);
      bodies.push(...page.body.messages.map((item: { body: string }) => item.body));
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    expect(bodies).toEqual(['Thanks!', 'Yes, pick it up any time.', 'Is my order ready?']);
  });

  it("answers 404 for an unknown id, another workspace's conversation and an over-long id; 422 for a bad page", async () => {
    const { workspace, annId, benId } = await workspaceWithThreads();
    const stranger = await createDeveloper(app);
    for (const route of [
      '/api/v1/conversations/cnv_missing',
      `/api/v1/conversations/${annId}`,
      `/api/v1/conversations/${'c'.repeat(65)}`,
    ]) {
      const response = await get(stranger.token, route);
      expect(response.status, route).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect((await get(workspace.token, `/api/v1/conversations/${annId}?limit=0`)).status).toBe(422);
    const benCursor = (await get(workspace.token, `/api/v1/conversations/${benId}?limit=1`)).body.next_cursor;
    expect(benCursor).toBeNull();
    const annCursor = (await get(workspace.token, `/api/v1/conversations/${annId}?limit=1`)).body.next_cursor;
    const elsewhere = await get(workspace.token, `/api/v1/conversations/${benId}?cursor=${annCursor}`);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.error.issues).toEqual([expect.objectContaining({ path: 'cursor' })]);
  });
});

describe('conversations: authorization', () => {
  it('answers 401 without a token and 403 without messages:read; messages:write passes', async () => {
    const { workspace, annId } = await workspaceWithThreads();
    const routes = ['/api/v1/conversations', `/api/v1/conversations/${annId}`];
    for (const route of routes) expect((await call(app, 'GET', route)).status, route).toBe(401);
    const unrelated = await tokenWithScopes(app, workspace.workspaceId, ['campaigns:write', 'billing:read']);
    for (const route of routes) {
      const refused = await get(unrelated, route);
      expect(refused.status, route).toBe(403);
    }
    for (const scope of ['messages:read', 'messages:write'] as const) {
      const token = await tokenWithScopes(app, workspace.workspaceId, [scope]);
      for (const route of routes) expect((await get(token, route)).status, `${scope} ${route}`).toBe(200);
    }
  });
});

describe('conversations over MCP', () => {
  it('list_conversations and get_conversation', async () => {
    const { workspace, ann, annId } = await workspaceWithThreads();
    const token = await tokenWithScopes(app, workspace.workspaceId, ['mcp:execute', 'messages:read']);
    const agent = await connectMcp(app, token);
    try {
      const listed = (await agent.callTool({ name: 'list_conversations', arguments: { phone_number: ann } })) as CallToolResult;
      expect(listed.isError).toBeFalsy();
      expect(listed.structuredContent).toMatchObject({ conversations: [{ id: annId, message_count: 3 }], next_cursor: null });
      const thread = (await agent.callTool({ name: 'get_conversation', arguments: { id: annId, limit: 2 } })) as CallToolResult;
      expect(thread.isError).toBeFalsy();
      const content = thread.structuredContent as { messages: { direction: string }[]; next_cursor: string | null };
      expect(content.messages.map((item) => item.direction)).toEqual(['inbound', 'outbound']);
      expect(content.next_cursor).toEqual(expect.any(String));
      const missing = (await agent.callTool({ name: 'get_conversation', arguments: { id: 'cnv_missing' } })) as CallToolResult;
      expect(missing.isError).toBe(true);
      expect(toolError(missing)).toMatchObject({ code: 'not_found' });
      const invalid = (await agent.callTool({
        name: 'list_conversations',
        arguments: { phone_number: 'nope' },
      })) as CallToolResult;
      expect(invalid.isError).toBe(true);
      expect(toolError(invalid)).toMatchObject({ code: 'validation_failed', issues: [{ path: 'phone_number' }] });
    } finally {
      await agent.close();
    }
  });
});
