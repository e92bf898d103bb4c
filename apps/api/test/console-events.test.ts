import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_SESSION } from '../src/http/console-events.ts';
import { signIn, type ConsoleSession } from './console-support.ts';
import { call, closeStarted, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * GET /console-events, the console's live updates: authenticated by the session cookie, scoped to
 * the session's workspace, capped per session, and fed by every process of the deployment.
 */

type Change = { resource: string; id: string; status?: string };

/** An open event stream: the `change` events it received so far, in order. */
async function openStream(app: TestApp, session?: ConsoleSession) {
  const abort = new AbortController();
  const response = await fetch(`${app.baseUrl}/console-events`, {
    headers: session ? { cookie: session.cookie } : {},
    signal: abort.signal,
  });
  const changes: Change[] = [];
  let ready = false;
  const reading = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'ready') ready = true;
          if (event === 'change' && data) changes.push(JSON.parse(data) as Change);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    response,
    changes,
    ready: () => ready,
    async close() {
      abort.abort();
      await reading;
    },
  };
}

/** Polls `check` every 20 ms until it holds, running `retry` between two looks. */
async function waitFor(what: string, check: () => boolean, timeoutMs = 10_000, retry?: () => Promise<void>): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await retry?.();
  }
}

async function send(app: TestApp, token: string, body: string): Promise<string> {
  const response = await call(app, 'POST', '/api/v1/messages', { token, body: { phone_number: '+14155550123', body } });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.message.id as string;
}

let app: TestApp;
let second: TestApp | undefined;

beforeAll(async () => {
  app = await startTestApp();
  // In the scaled mode a second API process on the same database and Redis; its jobs run in `app`, so
  // `app.services.jobs.drain()` waits for every one of them.
  if (scaledMode) second = await startTestApp({}, { shareWith: app });
});

afterAll(async () => {
  await closeStarted(second, app);
});

