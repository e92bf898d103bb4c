import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  type CallToolResult,
  type ElicitRequestURLParams,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, eventually, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, mcpHeaders, postMcp } from './mcp-support.ts';
import { sendingWorkspace, sms } from './sending-support.ts';

let app: TestApp;
/** A second API process on the same database and Redis (scaled mode only): the owner approves there. */
let other: TestApp | undefined;
/**
 * Long enough that only a decision, never the deadline, ends a wait that expects one, however loaded
 * the machine: such a wait takes well under a second.
 */
const waitSeconds = 30;
// One waiting call per token: each test's agent is a token of its own.
const environment = { MCP_APPROVAL_WAIT_SECONDS: String(waitSeconds), MCP_APPROVAL_WAITS_PER_TOKEN: '1' };

beforeAll(async () => {
  app = await startTestApp(environment);
  if (scaledMode) other = await startTestApp(environment, { shareWith: app });
});
afterAll(async () => {
  await closeStarted(other, app);
});

/** A workspace whose owner (`token`) created `agent`, a token whose every send waits for approval. */
async function agentWorkspace(target = app) {
  const owner = await sendingWorkspace(target);
  return { ...owner, ...(await agentWorkspaceOf(owner.token, target)) };
}

/** Another such agent of the owner's workspace. */
async function agentWorkspaceOf(ownerToken: string, target = app) {
  const response = await call(target, 'POST', '/api/v1/tokens', {
    token: ownerToken,
    body: {
      name: 'booking agent',
      scopes: ['messages:write', 'messages:read', 'mcp:read', 'mcp:execute'],
      approval: { required_for: 'all_sends' },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { agent: response.body.token as { id: string; access_token: string } };
}

/** Runs `work` a moment from now, once the client's answer to the elicitation has reached the server. */
const later = <T>(work: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, 300)).then(work);

type Elicited = { params: ElicitRequestURLParams; completed: string[] };

/** An MCP client that takes URL elicitations, answering each with `answer`; `elicited` records what it was asked. */
async function elicitingClient(
  token: string,
  answer: (params: ElicitRequestURLParams) => ElicitResult | Promise<ElicitResult>,
  target = app,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport; elicited: Elicited[] }> {
  const client = new Client({ name: 'eliciting-agent', version: '1.0.0' }, { capabilities: { elicitation: { url: {} } } });
  const elicited: Elicited[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const params = request.params as ElicitRequestURLParams;
    elicited.push({ params, completed: [] });
    return answer(params);
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
    elicited.at(-1)?.completed.push(notification.params.elicitationId);
  });
  const transport = new StreamableHTTPClientTransport(new URL(`${target.baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return { client, transport, elicited };
}

/** The session id initialize answers a client that declares URL elicitation. */
async function urlElicitationSession(token: string): Promise<string> {
  const initialized = await postMcp(app, token, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: { url: {} } },
      clientInfo: { name: 'raw', version: '1' },
    },
  });
  return initialized.headers.get('mcp-session-id') as string;
}

/**
 * A raw send_message over POST /mcp in that session: its elicitation/create once the event stream
 * brings it, and the whole stream once it ends. Undefined elicitation: answered at once, as JSON.
 */
async function rawHeldSend(token: string, sessionId: string, signal?: AbortSignal) {
  const response = await fetch(`${app.baseUrl}/mcp`, {
    method: 'POST',
    headers: { ...mcpHeaders, authorization: `Bearer ${token}`, 'mcp-session-id': sessionId },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'send_message', arguments: sms() } }),
    signal,
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { elicitation: undefined, rest: response.text() };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const first = JSON.parse(/^data: (.*)$/m.exec(text)![1]!) as { id: string; method: string; params: ElicitRequestURLParams };
  const rest = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += value;
    }
  })();
  return { elicitation: first, rest };
}

/** The JSON-RPC messages of an event stream's text. */
const eventsOf = (text: string) => [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!));

type HeldMessage = { id: string; status: string; approval: { id: string; status: string; approval_url: string } };
const messageOf = (result: unknown) => (result as CallToolResult).structuredContent?.message as HeldMessage;
const approvalsOf = async (token: string, status: string, target = app) =>
  (await call(target, 'GET', `/api/v1/approvals?status=${status}`, { token })).body.approvals as { id: string }[];

describe('an MCP client that takes URL elicitations', () => {
  it('is sent to the approval page and gets the send as the owner decided it, through any API process', async () => {
    const { token, agent } = await agentWorkspace();
    let approving: Promise<{ status: number }> | undefined;
    const { client, elicited } = await elicitingClient(agent.access_token, (params) => {
      // The owner approves on the page (here through REST, on another process in the scaled mode).
      // After the client's answer: the decision, not the answer, must end the wait.
      approving = later(() => call(other ?? app, 'POST', `/api/v1/approvals/${params.elicitationId}/approve`, { token }));
      return { action: 'accept' };
    });
    const started = Date.now();
    const result = await client.callTool({ name: 'send_message', arguments: sms({ body: 'Table for two at 8pm?' }) });
    expect((await approving)?.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(waitSeconds * 1000);

    const message = messageOf(result);
    expect(message.status).toMatch(/^(queued|sending|sent|delivered)$/);
    expect(message.approval).toMatchObject({ status: 'approved' });
    expect((result as CallToolResult).content).toEqual([{ type: 'text', text: JSON.stringify({ message }) }]);
    expect(elicited).toHaveLength(1);
    const [{ params, completed }] = elicited as [Elicited];
    expect(params).toMatchObject({
      mode: 'url',
      elicitationId: message.approval.id,
      url: `${app.baseUrl}/console/approvals/${message.approval.id}`,
    });
    expect(params.message).toContain(sms().phone_number);
    expect(params.message).toContain('Table for two at 8pm?');
    expect(params.message).toContain('$0.02');
    expect(params.message).toContain('"booking agent"');
    expect(completed).toEqual([message.approval.id]);

    const timeline = await call(app, 'GET', `/api/v1/messages/${message.id}/events`, { token });
    const resolved = timeline.body.events.find((event: { type: string }) => event.type === 'approval_resolved');
    expect(resolved.detail).toMatchObject({ status: 'approved', resolved_by: { kind: 'token', name: 'test' } });
    await client.close();
  });

  it('gets the send still pending, with its approval_url, when the person declines; nothing is approved', async () => {
    const { token, agent } = await agentWorkspace();
    const { client, elicited } = await elicitingClient(agent.access_token, () => ({ action: 'decline' }));
    const started = Date.now();
    const message = messageOf(await client.callTool({ name: 'send_message', arguments: sms() }));
    expect(Date.now() - started).toBeLessThan(waitSeconds * 1000);
    expect(elicited).toHaveLength(1);
    expect(elicited[0]?.completed).toEqual([]);
    expect(message).toMatchObject({
      status: 'pending_approval',
      approval: { status: 'pending', approval_url: `/console/approvals/${message.approval.id}` },
    });
    expect((await approvalsOf(token, 'pending')).map((approval) => approval.id)).toEqual([message.approval.id]);
    expect(await approvalsOf(token, 'approved')).toEqual([]);
    // Reading the held message asks nothing.
    const read = await client.callTool({ name: 'get_message', arguments: { id: message.id } });
    expect(messageOf(read)).toMatchObject({ status: 'pending_approval' });
    expect(elicited).toHaveLength(1);
    await client.close();
  });

  it('approves nothing by accepting: after the wait the send is still pending', async () => {
    // Only the deadline ends this wait: an API process of its own whose calls wait 3 s (on the same
    // database and Redis in the scaled mode).
    const deadlineSeconds = 3;
    const shortWait = await startTestApp(
      { ...environment, MCP_APPROVAL_WAIT_SECONDS: String(deadlineSeconds) },
      scaledMode ? { shareWith: app } : {},
    );
    try {
      const { token, agent } = await agentWorkspace(shortWait);
      const { client, elicited } = await elicitingClient(agent.access_token, () => ({ action: 'accept' }), shortWait);
      const started = Date.now();
      const message = messageOf(await client.callTool({ name: 'send_message', arguments: sms() }));
      expect(Date.now() - started).toBeGreaterThanOrEqual(deadlineSeconds * 1000 - 100);
      expect(elicited).toHaveLength(1);
      expect(message).toMatchObject({ status: 'pending_approval', approval: { status: 'pending' } });
      expect(await approvalsOf(token, 'approved', shortWait)).toEqual([]);
      // Nor can the agent approve it some other way.
      const refused = await call(shortWait, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, {
        token: agent.access_token,
      });
      expect(refused.status).toBe(403);
      await client.close();
    } finally {
      await shortWait.close();
    }
  });

  it('gets the send as rejected when the owner rejects it while the call waits', async () => {
    const { token, agent } = await agentWorkspace();
    const { client } = await elicitingClient(agent.access_token, (params) => {
      void later(() => call(other ?? app, 'POST', `/api/v1/approvals/${params.elicitationId}/reject`, { token }));
      return { action: 'accept' };
    });
    const started = Date.now();
    const message = messageOf(await client.callTool({ name: 'send_message', arguments: sms() }));
    expect(message).toMatchObject({ status: 'canceled', approval: { status: 'rejected' } });
    expect(Date.now() - started).toBeLessThan(waitSeconds * 1000);
    await client.close();
  });

  it('gets the send as expired when its approval expires while the call waits', async () => {
    const { agent } = await agentWorkspace();
    const { client } = await elicitingClient(agent.access_token, () => {
      void later(async () => {
        app.clock.advance(app.config.approvalTtlSeconds * 1000);
        await app.services.jobs.drain();
      });
      return { action: 'accept' };
    });
    const started = Date.now();
    const message = messageOf(await client.callTool({ name: 'send_message', arguments: sms() }));
    expect(message).toMatchObject({ status: 'canceled', approval: { status: 'expired' } });
    expect(Date.now() - started).toBeLessThan(waitSeconds * 1000);
    await client.close();
  });

  it('hears the answer through whichever API process it reaches, and answers that POST 202', async () => {
    const { token, agent } = await agentWorkspace();
    const sessionId = await urlElicitationSession(agent.access_token);
    const { elicitation, rest } = await rawHeldSend(agent.access_token, sessionId);
    expect(elicitation).toMatchObject({ jsonrpc: '2.0', method: 'elicitation/create', params: { mode: 'url' } });
    // Another token of the workspace cannot answer for this client.
    const { agent: colleague } = await agentWorkspaceOf(token);
    const answer = (id: string | undefined, action: string) => ({ jsonrpc: '2.0', id, result: { action } });
    const foreign = await postMcp(other ?? app, colleague.access_token, answer(elicitation?.id, 'decline'));
    expect(foreign.status).toBe(202);
    const ended = rest.then(() => 'ended');
    expect(await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300))])).toBe(
      'still waiting',
    );
    const declined = await postMcp(other ?? app, agent.access_token, answer(elicitation?.id, 'decline'), {
      'mcp-session-id': sessionId,
    });
    expect(declined.status).toBe(202);
    expect(declined.text).toBe('');
    const events = eventsOf(await rest);
    expect(events.map((event: { method?: string }) => event.method)).toEqual(['elicitation/create', undefined]);
    expect(events[1]).toMatchObject({ id: 9, result: { structuredContent: { message: { status: 'pending_approval' } } } });
  });

  it('keeps one waiting call per token (MCP_APPROVAL_WAITS_PER_TOKEN) and frees it at once when its client disconnects', async () => {
    const { agent } = await agentWorkspace();
    const sessionId = await urlElicitationSession(agent.access_token);
    const disconnect = new AbortController();
    const waiting = await rawHeldSend(agent.access_token, sessionId, disconnect.signal);
    expect(waiting.elicitation?.method).toBe('elicitation/create');
    // Past the bound: answered at once, pending, without an elicitation.
    const beyond = await rawHeldSend(agent.access_token, sessionId);
    expect(beyond.elicitation).toBeUndefined();
    expect(JSON.parse(await beyond.rest).result.structuredContent.message).toMatchObject({ status: 'pending_approval' });

    disconnect.abort();
    await waiting.rest.catch(() => undefined);
    // The slot comes back long before the wait (or its bucket's refill) would have given it back: the
    // server learns of the disconnection a moment later, and a send meanwhile is answered at once.
    let again: Awaited<ReturnType<typeof rawHeldSend>> | undefined;
    await eventually(
      'the slot to come back',
      async () => {
        again = await rawHeldSend(agent.access_token, sessionId);
        if (again.elicitation) return true;
        await again.rest;
        return false;
      },
      15_000,
    );
    expect(again?.elicitation?.method).toBe('elicitation/create');
    await postMcp(app, agent.access_token, { jsonrpc: '2.0', id: again?.elicitation?.id, result: { action: 'cancel' } });
    await again?.rest;
  });

  it('is asked once for a batch, on the pending approvals page, and gets every send as decided', async () => {
    const { token, agent } = await agentWorkspace();
    const { client, elicited } = await elicitingClient(agent.access_token, () => {
      void (async () => {
        for (const approval of await approvalsOf(token, 'pending')) {
          await call(app, 'POST', `/api/v1/approvals/${approval.id}/approve`, { token });
        }
      })();
      return { action: 'accept' };
    });
    const result = (await client.callTool({
      name: 'send_message_batch',
      arguments: { messages: [sms(), sms({ phone_number: '+14155550124' })] },
    })) as CallToolResult;
    expect(elicited.map(({ params }) => params.url)).toEqual([`${app.baseUrl}/console/approvals`]);
    expect(elicited[0]?.params.message).toContain('2 SMS ($0.04 in all');
    const results = result.structuredContent?.results as { message: HeldMessage }[];
    expect(results.map(({ message }) => message.approval.status)).toEqual(['approved', 'approved']);
    await client.close();
  });
});

describe('an MCP client without URL elicitation', () => {
  it('gets the pending send at once, with its approval_url, and no session id', async () => {
    const { agent } = await agentWorkspace();
    const initialize = (capabilities: Record<string, unknown>) =>
      postMcp(app, agent.access_token, {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'raw', version: '1' } },
      });
    expect((await initialize({})).headers.get('mcp-session-id')).toBeNull();
    expect((await initialize({ elicitation: { form: {} } })).headers.get('mcp-session-id')).toBeNull();
    const sessionId = (await initialize({ elicitation: { url: {} } })).headers.get('mcp-session-id') as string;
    expect(sessionId).toMatch(/^v1\./);
    // The session is only a signed record: no event stream to GET, nothing to DELETE.
    for (const method of ['GET', 'DELETE']) {
      const answered = await fetch(`${app.baseUrl}/mcp`, {
        method,
        headers: { authorization: `Bearer ${agent.access_token}`, 'mcp-session-id': sessionId, accept: 'text/event-stream' },
      });
      expect([answered.status, answered.headers.get('allow')]).toEqual([405, 'POST']);
    }

    const client = await connectMcp(app, agent.access_token);
    const message = messageOf(await client.callTool({ name: 'send_message', arguments: sms() }));
    expect(message).toMatchObject({
      status: 'pending_approval',
      approval: { status: 'pending', approval_url: `/console/approvals/${message.approval.id}` },
    });
    await client.close();
  });

  it('ignores a session id that is forged or another token’s: the send answers at once, pending', async () => {
    const { agent } = await agentWorkspace();
    const { agent: stranger } = await agentWorkspace();
    const { transport, client } = await elicitingClient(stranger.access_token, () => ({ action: 'accept' }));
    const strangersSession = transport.sessionId as string;
    expect(strangersSession).toMatch(/^v1\./);
    const [version, , signature] = strangersSession.split('.') as [string, string, string];
    const ownClaims = Buffer.from(JSON.stringify({ token: agent.id, elicitation: ['url'] })).toString('base64url');
    for (const sessionId of [strangersSession, `${version}.${ownClaims}.${signature}`]) {
      const answered = await postMcp(
        app,
        agent.access_token,
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'send_message', arguments: sms() } },
        { 'mcp-session-id': sessionId },
      );
      expect(answered.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answered.body.result.structuredContent.message).toMatchObject({ status: 'pending_approval' });
    }
    await client.close();
  });
});
