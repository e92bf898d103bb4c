import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { connectMcp } from './mcp-support.ts';
import { send, sendingWorkspace } from './sending-support.ts';

/**
 * Sender failover: a number failing at the carrier (a run of its own carrier errors, counted across
 * every worker in its row), and one released, is skipped by the pool's sends, and the pool's messages
 * waiting on it move to a healthy number of the pool at dispatch, which their timeline shows. The
 * sandbox carrier's scripted recipients make the errors: +15005550013 refuses the sending number at
 * hand-off, +15005550014 reports the sender's queue overflowed.
 */

const threshold = 3;
const windowSeconds = 600;
const cooldownSeconds = 1_800;
/** How far ahead the waiting messages are scheduled: within the cooldown. */
const waitMs = 600_000;
const metricsToken = 'metrics-token-failover-0123456789abcdef';
const refusesSender = '+15005550013';
const senderQueueFull = '+15005550014';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    SENDER_FAILURE_THRESHOLD: String(threshold),
    SENDER_FAILURE_WINDOW_SECONDS: String(windowSeconds),
    SENDER_FAILURE_COOLDOWN_SECONDS: String(cooldownSeconds),
    METRICS_TOKEN: metricsToken,
  });
});
afterAll(async () => {
  await closeStarted(app);
});

let recipientCounter = 0;
/** A recipient no test sent to before (the sandbox delivers to it). */
function freshRecipient(): string {
  recipientCounter += 1;
  return `+1312555${String(1000 + recipientCounter)}`;
}

/** A workspace with two numbers in a pool that matches no area code, so the least loaded number takes each send. */
async function pooledWorkspace() {
  const workspace = await sendingWorkspace(app, { numbers: 2 });
  const created = await call(app, 'POST', '/api/v1/sender-pools', {
    token: workspace.token,
    body: { name: 'Failover', number_ids: workspace.senders.map((sender) => sender.id), area_code_match: false },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...workspace, poolId: created.body.sender_pool.id as string };
}

/** Sends, a second after the previous send (so the pool's least recently used number takes turns), and runs due jobs. */
async function sendNow(token: string, body: Record<string, unknown>) {
  app.clock.advance(1_000);
  const sent = await send(app, token, { body: 'Failover test', ...body });
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  await app.services.jobs.drain();
  return messageRow(sent.body.message.id);
}

function messageRow(id: string) {
  return messageRowIn(app, id);
}

function messageRowIn(testApp: TestApp, id: string) {
  return testApp.services.prisma.message.findUniqueOrThrow({ where: { id } });
}

function numberRow(id: string) {
  return app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id } });
}

async function timeline(token: string, id: string) {
  const answer = await call(app, 'GET', `/api/v1/messages/${id}/events`, { token });
  expect(answer.status).toBe(200);
  return answer.body.events as { type: string; detail: Record<string, unknown> }[];
}

