import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, eventually, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes } from './mcp-support.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * Pacing (SENDER_PACING=on): every send takes its sender's next free slot, answered as
 * estimated_send_at, and GET /api/v1/queue (get_queue) sums the queue up. `app` keeps its workers
 * off and its clock still, so the estimates are exact; `liveApp` runs its workers on the real clock
 * and shows the hand-offs keep the pace and the estimates.
 */

let app: TestApp;
let liveApp: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SENDER_PACING: 'on' }, { startJobs: false });
  liveApp = await startTestApp(
    { SENDER_PACING: 'on', SANDBOX_DELAY_MS: '10', JOB_SWEEP_INTERVAL_MS: '100' },
    { clock: { now: () => Date.now() } },
  );
});
afterAll(async () => {
  await closeStarted(app, liveApp);
});

const at = (ms: number) => new Date(app.clock.now() + ms).toISOString();

describe('estimated_send_at: POST /api/v1/messages, GET /api/v1/messages/{id}, GET /api/v1/messages, preview', () => {
  it("gives each send of a number the next slot at the number's throughput, segments counted", async () => {
    const developer = await sendingWorkspace(app);
    const answers = [];
    for (const body of ['one', 'a'.repeat(200), 'three'])
      answers.push((await send(app, developer.token, sms({ body }))).body.message);
    // 1 a second: the two-segment body takes two seconds.
    expect(answers.map((message) => message.estimated_send_at)).toEqual([at(0), at(1_000), at(3_000)]);
    const got = await call(app, 'GET', `/api/v1/messages/${answers[2].id}`, { token: developer.token });
    expect(got.body.message).toMatchObject({ status: 'queued', estimated_send_at: at(3_000) });
    const listed = await call(app, 'GET', '/api/v1/messages', { token: developer.token });
    // Accepted in one millisecond, so listed in no particular order.
    const listedEstimates = listed.body.messages.map((message: { estimated_send_at: string }) => message.estimated_send_at);
    expect(listedEstimates.sort()).toEqual([at(0), at(1_000), at(3_000)]);
    const client = await connectMcp(app, developer.token);
    try {
      const read = await client.callTool({ name: 'get_message', arguments: { id: answers[2].id } });
      expect(read.structuredContent).toMatchObject({ message: { status: 'queued', estimated_send_at: at(3_000) } });
    } finally {
      await client.close();
    }
    const preview = await call(app, 'POST', '/api/v1/messages/preview', { token: developer.token, body: sms() });
    expect(preview.body.preview.estimated_send_at).toBe(at(4_000));
    // A faster number (toll-free, or raised by its registration) takes shorter slots.
    await app.services.prisma.phoneNumber.update({
      where: { id: developer.senders[0]!.id },
      data: { throughputOverridePerSecond: 4 },
    });
    const faster = await send(app, developer.token, sms());
    const fasterStill = await send(app, developer.token, sms());
    expect([faster.body.message.estimated_send_at, fasterStill.body.message.estimated_send_at]).toEqual([at(4_000), at(4_250)]);
    // The dispatch job is due at the slot.
    const job = await app.services.prisma.job.findUniqueOrThrow({ where: { id: `job_dispatch_${fasterStill.body.message.id}` } });
    expect(job.runAt.toISOString()).toBe(at(4_250));
  });

  it('spreads the sends of a pool over its numbers, each at its own pace', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const pool = await call(app, 'POST', '/api/v1/sender-pools', {
      token: developer.token,
      body: { name: 'Pool', number_ids: developer.senders.map((sender) => sender.id), sticky_sender: false },
    });
    const estimates = [];
    for (let index = 0; index < 4; index += 1) {
      const sent = await send(
        app,
        developer.token,
        sms({ phone_number: `+1212555010${index}`, sender_pool_id: pool.body.sender_pool.id }),
      );
      estimates.push(sent.body.message.estimated_send_at);
    }
    expect(estimates).toEqual([at(0), at(0), at(1_000), at(1_000)]);
  });

  it('paces the items of a batch as single sends: each takes the next slot after the ones before it', async () => {
    const developer = await sendingWorkspace(app);
    await send(app, developer.token, sms());
    const batch = await call(app, 'POST', '/api/v1/messages/batch', {
      token: developer.token,
      body: {
        messages: [sms({ phone_number: '+14155550201' }), sms({ phone_number: '+14155550202', body: 'a'.repeat(200) }), sms()],
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    // After the single send's slot; the two-segment item takes two.
    expect(
      batch.body.results.map((result: { message: { estimated_send_at: string } }) => result.message.estimated_send_at),
    ).toEqual([at(1_000), at(2_000), at(4_000)]);
  });

  it('takes no slot for a scheduled send: it is expected at its send_at', async () => {
    const developer = await sendingWorkspace(app);
    const sendAt = at(3_600_000);
    const scheduled = await send(app, developer.token, sms({ send_at: sendAt }));
    expect(scheduled.body.message.estimated_send_at).toBe(sendAt);
    expect((await send(app, developer.token, sms())).body.message.estimated_send_at).toBe(at(0));
    // Canceled, it is expected at no time any more.
    const id = scheduled.body.message.id;
    expect((await call(app, 'POST', `/api/v1/messages/${id}/cancel`, { token: developer.token })).status).toBe(200);
    const canceled = await call(app, 'GET', `/api/v1/messages/${id}`, { token: developer.token });
    expect(canceled.body.message).toMatchObject({ status: 'canceled', estimated_send_at: null });
  });

  it('takes no slot for a message that will expire before its slot comes, and fails it then', async () => {
    const developer = await sendingWorkspace(app);
    await app.services.prisma.phoneNumber.update({
      where: { id: developer.senders[0]!.id },
      data: { nextSlotAt: new Date(app.clock.now() + 120_000) },
    });
    const doomed = await send(app, developer.token, sms({ validity_seconds: 60 }));
    expect(doomed.body.message.estimated_send_at).toBe(at(120_000));
    const job = await app.services.prisma.job.findUniqueOrThrow({ where: { id: `job_dispatch_${doomed.body.message.id}` } });
    expect(job.runAt.toISOString()).toBe(at(60_000));
    expect((await send(app, developer.token, sms())).body.message.estimated_send_at).toBe(at(120_000));
    // Failed as expired, it no longer shows the slot it would have had.
    app.clock.advance(60_001);
    await app.services.jobs.drain();
    const expired = await call(app, 'GET', `/api/v1/messages/${doomed.body.message.id}`, { token: developer.token });
    expect(expired.body.message).toMatchObject({ status: 'failed', error_code: 'expired', estimated_send_at: null });
  });
});

describe('GET /api/v1/queue', () => {
  it('counts the queued messages and says when each sender and the whole queue drain', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const [first, second] = developer.senders as [(typeof developer.senders)[0], (typeof developer.senders)[0]];
    const createdAt = at(0);
    for (let index = 0; index < 3; index += 1) await send(app, developer.token, sms({ from: first.number }));
    await send(app, developer.token, sms({ from: second.number }));
    await send(app, developer.token, sms({ send_at: at(3_600_000) }));
    const queue = await call(app, 'GET', '/api/v1/queue', { token: developer.token });
    expect(queue.status).toBe(200);
    expect(queue.body).toEqual({
      queue: {
        queued: 4,
        oldest_queued_at: createdAt,
        estimated_drain_at: at(2_000),
        by_sender: [
          { sender_number: first.number, queued: 3, throughput_per_second: 1, estimated_drain_at: at(2_000) },
          { sender_number: second.number, queued: 1, throughput_per_second: 1, estimated_drain_at: at(0) },
        ],
      },
    });
  });

  it('answers an empty queue, only the workspace’s own, to a messages:read token; 403 without it', async () => {
    const busy = await sendingWorkspace(app);
    await send(app, busy.token, sms());
    const idle = await sendingWorkspace(app);
    const reader = await tokenWithScopes(app, idle.workspaceId, ['messages:read']);
    expect((await call(app, 'GET', '/api/v1/queue', { token: reader })).body).toEqual({
      queue: { queued: 0, oldest_queued_at: null, estimated_drain_at: null, by_sender: [] },
    });
    const numbersOnly = await tokenWithScopes(app, idle.workspaceId, ['numbers:read']);
    expect((await call(app, 'GET', '/api/v1/queue', { token: numbersOnly })).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/queue', {})).status).toBe(401);
  });

  it('is the MCP tool get_queue', async () => {
    const developer = await sendingWorkspace(app);
    await send(app, developer.token, sms());
    const client = await connectMcp(app, developer.token);
    try {
      const result = await client.callTool({ name: 'get_queue', arguments: {} });
      expect(result.structuredContent).toMatchObject({ queue: { queued: 1, by_sender: [{ queued: 1 }] } });
    } finally {
      await client.close();
    }
  });
});

describe('paced dispatch', () => {
  it('puts a message back, queued and expected when its sender is free, when the sender is busy for more than 2 s at its slot', async () => {
    const developer = await sendingWorkspace(app);
    const sender = developer.senders[0]!.id;
    const sent = (await send(app, developer.token, sms())).body.message;
    expect(sent.estimated_send_at).toBe(at(0));
    // Another process took the number's next 10 s at the carrier (the shared pace) since the send.
    await app.services.senderPace.take(sender, 10_000, Number.POSITIVE_INFINITY);
    await app.services.jobs.drain();
    const waiting = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.id } });
    expect(waiting).toMatchObject({ status: 'queued', dispatchedAt: null, estimatedSendAt: new Date(at(10_000)) });
    const job = await app.services.prisma.job.findUniqueOrThrow({ where: { id: `job_dispatch_${sent.id}` } });
    expect(job).toMatchObject({ status: 'pending', attempts: 0, runAt: new Date(at(10_000)) });
    expect(await app.services.prisma.sandboxMessage.count({ where: { messageId: sent.id } })).toBe(0);

    // Handed over once the sender is free.
    app.clock.advance(10_000);
    await app.services.jobs.drain();
    const handedOver = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.id } });
    expect(handedOver).toMatchObject({ status: 'delivered', estimatedSendAt: null });
    expect(await app.services.prisma.sandboxMessage.count({ where: { messageId: sent.id } })).toBe(1);
  });

  it('keeps a message waiting (cancelable) while dispatch waits for its sender’s pace: the slot is taken before the claim', async () => {
    const developer = await sendingWorkspace(app);
    const scheduled = (await send(app, developer.token, sms({ send_at: at(60_000) }))).body.message;
    const pace = app.services.senderPace;
    const take = pace.take.bind(pace);
    let asked!: () => void;
    const askedForSlot = new Promise<void>((resolve) => (asked = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    pace.take = async (...args) => {
      asked();
      await answered;
      return take(...args);
    };
    try {
      app.clock.advance(60_000);
      const drained = app.services.jobs.drain();
      await askedForSlot;
      const canceled = await call(app, 'POST', `/api/v1/messages/${scheduled.id}/cancel`, { token: developer.token });
      expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
      answer();
      await drained;
    } finally {
      pace.take = take;
    }
    expect(await app.services.prisma.message.findUniqueOrThrow({ where: { id: scheduled.id } })).toMatchObject({
      status: 'canceled',
      dispatchedAt: null,
    });
    expect(await app.services.prisma.sandboxMessage.count({ where: { messageId: scheduled.id } })).toBe(0);
  });

  it('takes the pace of a message that stays on its failing number because its pool has no healthy one', async () => {
    const developer = await sendingWorkspace(app);
    const [only] = developer.senders;
    const pool = await call(app, 'POST', '/api/v1/sender-pools', {
      token: developer.token,
      body: { name: 'Alone', number_ids: [only!.id], area_code_match: false },
    });
    const sent = [];
    for (let index = 0; index < 3; index += 1)
      sent.push(
        (await send(app, developer.token, sms({ sender_pool_id: pool.body.sender_pool.id, phone_number: `+1415555046${index}` })))
          .body.message,
      );
    await app.services.prisma.phoneNumber.update({ where: { id: only!.id }, data: { failingUntil: new Date(at(3_600_000)) } });
    const pace = app.services.senderPace;
    const take = pace.take.bind(pace);
    const taken: string[] = [];
    pace.take = async (numberId, ...rest) => {
      taken.push(numberId);
      return take(numberId, ...rest);
    };
    try {
      app.clock.advance(5_000);
      await app.services.jobs.drain();
    } finally {
      pace.take = take;
    }
    // Each handed over from the failing number (the carrier decides), each after taking its slot there.
    expect(taken).toEqual([only!.id, only!.id, only!.id]);
    const rows = await app.services.prisma.message.findMany({ where: { id: { in: sent.map((message) => message.id) } } });
    expect(rows.map((row) => row.senderNumberId)).toEqual([only!.id, only!.id, only!.id]);
    expect(
      await app.services.prisma.sandboxMessage.count({ where: { messageId: { in: sent.map((message) => message.id) } } }),
    ).toBe(3);
  });

  it("hands one number's messages to the carrier no faster than its throughput, each near its estimate, then clears the estimate", async () => {
    const developer = await sendingWorkspace(liveApp);
    const { prisma } = liveApp.services;
    await prisma.phoneNumber.update({ where: { id: developer.senders[0]!.id }, data: { throughputOverridePerSecond: 4 } });
    const sent = [];
    for (let index = 0; index < 8; index += 1)
      sent.push((await send(liveApp, developer.token, sms({ phone_number: `+1415555020${index}` }))).body.message);
    const ids = sent.map((message) => message.id as string);
    await eventually(
      'every message handed over',
      async () => (await prisma.sandboxMessage.count({ where: { messageId: { in: ids } } })) === 8,
      30_000,
    );
    // When the carrier got each (its own record of the request), in order.
    const received = await prisma.sandboxMessage.findMany({ where: { messageId: { in: ids } }, orderBy: { createdAt: 'asc' } });
    const handedOver = received.map((message) => message.createdAt.getTime());
    // 4 a second: the k-th hand-off comes no sooner than k x 250 ms after the first slot (the first
    // estimate), so no stretch of the run goes faster than the number's rate. (A worker that stalls
    // may hand two over close together afterwards: late, never early.)
    const firstSlot = Math.min(...sent.map((message) => Date.parse(message.estimated_send_at)));
    handedOver.forEach((time, index) => expect(time).toBeGreaterThanOrEqual(firstSlot + index * 250 - 5));
    const estimateOf = new Map(sent.map((message) => [message.id, Date.parse(message.estimated_send_at)]));
    // Within the promised 2 s, plus 1 s for the worker's latency on a shared, busy test machine.
    for (const message of received) {
      expect(Math.abs(message.createdAt.getTime() - estimateOf.get(message.messageId)!)).toBeLessThan(3_000);
    }
    const messages = await prisma.message.findMany({ where: { id: { in: ids } } });
    for (const message of messages) {
      expect(message.estimatedSendAt).toBeNull();
    }
  });
});
