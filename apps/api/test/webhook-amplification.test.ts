import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { recordEvent, signIn, startSink, trpcMutation } from './console-support.ts';
import { call, closeStarted, createDeveloper, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, toolError } from './mcp-support.ts';

/**
 * No caller makes the workers send more than the events justify: a recovery runs once however often
 * it is asked for, a replay waiting to run is not queued again, and test events are limited per
 * endpoint. The calls arrive in parallel; in the scaled mode they are spread over two API processes
 * on one database and one Redis.
 */

const TEST_EVENTS_PER_MINUTE = 5;

let app: TestApp;
/** The second API process of the scaled deployment; the same one as `app` in the embedded mode. */
let other: TestApp | undefined;
let sink: Awaited<ReturnType<typeof startSink>>;

beforeAll(async () => {
  // Jobs run only when a test drains them, so what the parallel calls queued can be counted first.
  const environment = { ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TEST_EVENTS_PER_MINUTE: String(TEST_EVENTS_PER_MINUTE) };
  app = await startTestApp(environment, { startJobs: false });
  if (scaledMode) other = await startTestApp(environment, { shareWith: app });
  sink = await startSink();
});
afterAll(async () => {
  await closeStarted(sink, other, app);
});

/** The processes to spread parallel calls over, in turn. */
const processes = () => (other ? [app, other] : [app]);

function inParallel(count: number, request: (on: TestApp, index: number) => Promise<unknown>) {
  return Promise.all(Array.from({ length: count }, (_, index) => request(processes()[index % processes().length]!, index)));
}