describe('the console event stream', () => {
  it('refuses a request without a session cookie', async () => {
    const stream = await openStream(app);
    expect(stream.response.status).toBe(401);
    expect(((await stream.response.json()) as any).error.code).toBe('unauthorized');
  });

  it("sends the ids and statuses of the session's workspace's messages, and never another workspace's", async () => {
    const ours = await sendingWorkspace(app);
    const theirs = await sendingWorkspace(app);
    const stream = await openStream(app, await signIn(app, ours.account.account.username));
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    await waitFor('the stream to be ready', stream.ready);

    const other = await send(app, theirs.token, 'Not for you');
    const mine = await send(app, ours.token, 'Hello');
    await waitFor('the send to be reported as sent', () =>
      stream.changes.some((change) => change.id === mine && change.status === 'sent'),
    );
    await app.services.jobs.drain();
    await stream.close();
    expect(stream.changes.find((change) => change.id === mine)).toEqual({ resource: 'message', id: mine, status: 'queued' });
    expect(stream.changes.some((change) => change.id === other)).toBe(false);
    // Ids and statuses only: no body, no phone number.
    expect(JSON.stringify(stream.changes)).not.toMatch(/Hello|4155550123/);
  });

  it("never sends the answers to MCP elicitations that pass through the workspace's changes", async () => {
    const developer = await sendingWorkspace(app);
    const stream = await openStream(app, await signIn(app, developer.account.account.username));
    await waitFor('the stream to be ready', stream.ready);
    const { workspaceId } = developer;
    app.services.live.publish(workspaceId, { resource: 'elicitation', id: 'apr_1', token_id: 'tok_1', action: 'accept' });
    app.services.live.publish(workspaceId, { resource: 'message', id: 'msg_after', status: 'queued' });
    await waitFor('the change after it', () => stream.changes.some((change) => change.id === 'msg_after'));
    await stream.close();
    expect(stream.changes).toEqual([{ resource: 'message', id: 'msg_after', status: 'queued' }]);
  });

  it("sends the messages a campaign's steps send", async () => {
    const developer = await sendingWorkspace(app);
    const stream = await openStream(app, await signIn(app, developer.account.account.username));
    await waitFor('the stream to be ready', stream.ready);
    const token = developer.token;
    const created = await call(app, 'POST', '/api/v1/campaigns', {
      token,
      body: { name: 'Live', settings: { quiet_hours: { enabled: false } } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.campaign.id as string;
    expect(
      (await call(app, 'POST', `/api/v1/campaigns/${id}/stages`, { token, body: { body: 'Step one', delay_minutes: 0 } })).status,
    ).toBe(201);
    expect((await call(app, 'POST', `/api/v1/campaigns/${id}/activate`, { token })).status).toBe(200);
    const enrolled = await call(app, 'POST', `/api/v1/campaigns/${id}/enrollments`, {
      token,
      body: { phone_numbers: ['+14155550131', '+14155550132'] },
    });
    expect(enrolled.body.enrolled, JSON.stringify(enrolled.body)).toBe(2);
    await app.services.jobs.drain();
    const sent = await call(app, 'GET', `/api/v1/messages?limit=10`, { token });
    const ids = (sent.body.messages as { id: string }[]).map((message) => message.id);
    expect(ids).toHaveLength(2);
    await waitFor('both campaign sends to be announced', () =>
      ids.every((messageId) =>
        stream.changes.some((change) => change.id === messageId && change.resource === 'message' && change.status === 'queued'),
      ),
    );
    await stream.close();
  });

  it(`allows ${STREAMS_PER_SESSION} streams per session and refuses the next with live_stream_limit_reached`, async () => {
    const developer = await sendingWorkspace(app);
    const session = await signIn(app, developer.account.account.username);
    const streams = [];
    for (let index = 0; index < STREAMS_PER_SESSION; index += 1) streams.push(await openStream(app, session));
    expect(streams.map((stream) => stream.response.status)).toEqual(streams.map(() => 200));
    const refused = await openStream(app, session);
    expect(refused.response.status).toBe(429);
    expect(((await refused.response.json()) as any).error.code).toBe('live_stream_limit_reached');
    // Another session of the same account has its own allowance; a closed stream gives its place back.
    const otherSession = await openStream(app, await signIn(app, developer.account.account.username));
    expect(otherSession.response.status).toBe(200);
    await streams.pop()!.close();
    // The server learns of the close a moment later: until then a stream is refused.
    let reopened = await openStream(app, session);
    await waitFor(
      'the closed stream to give its place back',
      () => reopened.response.status === 200,
      10_000,
      async () => {
        reopened = await openStream(app, session);
      },
    );
    await Promise.all([...streams, otherSession, reopened].map((stream) => stream.close()));
  });

  it.runIf(scaledMode)('reaches a stream on another API process through Redis', async () => {
    const developer = await sendingWorkspace(app);
    const stream = await openStream(second!, await signIn(second!, developer.account.account.username));
    await waitFor('the stream to be ready', stream.ready);
    const id = await send(app, developer.token, 'From the other process');
    await waitFor('the change made on the first process', () => stream.changes.some((change) => change.id === id));
    await stream.close();
  });

  it.runIf(scaledMode)("delivers a change to the streams that open at once on a process's first subscription", async () => {
    // A process that has subscribed to nothing yet: its subscribing connection opens on the first.
    const fresh = await startTestApp({}, { shareWith: app });
    try {
      const workspaceId = 'wsp_subscribed_at_once';
      const received: string[] = [];
      const first = fresh.services.live.subscribe(workspaceId, () => void received.push('first'));
      // The second stream of the workspace joins while the first one's subscription is still being made.
      const stopSecond = await fresh.services.live.subscribe(workspaceId, () => void received.push('second'));
      app.services.live.publish(workspaceId, { resource: 'message', id: 'msg_at_once', status: 'queued' });
      await waitFor('both streams to receive the change', () => received.length === 2);
      expect(received.sort()).toEqual(['first', 'second']);
      stopSecond();
      (await first)();
    } finally {
      await fresh.close();
    }
  });
});