async function failovers(reason: string): Promise<number> {
  const response = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const line = (await response.text())
    .split('\n')
    .find((row) => row.startsWith(`textline_sender_failovers_total{reason="${reason}"}`));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('sender failover', () => {
  it('marks a number failing after a run of hand-offs the carrier refused; its waiting pool messages move and are delivered, later sends avoid it, and it sends again after the cooldown', async () => {
    const workspace = await pooledWorkspace();
    const pooled = { sender_pool_id: workspace.poolId };
    const first = await sendNow(workspace.token, { ...pooled, phone_number: refusesSender });
    expect(first).toMatchObject({ status: 'failed', errorCode: 'branded_number_missing' });
    const failing = workspace.senders.find((sender) => sender.id === first.senderNumberId)!;
    const healthy = workspace.senders.find((sender) => sender.id !== failing.id)!;
    expect(await numberRow(failing.id)).toMatchObject({ carrierErrors: 1, failingUntil: null });

    // Messages waiting for dispatch: the pool's take turns on its two numbers; one names the failing number.
    const sendAt = new Date(app.clock.now() + waitMs).toISOString();
    const waiting = [];
    for (let index = 0; index < 4; index += 1) {
      waiting.push(await sendNow(workspace.token, { ...pooled, phone_number: freshRecipient(), send_at: sendAt }));
    }
    const onFailing = waiting.filter((message) => message.senderNumberId === failing.id);
    const onHealthy = waiting.filter((message) => message.senderNumberId === healthy.id);
    expect(onFailing.length).toBeGreaterThan(0);
    const named = await sendNow(workspace.token, { from: failing.number, phone_number: freshRecipient(), send_at: sendAt });
    expect(named.senderNumberId).toBe(failing.id);

    // The sticky recipient keeps the failing number until the run reaches the threshold.
    const before = await failovers('failing');
    for (let error = 2; error <= threshold; error += 1) {
      const refused = await sendNow(workspace.token, { ...pooled, phone_number: refusesSender });
      expect(refused).toMatchObject({ senderNumberId: failing.id, status: 'failed', errorCode: 'branded_number_missing' });
    }
    const marked = await numberRow(failing.id);
    expect(marked.failingUntil?.getTime()).toBe(app.clock.now() + cooldownSeconds * 1_000);
    expect(await numberRow(healthy.id)).toMatchObject({ failingUntil: null });

    // Later sends of the pool avoid it, a recipient whose sticky sender it is included.
    const stickyToFailing = onFailing[0]!.phoneNumber;
    expect((await sendNow(workspace.token, { ...pooled, phone_number: stickyToFailing })).senderNumberId).toBe(healthy.id);
    expect((await sendNow(workspace.token, { ...pooled, phone_number: freshRecipient() })).senderNumberId).toBe(healthy.id);

    app.clock.advance(waitMs);
    await app.services.jobs.drain();
    for (const message of onFailing) {
      // Handed over: no longer an estimate.
      expect(await messageRow(message.id)).toMatchObject({
        status: 'delivered',
        senderNumberId: healthy.id,
        estimatedSendAt: null,
      });
      const steps = await timeline(workspace.token, message.id);
      expect(steps.find((step) => step.type === 'accepted')?.detail.sender_number).toBe(failing.number);
      expect(steps.filter((step) => step.type === 'sender_skipped')).toEqual([
        expect.objectContaining({ detail: { number: failing.number, reason: 'failing', moved_to: healthy.number } }),
      ]);
    }
    for (const message of onHealthy) {
      expect(await messageRow(message.id)).toMatchObject({ status: 'delivered', senderNumberId: healthy.id });
      expect((await timeline(workspace.token, message.id)).map((step) => step.type)).not.toContain('sender_skipped');
    }
    // A message that named its sender goes from it, failing or not.
    expect(await messageRow(named.id)).toMatchObject({ status: 'delivered', senderNumberId: failing.id });
    expect((await timeline(workspace.token, named.id)).map((step) => step.type)).not.toContain('sender_skipped');
    expect(await failovers('failing')).toBe(before + onFailing.length);

    // After the cooldown it is a sender again: the least recently used one.
    app.clock.advance(cooldownSeconds * 1_000);
    expect((await sendNow(workspace.token, { ...pooled, phone_number: freshRecipient() })).senderNumberId).toBe(failing.id);
  });

  it("counts the carrier's reports of the sender's own failures, and a delivery ends the run", async () => {
    const workspace = await pooledWorkspace();
    const [number] = workspace.senders;
    const fromNumber = { from: number!.number };
    for (let error = 1; error < threshold; error += 1) {
      expect(await sendNow(workspace.token, { ...fromNumber, phone_number: senderQueueFull })).toMatchObject({
        status: 'failed',
        errorCode: 'sender_queue_full',
      });
    }
    expect(await numberRow(number!.id)).toMatchObject({ carrierErrors: threshold - 1, failingUntil: null });
    // A recipient's own failure is not the number's.
    await sendNow(workspace.token, { ...fromNumber, phone_number: '+15005550001' });
    expect(await numberRow(number!.id)).toMatchObject({ carrierErrors: threshold - 1, failingUntil: null });
    expect(await sendNow(workspace.token, { ...fromNumber, phone_number: freshRecipient() })).toMatchObject({
      status: 'delivered',
    });
    expect(await numberRow(number!.id)).toMatchObject({ carrierErrors: 0, failingUntil: null });

    for (let error = 1; error <= threshold; error += 1) {
      await sendNow(workspace.token, { ...fromNumber, phone_number: senderQueueFull });
    }
    expect((await numberRow(number!.id)).failingUntil?.getTime()).toBe(app.clock.now() + cooldownSeconds * 1_000);
    const pooled = await sendNow(workspace.token, { sender_pool_id: workspace.poolId, phone_number: freshRecipient() });
    expect(pooled.senderNumberId).toBe(workspace.senders[1]!.id);
  });

  it("shows the number's health on GET /api/v1/numbers and list_numbers: its run of errors, failing until the cooldown ends, then healthy", async () => {
    const workspace = await pooledWorkspace();
    const [number, other] = workspace.senders;
    const healthOf = async (id: string) => {
      const listed = await call(app, 'GET', '/api/v1/numbers', { token: workspace.token });
      expect(listed.status).toBe(200);
      return listed.body.numbers.find((candidate: { id: string }) => candidate.id === id).health;
    };
    const healthy = { status: 'healthy', recent_errors: 0, first_error_at: null, failing_until: null };
    expect(await healthOf(number!.id)).toEqual(healthy);
    const fromNumber = { from: number!.number, phone_number: senderQueueFull };

    // One error: counted while its window lasts, then forgotten.
    await sendNow(workspace.token, fromNumber);
    const firstErrorAt = new Date(app.clock.now()).toISOString();
    expect(await healthOf(number!.id)).toEqual({ ...healthy, recent_errors: 1, first_error_at: firstErrorAt });
    app.clock.advance(windowSeconds * 1_000);
    expect(await healthOf(number!.id)).toEqual(healthy);

    // A run of threshold errors: failing for the cooldown, the run shown all along.
    await sendNow(workspace.token, fromNumber);
    const runStart = new Date(app.clock.now()).toISOString();
    for (let error = 2; error <= threshold; error += 1) await sendNow(workspace.token, fromNumber);
    const failing = {
      status: 'failing',
      recent_errors: threshold,
      first_error_at: runStart,
      failing_until: new Date(app.clock.now() + cooldownSeconds * 1_000).toISOString(),
    };
    expect(await healthOf(number!.id)).toEqual(failing);
    expect(await healthOf(other!.id)).toEqual(healthy);
    // Past the run's window, still failing until the cooldown ends.
    app.clock.advance((windowSeconds + 1) * 1_000);
    expect(await healthOf(number!.id)).toEqual(failing);
    const client = await connectMcp(app, workspace.token, { toolsets: 'all' });
    try {
      const listed = await client.callTool({ name: 'list_numbers', arguments: {} });
      const { numbers } = listed.structuredContent as { numbers: { id: string; health: unknown }[] };
      expect(numbers.find((candidate) => candidate.id === number!.id)?.health).toEqual(failing);
    } finally {
      await client.close();
    }

    app.clock.advance((cooldownSeconds - windowSeconds - 1) * 1_000);
    expect(await healthOf(number!.id)).toEqual(healthy);
  });

  it('keeps a waiting message on its failing number when its pool has no healthy one: the carrier decides', async () => {
    const workspace = await sendingWorkspace(app, { numbers: 1 });
    const [only] = workspace.senders;
    const created = await call(app, 'POST', '/api/v1/sender-pools', {
      token: workspace.token,
      body: { name: 'Alone', number_ids: [only!.id] },
    });
    const pooled = { sender_pool_id: created.body.sender_pool.id };
    const waiting = await sendNow(workspace.token, {
      ...pooled,
      phone_number: freshRecipient(),
      send_at: new Date(app.clock.now() + waitMs).toISOString(),
    });
    for (let error = 1; error <= threshold; error += 1) {
      await sendNow(workspace.token, { ...pooled, phone_number: refusesSender });
    }
    expect((await numberRow(only!.id)).failingUntil).not.toBeNull();
    // A new send of the pool has no number to go from.
    const refused = await send(app, workspace.token, { ...pooled, phone_number: freshRecipient(), body: 'Failover test' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('sender_pool_empty');

    app.clock.advance(waitMs);
    await app.services.jobs.drain();
    expect(await messageRow(waiting.id)).toMatchObject({ status: 'delivered', senderNumberId: only!.id });
    expect((await timeline(workspace.token, waiting.id)).map((step) => step.type)).not.toContain('sender_skipped');
  });

  it("moves a released number's waiting pool messages to another number of the pool, and fails them once the pool has none", async () => {
    const workspace = await pooledWorkspace();
    const [released, kept] = workspace.senders;
    const sendAt = new Date(app.clock.now() + waitMs).toISOString();
    const waiting = [];
    for (let index = 0; index < 4; index += 1) {
      waiting.push(
        await sendNow(workspace.token, { sender_pool_id: workspace.poolId, phone_number: freshRecipient(), send_at: sendAt }),
      );
    }
    const onReleased = waiting.filter((message) => message.senderNumberId === released!.id);
    expect(onReleased.length).toBeGreaterThan(0);
    const before = await failovers('released');
    expect((await call(app, 'DELETE', `/api/v1/numbers/${released!.id}`, { token: workspace.token })).status).toBe(200);

    app.clock.advance(waitMs);
    await app.services.jobs.drain();
    for (const message of onReleased) {
      expect(await messageRow(message.id)).toMatchObject({ status: 'delivered', senderNumberId: kept!.id });
      expect((await timeline(workspace.token, message.id)).filter((step) => step.type === 'sender_skipped')).toEqual([
        expect.objectContaining({ detail: { number: released!.number, reason: 'released', moved_to: kept!.number } }),
      ]);
    }
    expect(await failovers('released')).toBe(before + onReleased.length);

    // The pool's last number released: its waiting message has nowhere to go.
    const later = await sendNow(workspace.token, {
      sender_pool_id: workspace.poolId,
      phone_number: freshRecipient(),
      send_at: new Date(app.clock.now() + waitMs).toISOString(),
    });
    expect((await call(app, 'DELETE', `/api/v1/numbers/${kept!.id}`, { token: workspace.token })).status).toBe(200);
    app.clock.advance(waitMs);
    await app.services.jobs.drain();
    expect(await messageRow(later.id)).toMatchObject({ status: 'failed', errorCode: 'sender_pool_empty' });
  });
});

describe('sender failover with pacing (SENDER_PACING=on)', () => {
  let paced: TestApp;
  beforeAll(async () => {
    paced = await startTestApp({ SENDER_PACING: 'on' });
  });
  afterAll(async () => {
    await closeStarted(paced);
  });

  /** A workspace's two numbers in a pool that matches no area code: the one free soonest takes each send. */
  async function pacedPoolOfTwo(on = paced) {
    const workspace = await sendingWorkspace(on, { numbers: 2 });
    const [released, kept] = workspace.senders;
    const pool = await call(on, 'POST', '/api/v1/sender-pools', {
      token: workspace.token,
      body: { name: 'Paced', number_ids: [released!.id, kept!.id], area_code_match: false },
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    return { workspace, released: released!, kept: kept!, poolId: pool.body.sender_pool.id as string };
  }

  it("moves a released number's message queued for its slot to another number of the pool", async () => {
    const { workspace, released, kept, poolId } = await pacedPoolOfTwo();
    // Accepted together, each takes the next slot of the number free soonest: one a second per number.
    const accepted: { id: string; estimatedSendAt: number }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const sent = await send(paced, workspace.token, {
        sender_pool_id: poolId,
        phone_number: freshRecipient(),
        body: 'Paced failover',
      });
      expect(sent.status).toBe(202);
      accepted.push({ id: sent.body.message.id, estimatedSendAt: Date.parse(sent.body.message.estimated_send_at) });
    }
    const queued = accepted.filter((message) => message.estimatedSendAt > paced.clock.now());
    const queuedOnReleased = [];
    for (const message of queued) {
      const row = await paced.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
      if (row.senderNumberId === released.id) queuedOnReleased.push(row);
    }
    expect(queuedOnReleased).toHaveLength(1);
    await paced.services.jobs.drain();
    expect((await call(paced, 'DELETE', `/api/v1/numbers/${released.id}`, { token: workspace.token })).status).toBe(200);

    // At its slot it moves, and waits for the kept number's next free slot: after that number's own message.
    paced.clock.advance(1_000);
    await paced.services.jobs.drain();
    const [moved] = queuedOnReleased;
    expect(await messageRowIn(paced, moved!.id)).toMatchObject({
      status: 'queued',
      senderNumberId: kept.id,
      estimatedSendAt: new Date(paced.clock.now() + 1_000),
    });
    paced.clock.advance(1_000);
    await paced.services.jobs.drain();
    expect(await messageRowIn(paced, moved!.id)).toMatchObject({ status: 'delivered', senderNumberId: kept.id });
    const timelineOfMoved = await call(paced, 'GET', `/api/v1/messages/${moved!.id}/events`, { token: workspace.token });
    expect(timelineOfMoved.body.events.filter((step: { type: string }) => step.type === 'sender_skipped')).toEqual([
      expect.objectContaining({ detail: { number: released.number, reason: 'released', moved_to: kept.number } }),
    ]);
  });

  it('gives a message moved off its sender the next free slot of its new number: an estimate the hand-off keeps, which later sends queue after', async () => {
    const { workspace, released, kept, poolId } = await pacedPoolOfTwo();
    const start = paced.clock.now();
    const sendOne = async (body: Record<string, unknown>) => {
      const sent = await send(paced, workspace.token, { phone_number: freshRecipient(), body: 'Paced move', ...body });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      return { id: sent.body.message.id as string, estimatedSendAt: Date.parse(sent.body.message.estimated_send_at) };
    };
    // The kept number's own queue: six sends a second apart, its next free slot 6 s ahead.
    const keptQueue = [];
    for (let index = 0; index < 6; index += 1) keptQueue.push(await sendOne({ from: kept.number }));
    expect(keptQueue.map((message) => message.estimatedSendAt - start)).toEqual([0, 1_000, 2_000, 3_000, 4_000, 5_000]);
    // The pool's sends go to the idle number: the second waits for its slot there, 1 s ahead.
    await sendOne({ sender_pool_id: poolId });
    const moved = await sendOne({ sender_pool_id: poolId });
    expect(moved.estimatedSendAt - start).toBe(1_000);
    expect((await messageRowIn(paced, moved.id)).senderNumberId).toBe(released.id);
    await paced.services.jobs.drain();
    expect((await call(paced, 'DELETE', `/api/v1/numbers/${released.id}`, { token: workspace.token })).status).toBe(200);

    // At its slot it moves, and waits for the kept number's next free slot, after that number's queue.
    paced.clock.advance(1_000);
    await paced.services.jobs.drain();
    const afterMove = await messageRowIn(paced, moved.id);
    expect(afterMove).toMatchObject({ status: 'queued', senderNumberId: kept.id });
    expect(afterMove.estimatedSendAt!.getTime() - start).toBe(6_000);
    const answered = await call(paced, 'GET', `/api/v1/messages/${moved.id}`, { token: workspace.token });
    expect(Date.parse(answered.body.message.estimated_send_at) - start).toBe(6_000);
    // The slot is taken: the kept number's next send queues after the moved message.
    expect((await sendOne({ from: kept.number })).estimatedSendAt - start).toBe(7_000);

    // Each hand-off keeps its estimate (within 10 % of the wait or 2 s), the kept number's own queue included.
    for (let second = 2; second <= 7; second += 1) {
      paced.clock.advance(1_000);
      await paced.services.jobs.drain();
    }
    for (const message of [...keptQueue, { id: moved.id, estimatedSendAt: start + 6_000 }]) {
      const row = await messageRowIn(paced, message.id);
      expect(row.status).toBe('delivered');
      const error = Math.abs(row.dispatchedAt!.getTime() - message.estimatedSendAt);
      expect(error, message.id).toBeLessThanOrEqual(Math.max(2_000, 0.1 * (message.estimatedSendAt - start)));
    }
    expect((await messageRowIn(paced, moved.id)).dispatchedAt!.getTime() - start).toBeGreaterThanOrEqual(6_000);
  });

  it('moves the pool messages queued on a number as soon as it turns failing: new number, new estimate, dispatch due then', async () => {
    // Workers run only when drained, and one refused hand-off makes a number failing.
    const still = await startTestApp({ SENDER_PACING: 'on', SENDER_FAILURE_THRESHOLD: '1' }, { startJobs: false });
    try {
      const { workspace, released: failing, kept: healthy, poolId } = await pacedPoolOfTwo(still);
      const start = still.clock.now();
      // Due first on the number: a hand-off the carrier refuses.
      const refused = await send(still, workspace.token, { from: failing.number, phone_number: refusesSender, body: 'Paced' });
      expect(refused.body.message.estimated_send_at).toBe(new Date(start).toISOString());
      // The pool's sends take turns on its numbers, each at the next free slot of the one free soonest.
      const pooled = [];
      for (let index = 0; index < 6; index += 1) {
        const sent = await send(still, workspace.token, {
          sender_pool_id: poolId,
          phone_number: freshRecipient(),
          body: 'Paced',
        });
        expect(sent.status, JSON.stringify(sent.body)).toBe(202);
        const { senderNumberId } = await messageRowIn(still, sent.body.message.id);
        pooled.push({
          id: sent.body.message.id as string,
          senderNumberId,
          estimate: Date.parse(sent.body.message.estimated_send_at),
        });
      }
      const onFailing = pooled.filter((message) => message.senderNumberId === failing.id);
      const onHealthy = pooled.filter((message) => message.senderNumberId === healthy.id);
      expect(onFailing.length).toBeGreaterThanOrEqual(2);
      expect(onFailing.every((message) => message.estimate > start)).toBe(true);

      // The refusal at the first slot; the clock stands still, so no message of the failing number is due yet.
      await still.services.jobs.drain();
      expect((await messageRowIn(still, refused.body.message.id)).errorCode).toBe('branded_number_missing');
      expect(
        (await still.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: failing.id } })).failingUntil,
      ).not.toBeNull();

      // Moved already, each to the healthy number's next free slot after its own queue, in the order they were due.
      const healthyQueueEnd = Math.max(...onHealthy.map((message) => message.estimate));
      const newEstimates = onFailing.map((_, index) => new Date(healthyQueueEnd + (index + 1) * 1_000));
      for (const [index, message] of onFailing.entries()) {
        const row = await messageRowIn(still, message.id);
        expect(row).toMatchObject({ status: 'queued', senderNumberId: healthy.id, estimatedSendAt: newEstimates[index] });
        const job = await still.services.prisma.job.findUniqueOrThrow({ where: { id: `job_dispatch_${message.id}` } });
        expect(job.runAt).toEqual(newEstimates[index]);
        const answered = await call(still, 'GET', `/api/v1/messages/${message.id}`, { token: workspace.token });
        expect(answered.body.message.estimated_send_at).toBe(newEstimates[index]!.toISOString());
        const steps = await call(still, 'GET', `/api/v1/messages/${message.id}/events`, { token: workspace.token });
        expect(steps.body.events.filter((step: { type: string }) => step.type === 'sender_skipped')).toEqual([
          expect.objectContaining({ detail: { number: failing.number, reason: 'failing', moved_to: healthy.number } }),
        ]);
      }

      // Each goes from the healthy number at its new estimate.
      const last = newEstimates.at(-1)!.getTime();
      while (still.clock.now() < last) {
        still.clock.advance(1_000);
        await still.services.jobs.drain();
      }
      for (const [index, message] of onFailing.entries()) {
        const row = await messageRowIn(still, message.id);
        expect(row).toMatchObject({ status: 'delivered', senderNumberId: healthy.id });
        expect(Math.abs(row.dispatchedAt!.getTime() - newEstimates[index]!.getTime())).toBeLessThanOrEqual(2_000);
      }
    } finally {
      await still.close();
    }
  });
});