/** Replay jobs queued for deliveries of this endpoint. */
async function replayJobs(endpointId: string): Promise<number> {
  const [row] = await app.services.prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM jobs j JOIN webhook_deliveries d ON d.id = j.payload->>'delivery_id'
    WHERE j.queue = 'webhook_delivery' AND j.payload->>'trigger' = 'replay' AND d.endpoint_id = ${endpointId}`;
  return row!.count;
}

/** A developer with an endpoint whose deliveries of `failures` events all failed (each retry later). */
async function endpointWithFailures(failures: number) {
  const developer = await createDeveloper(app);
  const created = await call(app, 'POST', '/api/v1/webhook-endpoints', { token: developer.token, body: { url: sink.url } });
  expect(created.status).toBe(201);
  sink.respond = { status: 500, body: 'down', delayMs: 0 };
  for (let index = 0; index < failures; index += 1) await recordEvent(app, developer.workspaceId);
  await app.services.jobs.drain();
  sink.respond = { status: 200, body: 'ok', delayMs: 0 };
  sink.requests.length = 0;
  return { developer, endpoint: created.body.endpoint as { id: string } };
}

describe('recovery', () => {
  it('queues the failed deliveries once for 20 parallel calls, and answers the running recovery to the others', async () => {
    const { developer, endpoint } = await endpointWithFailures(7);
    const since = new Date(app.clock.now() - 60_000).toISOString();
    const answers = (await inParallel(20, (on) =>
      call(on, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/recover`, { token: developer.token, body: { since } }),
    )) as Awaited<ReturnType<typeof call>>[];
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const started = answers.filter((answer) => !answer.body.already_running);
    expect(started).toHaveLength(1);
    const recovery = { queued: 7, since, started_at: started[0]!.body.started_at };
    expect(started[0]!.body).toEqual({ ...recovery, remaining: 7, already_running: false });
    for (const answer of answers.filter((each) => each.body.already_running)) {
      expect(answer.body).toEqual({ ...recovery, remaining: 7, already_running: true });
    }
    expect(await replayJobs(endpoint.id)).toBe(7);

    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(7);
    // Done: the next call is a new recovery, with nothing failed left to queue.
    const again = await call(app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/recover`, {
      token: developer.token,
      body: { since },
    });
    expect(again.body).toMatchObject({ queued: 0, remaining: 0, already_running: false });
    expect(await replayJobs(endpoint.id)).toBe(7);
  });

  it('leaves out a delivery whose replay already waits, over MCP as over REST', async () => {
    const { developer, endpoint } = await endpointWithFailures(3);
    const [failed] = (await call(app, 'GET', `/api/v1/webhook-deliveries?endpoint_id=${endpoint.id}`, { token: developer.token }))
      .body.deliveries;
    expect((await call(app, 'POST', `/api/v1/webhook-deliveries/${failed.id}/replay`, { token: developer.token })).status).toBe(
      200,
    );
    const agent = await connectMcp(app, developer.token);
    const since = new Date(app.clock.now() - 60_000).toISOString();
    const recovered = (await agent.callTool({
      name: 'recover_webhook_endpoint',
      arguments: { id: endpoint.id, since },
    })) as CallToolResult;
    expect(recovered.structuredContent).toMatchObject({ queued: 2, remaining: 2, already_running: false });
    const repeated = (await agent.callTool({
      name: 'recover_webhook_endpoint',
      arguments: { id: endpoint.id, since },
    })) as CallToolResult;
    expect(repeated.structuredContent).toMatchObject({ queued: 2, already_running: true });
    await agent.close();
    expect(await replayJobs(endpoint.id)).toBe(3);
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(3);
  });
});

describe('replay', () => {
  it('queues one attempt for 30 parallel replays of a delivery, and another once that one ran', async () => {
    const { developer, endpoint } = await endpointWithFailures(1);
    const [delivery] = (
      await call(app, 'GET', `/api/v1/webhook-deliveries?endpoint_id=${endpoint.id}`, { token: developer.token })
    ).body.deliveries;
    expect(delivery.replay_queued).toBe(false);
    const answers = (await inParallel(30, (on) =>
      call(on, 'POST', `/api/v1/webhook-deliveries/${delivery.id}/replay`, { token: developer.token }),
    )) as Awaited<ReturnType<typeof call>>[];
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    for (const answer of answers) expect(answer.body.delivery).toMatchObject({ id: delivery.id, replay_queued: true });
    expect(await replayJobs(endpoint.id)).toBe(1);

    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(1);
    const shown = await call(app, 'GET', `/api/v1/webhook-deliveries/${delivery.id}`, { token: developer.token });
    expect(shown.body.delivery).toMatchObject({ status: 'succeeded', replay_queued: false });
    const next = await call(app, 'POST', `/api/v1/webhook-deliveries/${delivery.id}/replay`, { token: developer.token });
    expect(next.body.delivery.replay_queued).toBe(true);
    expect(await replayJobs(endpoint.id)).toBe(2);
  });

  it('answers the waiting replay to the console and to MCP too', async () => {
    const { developer, endpoint } = await endpointWithFailures(1);
    const [delivery] = (
      await call(app, 'GET', `/api/v1/webhook-deliveries?endpoint_id=${endpoint.id}`, { token: developer.token })
    ).body.deliveries;
    const session = await signIn(app, developer.account.account.username);
    const agent = await connectMcp(app, developer.token);
    await Promise.all([
      trpcMutation(app, 'webhookDeliveries.replay', { id: delivery.id }, session),
      agent.callTool({ name: 'replay_webhook_delivery', arguments: { id: delivery.id } }),
      call(app, 'POST', `/api/v1/webhook-deliveries/${delivery.id}/replay`, { token: developer.token }),
    ]);
    await agent.close();
    expect(await replayJobs(endpoint.id)).toBe(1);
  });
});

describe('test events', () => {
  it(`accepts ${TEST_EVENTS_PER_MINUTE} of 30 parallel test events per endpoint, then 429 with Retry-After`, async () => {
    const developer = await createDeveloper(app);
    const endpoints: { id: string }[] = [];
    for (let index = 0; index < 2; index += 1) {
      const created = await call(app, 'POST', '/api/v1/webhook-endpoints', { token: developer.token, body: { url: sink.url } });
      endpoints.push(created.body.endpoint);
    }
    const [first, second] = endpoints as [{ id: string }, { id: string }];
    await app.services.jobs.drain();
    sink.requests.length = 0;
    const answers = (await inParallel(30, (on) =>
      call(on, 'POST', `/api/v1/webhook-endpoints/${first.id}/test`, { token: developer.token }),
    )) as Awaited<ReturnType<typeof call>>[];
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(TEST_EVENTS_PER_MINUTE);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(Array(30 - TEST_EVENTS_PER_MINUTE).fill(429));
    expect(refused[0]!.body.error).toEqual({
      code: 'webhook_test_rate_limited',
      message: expect.stringContaining('test events'),
      fix: expect.stringContaining('retry_after_seconds'),
      retry: 'retry_after_seconds',
      retry_after_seconds: expect.any(Number),
    });
    const retryAfter = Number(refused[0]!.headers.get('retry-after'));
    expect(retryAfter).toBe(refused[0]!.body.error.retry_after_seconds);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another endpoint has its own allowance; the console and MCP share this one's.
    expect((await call(app, 'POST', `/api/v1/webhook-endpoints/${second.id}/test`, { token: developer.token })).status).toBe(200);
    const session = await signIn(app, developer.account.account.username);
    expect((await trpcMutation(app, 'webhookEndpoints.sendTest', { id: first.id }, session)).status).toBe(429);
    const agent = await connectMcp(app, developer.token);
    const result = (await agent.callTool({ name: 'send_test_webhook', arguments: { id: first.id } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(toolError(result)).toMatchObject({ code: 'webhook_test_rate_limited', retry_after_seconds: expect.any(Number) });
    await agent.close();

    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(TEST_EVENTS_PER_MINUTE + 1);
    // One more becomes available every minute / limit.
    app.clock.advance(60_000 / TEST_EVENTS_PER_MINUTE);
    expect((await call(app, 'POST', `/api/v1/webhook-endpoints/${first.id}/test`, { token: developer.token })).status).toBe(200);
    expect((await call(app, 'POST', `/api/v1/webhook-endpoints/${first.id}/test`, { token: developer.token })).status).toBe(429);
  });
});
