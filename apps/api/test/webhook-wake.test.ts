import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventually, startTestApp, type TestApp } from './harness.ts';
import { createEndpoint, signIn, startSink } from './console-support.ts';
import { sendingWorkspace } from './sending-support.ts';

// The runner's safety-net sweep comes once a minute here: only waking the queue after the commit
// that recorded an event gets its webhook deliveries out within the few seconds allowed below.
const SWEEP_INTERVAL_MS = 60_000;
const PROMPT_MS = 10_000;

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;
beforeAll(async () => {
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', JOB_SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS) });
  sink = await startSink();
});
afterAll(async () => {
  await sink.close();
  await app.close();
});

/** Sends one message from a workspace whose endpoint is at the sink; resolves with the event types the sink got for it. */
async function eventTypesDelivered(recipient: string, expected: string[]): Promise<string[]> {
  const developer = await sendingWorkspace(app);
  const session = await signIn(app, developer.account.account.username);
  const path = `/wake-${developer.workspaceId}`;
  await createEndpoint(app, session, { url: sink.url.replace('/hooks', path) });
  const sent = await call(app, 'POST', '/api/v1/messages', {
    token: developer.token,
    body: { phone_number: recipient, body: 'Wake up' },
  });
  expect(sent.status).toBe(202);
  const types = () =>
    sink.requests.filter((request) => request.path === path).map((request) => JSON.parse(request.body).type as string);
  await eventually(`webhooks ${expected.join(', ')} within ${PROMPT_MS} ms`, () => types().length >= expected.length, PROMPT_MS);
  return types().sort();
}

describe('webhook deliveries start when the transaction recording their event commits', () => {
  it('for message events of carrier reports (provider event reconciliation)', async () => {
    expect(await eventTypesDelivered('+14155550123', ['message.sent', 'message.delivered'])).toEqual([
      'message.delivered',
      'message.sent',
    ]);
  });

  it('for a message the carrier refuses at dispatch', async () => {
    expect(await eventTypesDelivered('+15005550004', ['message.failed'])).toEqual(['message.failed']);
  });

  it('for inbound replies, conversations and keyword opt-outs', async () => {
    // The STOP is answered with the opt-out confirmation, a message of its own: sent and delivered too.
    // This scripted recipient replies STOP to it as well, which updates the conversation and is
    // confirmed no second time.
    const expected = [
      'conversation.created',
      'conversation.updated',
      'message.delivered',
      'message.delivered',
      'message.received',
      'message.received',
      'message.sent',
      'message.sent',
      'opt_out.created',
    ];
    expect(await eventTypesDelivered('+15005550006', expected)).toEqual(expected);
  });
});
