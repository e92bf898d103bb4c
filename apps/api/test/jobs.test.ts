import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../src/jobs/define.ts';
import { enqueue, inJobTransaction, type JobTransaction } from '../src/jobs/enqueue.ts';
import { createBullTransport } from '../src/jobs/bullmq.ts';
import { createJobRunner, WAKE_INTERVAL_MS } from '../src/jobs/runner.ts';
import { claimDueJobs } from '../src/jobs/store.ts';
import { newId } from '../src/lib/crypto.ts';
import { type JobRunner, ProviderRejection } from '../src/ports.ts';
import { call, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { customerEvents } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;

beforeAll(async () => {
  // The test drives every job itself (drain, or runners of its own).
  app = await startTestApp({ JOB_MAX_ATTEMPTS: '3' }, { startJobs: false });
});

afterAll(async () => {
  await app.close();
});

const ZTestPayload = z.object({ test: z.string().optional(), index: z.number().int().optional() });

/** A job of the test's own, on a queue whose rows nothing else writes while the app's workers are stopped. */
function testJob(work: Pick<JobDefinition<typeof ZTestPayload>, 'run' | 'maxAttempts' | 'retryDelayMs'>) {
  return defineJob({ queue: 'campaign_step', payload: ZTestPayload, ...work });
}

/** A runner over the app's database with the test's own jobs. */
function testRunner(definitions: JobDefinition[], config: Partial<TestApp['config']> = {}): JobRunner {
  return createJobRunner({
    config: { ...app.config, ...config },
    db: app.services.db,
    clock: app.clock,
    log: app.services.log,
    definitions,
    services: () => app.services,
  });
}

/** The rows the tests enqueue; each test's runner works them with a `run` of its own. */
const testRows = testJob({ run: () => Promise.resolve() });

async function enqueueTestJob(payload: z.input<typeof ZTestPayload> = {}, options: { runAt?: Date } = {}) {
  // The tests wake their runners themselves: enqueuing here wakes nothing.
  const unwoken = { ...app.services, jobs: { wake: () => undefined } };
  return inJobTransaction(unwoken, (tx) => enqueue(tx, testRows, { test: newId('t'), ...payload }, options));
}

const jobRow = (id: string) => app.services.prisma.job.findUniqueOrThrow({ where: { id } });

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('job runner: retries, backoff, dead jobs', () => {
  it('retries a failing job with exponential backoff until it succeeds', async () => {
    let calls = 0;
    const runner = testRunner([
      testJob({
        async run() {
          calls += 1;
          if (calls < 3) throw new Error(`boom ${calls}`);
        },
      }),
    ]);
    const id = await enqueueTestJob();
    await runner.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom 1' });
    const firstRetryAt = (await jobRow(id)).runAt.getTime();
    expect(firstRetryAt - app.clock.now()).toBeGreaterThanOrEqual(900);

    await runner.drain();
    expect(calls).toBe(1);
    app.clock.advance(1_000);
    await runner.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 2, lastError: 'boom 2' });
    expect((await jobRow(id)).runAt.getTime() - firstRetryAt).toBeGreaterThanOrEqual(1_900);

    app.clock.advance(2_000);
    await runner.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 3, lastError: null, lockedUntil: null });
    expect(calls).toBe(3);
  });

  it('moves each back-off at random by up to RETRY_JITTER_PERCENT either way, so jobs that failed together retry apart', async () => {
    const runner = testRunner([testJob({ run: () => Promise.reject(new Error('down')) })], { retryJitterPercent: 20 });
    const ids: string[] = [];
    for (let index = 0; index < 30; index += 1) ids.push(await enqueueTestJob({ index }));
    await runner.drain();
    const delays = await Promise.all(ids.map(async (id) => (await jobRow(id)).runAt.getTime() - app.clock.now()));
    // The first back-off is 1 s: each retry is due between 0.8 s and 1.2 s later.
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(800);
      expect(delay).toBeLessThanOrEqual(1_200);
    }
    // Spread out, not one instant (thirty draws within a tenth of the range would be a one-in-10^20 run).
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThanOrEqual(200);
    // Buried, so the rows leave the queue to the other tests.
    await app.services.prisma.job.updateMany({ where: { id: { in: ids } }, data: { status: 'dead' } });
  });

  it('marks a job dead after its last attempt and tells the handler which attempt is the last', async () => {
    const seen: { attempt: number; isLastAttempt: boolean }[] = [];
    const runner = testRunner([
      testJob({
        maxAttempts: 2,
        retryDelayMs: () => 10,
        async run(_services, _payload, job) {
          seen.push({ attempt: job.attempt, isLastAttempt: job.isLastAttempt });
          throw new Error('always');
        },
      }),
    ]);
    const id = await enqueueTestJob();
    await runner.drain();
    app.clock.advance(10);
    await runner.drain();
    expect(seen).toEqual([
      { attempt: 1, isLastAttempt: false },
      { attempt: 2, isLastAttempt: true },
    ]);
    expect(await jobRow(id)).toMatchObject({ status: 'dead', attempts: 2, lastError: 'always' });
    app.clock.advance(60_000);
    await runner.drain();
    expect(seen).toHaveLength(2);
  });

  it('does not run a job before its run_at', async () => {
    let calls = 0;
    const runner = testRunner([testJob({ run: async () => void (calls += 1) })]);
    const id = await enqueueTestJob({}, { runAt: new Date(app.clock.now() + 30_000) });
    await runner.drain();
    expect(calls).toBe(0);
    app.clock.advance(30_000);
    await runner.drain();
    expect(calls).toBe(1);
    expect((await jobRow(id)).status).toBe('done');
  });
});

describe('job runner: claims and leases', () => {
  it('leaves a job claimed by a live worker alone and retries it once that worker’s lease expires', async () => {
    let calls = 0;
    const runner = testRunner([testJob({ run: async () => void (calls += 1) })]);
    const id = await enqueueTestJob();
    // Another worker claims the job and then dies without finishing it.
    const now = new Date(Math.max(app.clock.now(), Date.now()));
    const claimed = await claimDueJobs(app.services.sql, {
      queues: ['campaign_step'],
      limit: 100,
      now,
      leaseUntil: new Date(now.getTime() + app.config.jobLeaseMs),
    });
    expect(claimed.map((job) => job.id)).toContain(id);
    await runner.drain();
    expect(calls).toBe(0);
    expect((await jobRow(id)).status).toBe('running');
    app.clock.set(now.getTime() + app.config.jobLeaseMs + 1);
    await runner.drain();
    expect(calls).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('runs every job exactly once when several workers claim concurrently', async () => {
    const runs = new Map<string, number>();
    const handlers = [
      testJob({
        async run(_services, _payload, job) {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      }),
    ];
    const ids = [];
    for (let index = 0; index < 40; index += 1) ids.push(await enqueueTestJob({ index }));
    const workers = [
      testRunner(handlers, { jobConcurrency: 3 }),
      testRunner(handlers, { jobConcurrency: 3 }),
      testRunner(handlers, { jobConcurrency: 3 }),
    ];
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(ids.every((id) => runs.get(id) === 1)).toBe(true);
    const rows = await app.services.prisma.job.findMany({ where: { id: { in: ids } } });
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });
});

describe('job runner: started workers', () => {
  it('runs a job promptly when woken, long before the next sweep', async () => {
    const done: string[] = [];
    const runner = testRunner([testJob({ run: async (_services, _payload, job) => void done.push(job.id) })], {
      jobSweepIntervalMs: 60_000,
    });
    await runner.start();
    try {
      // Let the first (empty) sweep pass, so only the wake can start the job.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const id = await enqueueTestJob();
      const woken = Date.now();
      runner.wake('campaign_step', id);
      await waitFor(async () => done.includes(id));
      expect(Date.now() - woken).toBeLessThan(5_000);
      await waitFor(async () => (await jobRow(id)).status === 'done');
    } finally {
      await runner.stop();
    }
  });

  it.runIf(scaledMode)('sends a burst of wakes to BullMQ together, the first at once', async () => {
    const done: string[] = [];
    const runner = testRunner([testJob({ run: async (_services, _payload, job) => void done.push(job.id) })], {
      jobSweepIntervalMs: 60_000,
    });
    await runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = await Promise.all(Array.from({ length: 21 }, () => enqueueTestJob()));
      // BullMQ numbers the jobs it adds to a queue: this counter is the number of adds.
      const addedJobs = async () => Number((await app.services.redis!.get(`${app.config.redisKeyPrefix}:campaign_step:id`)) ?? 0);
      const addedBefore = await addedJobs();
      runner.wake('campaign_step', ids[0]!);
      await waitFor(async () => done.includes(ids[0]!));
      // Twenty wakes, each in its own turn of the event loop, as twenty requests would make them.
      const startedAt = performance.now();
      for (const id of ids.slice(1)) {
        runner.wake('campaign_step', id);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const wakingMs = performance.now() - startedAt;
      await waitFor(async () => ids.every((id) => done.includes(id)));
      // One add for the first wake; then at most one flush per interval while the twenty came, one
      // after, and one more add when a flush holds over 16 rows (a BullMQ job's share). Turns take
      // microseconds, so that is a few adds, where one per wake would be twenty; a busy machine
      // that spreads the turns out is allowed the flushes the interval allows.
      const flushes = Math.ceil(wakingMs / WAKE_INTERVAL_MS) + 1;
      expect((await addedJobs()) - addedBefore).toBeLessThanOrEqual(1 + flushes + 1);
    } finally {
      await runner.stop();
    }
  });

  it.runIf(scaledMode)('claims a row handed over twice at once (a wake and a sweep) for one caller only', async () => {
    const runs: string[] = [];
    const runner = testRunner([testJob({ run: async (_services, _payload, job) => void runs.push(job.id) })], {
      jobSweepIntervalMs: 60_000,
    });
    await runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const id = await enqueueTestJob();
      // One BullMQ job carrying the row twice: both are claimed by id in the same statement.
      runner.wake('campaign_step', id, id);
      await waitFor(async () => (await jobRow(id)).status === 'done');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(runs).toEqual([id]);
    } finally {
      await runner.stop();
    }
  });

  it.runIf(scaledMode)('hands a due row over to BullMQ once while it waits there, and again once it is due anew', async () => {
    const prefix = `${app.config.redisKeyPrefix}-handover`;
    const bull = createBullTransport({ redisUrl: app.config.redisUrl!, prefix, concurrency: 1, log: app.services.log });
    try {
      const row = { id: newId('job'), attempts: 0, runAt: new Date() };
      // Every sweep finds a row of a backlog due until a worker reaches it: only the first hands it over.
      await bull.enqueue('campaign_step', [row]);
      await bull.enqueue('campaign_step', [row]);
      // Its next attempt, and a deferral of it (due later), are handed over again.
      await bull.enqueue('campaign_step', [{ ...row, attempts: 1 }]);
      await bull.enqueue('campaign_step', [{ ...row, attempts: 1, runAt: new Date(row.runAt.getTime() + 1_000) }]);
      const events = await app.services.redis!.xrange(`${prefix}:campaign_step:events`, '-', '+');
      const adds = events
        .map(([, fields]) => `${fields[1]} ${fields[3]}`)
        .filter((event) => event.startsWith('added') || event.startsWith('duplicated'));
      expect(adds).toEqual([`added ${row.id}-0`, `added ${row.id}-1`, `duplicated ${row.id}-1`]);
    } finally {
      await bull.close();
    }
  });

  it.runIf(scaledMode)('works a woken row before the rows a sweep handed over earlier', async () => {
    const prefix = `${app.config.redisKeyPrefix}-swept`;
    const bull = createBullTransport({ redisUrl: app.config.redisUrl!, prefix, concurrency: 1, log: app.services.log });
    try {
      // A backlog's sweep: rows already waiting as wakes, handed over again one BullMQ job each.
      const swept = Array.from({ length: 20 }, () => ({ id: newId('job'), attempts: 0, runAt: new Date() }));
      await bull.enqueue('campaign_step', swept);
      const fresh = newId('job');
      await bull.wake('campaign_step', [fresh]);
      const worked: string[] = [];
      bull.startWorkers(['campaign_step'], async (rowId) => void worked.push(rowId));
      await waitFor(async () => worked.length === swept.length + 1);
      expect(worked[0]).toBe(fresh);
      expect(worked.slice(1)).toEqual(swept.map((row) => row.id));
    } finally {
      await bull.close();
    }
  });

  it('finds a job nobody woke (a lost wake-up, or Redis lost its queue) on the periodic sweep', async () => {
    const done: string[] = [];
    const runner = testRunner([testJob({ run: async (_services, _payload, job) => void done.push(job.id) })], {
      jobSweepIntervalMs: 100,
    });
    await runner.start();
    try {
      // Redis forgets this app's queues (its keys carry the app's own prefix).
      const redis = app.services.redis;
      if (redis) for (const key of await redis.keys(`${app.config.redisKeyPrefix}*`)) await redis.del(key);
      const id = await enqueueTestJob();
      await waitFor(async () => done.includes(id));
      await waitFor(async () => (await jobRow(id)).status === 'done');
    } finally {
      await runner.stop();
    }
  });

  it('stop() waits for the jobs in flight', async () => {
    let finished = false;
    const runner = testRunner([
      testJob({
        async run() {
          await new Promise((resolve) => setTimeout(resolve, 200));
          finished = true;
        },
      }),
    ]);
    await runner.start();
    const id = await enqueueTestJob();
    runner.wake('campaign_step', id);
    await waitFor(async () => (await jobRow(id)).status === 'running');
    await runner.stop();
    expect(finished).toBe(true);
    expect((await jobRow(id)).status).toBe('done');
  });
});

describe('typed jobs: payloads and wake-ups', () => {
  /** Job services whose runner only records the wake-ups it is asked for. */
  function recordingWakes() {
    const woken: string[][] = [];
    const deps = { ...app.services, jobs: { wake: (queue: string, ...ids: string[]) => void woken.push([queue, ...ids]) } };
    return { woken, deps };
  }

  it('buries a job whose payload does not match its schema, with the reason, and never runs or retries it', async () => {
    // A row its definition's schema refuses, as an older version or a hand-written statement might leave.
    const id = newId('job');
    await app.services.prisma.job.create({
      data: { id, queue: 'dispatch', payload: { messageId: 42 }, runAt: new Date(app.clock.now()) },
    });
    const carrier = vi.spyOn(app.services.messagingProvider, 'send');
    try {
      await app.services.jobs.drain();
      const buried = await jobRow(id);
      expect(buried).toMatchObject({ status: 'dead', attempts: 1, lockedUntil: null });
      expect(buried.lastError).toContain("the payload does not match the dispatch job's schema");
      expect(buried.lastError).toContain('messageId');
      app.clock.advance(600_000);
      await app.services.jobs.drain();
      expect(await jobRow(id)).toMatchObject({ status: 'dead', attempts: 1 });
      expect(carrier).not.toHaveBeenCalled();
    } finally {
      carrier.mockRestore();
    }
  });

  it('wakes the jobs a transaction enqueued only once it commits, and only those that are due', async () => {
    const { woken, deps } = recordingWakes();
    let wokenBeforeCommit: number | undefined;
    const { due, later } = await inJobTransaction(deps, async (tx) => {
      const ids = {
        due: await enqueue(tx, testRows, {}),
        later: await enqueue(tx, testRows, {}, { runAt: new Date(app.clock.now() + 60_000) }),
      };
      wokenBeforeCommit = woken.length;
      return ids;
    });
    expect(wokenBeforeCommit).toBe(0);
    expect(woken).toEqual([['campaign_step', due]]);
    expect(await jobRow(due)).toMatchObject({ status: 'pending', queue: 'campaign_step' });
    expect(await jobRow(later)).toMatchObject({ status: 'pending', queue: 'campaign_step' });
    await app.services.prisma.job.deleteMany({ where: { id: { in: [due, later] } } });
  });

  it('takes only payloads of the job’s schema type (checked by the typecheck)', () => {
    const enqueueWrongPayload = (tx: JobTransaction) =>
      // @ts-expect-error: `index` is a number in the test job's schema
      enqueue(tx, testRows, { index: 'three' });
    expect(enqueueWrongPayload).toBeTypeOf('function');
  });

  it('a transaction that rolls back leaves no job and wakes nothing', async () => {
    const { woken, deps } = recordingWakes();
    let enqueued: string | undefined;
    await expect(
      inJobTransaction(deps, async (tx) => {
        enqueued = await enqueue(tx, testRows, {});
        throw new Error('the change that needed the job failed');
      }),
    ).rejects.toThrow('the change that needed the job failed');
    expect(enqueued).toBeDefined();
    expect(woken).toEqual([]);
    expect(await app.services.prisma.job.findUnique({ where: { id: enqueued! } })).toBeNull();
  });
});

describe('dispatch: exactly once to the carrier', () => {
  async function acceptedMessage(recipient = '+14155550188') {
    const workspace = await sendingWorkspace(app);
    const response = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: recipient, body: 'Hello from the tests' },
    });
    expect(response.status).toBe(202);
    return { workspace, messageId: response.body.message.id as string };
  }

  const message = (id: string) => app.services.prisma.message.findUniqueOrThrow({ where: { id } });
  const balance = async (workspaceId: string) =>
    (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;

  it('marks the message sending before the carrier call and delivers it once', async () => {
    const { workspace, messageId } = await acceptedMessage();
    const provider = app.services.messagingProvider;
    const originalSend = provider.send.bind(provider);
    let statusAtSend: string | undefined;
    provider.send = async (sms) => {
      statusAtSend = (await message(sms.messageId)).status;
      return originalSend(sms);
    };
    try {
      await app.services.jobs.drain();
    } finally {
      provider.send = originalSend;
    }
    expect(statusAtSend).toBe('sending');
    const delivered = await message(messageId);
    expect(delivered).toMatchObject({ status: 'delivered', providerMessageId: expect.stringMatching(/^SBX/) });
    expect(delivered.dispatchedAt).not.toBeNull();
    expect(await app.services.prisma.sandboxMessage.findUniqueOrThrow({ where: { messageId } })).toMatchObject({
      sendRequests: 1,
    });
    const types = (await customerEvents(app, workspace.workspaceId)).map((event) => event.type).sort();
    expect(types).toEqual(['message.delivered', 'message.sent']);
  });

  it('a crash after the carrier accepted re-runs the job without a second transmission', async () => {
    // The slow recipient's carrier reports come 60 s apart, so nothing overtakes the retried dispatch.
    const { workspace, messageId } = await acceptedMessage('+15005550003');
    const provider = app.services.messagingProvider;
    const originalSend = provider.send.bind(provider);
    let requests = 0;
    provider.send = async (sms) => {
      requests += 1;
      const accepted = await originalSend(sms);
      // The process "dies" after the carrier accepted but before anything of ours was recorded.
      if (requests === 1) throw new Error('worker died after the carrier call');
      return accepted;
    };
    try {
      await app.services.jobs.drain();
      expect(await message(messageId)).toMatchObject({ status: 'sending', providerMessageId: null });
      app.clock.advance(1_000);
      await app.services.jobs.drain();
    } finally {
      provider.send = originalSend;
    }
    expect(requests).toBe(2);
    const carrier = await app.services.prisma.sandboxMessage.findUniqueOrThrow({ where: { messageId } });
    expect(carrier.sendRequests).toBe(2);
    expect(await message(messageId)).toMatchObject({ status: 'sending', providerMessageId: carrier.providerMessageId });
    // One transmission: one set of carrier reports (sent, delivered), one of each customer event.
    const reports = {
      queue: 'sandbox_callback',
      payload: { path: ['callbacks', '0', 'body', 'message_id'], equals: carrier.providerMessageId },
    } as const;
    expect(await app.services.prisma.job.count({ where: reports })).toBe(2);
    for (let report = 0; report < 2; report += 1) {
      app.clock.advance(60_000);
      await app.services.jobs.drain();
    }
    expect((await message(messageId)).status).toBe('delivered');
    const types = (await customerEvents(app, workspace.workspaceId)).map((event) => event.type).sort();
    expect(types).toEqual(['message.delivered', 'message.sent']);
  });

  it('a message found sending (a crash right after the claim) is sent once, not skipped', async () => {
    const { messageId } = await acceptedMessage();
    await app.services.prisma.message.update({
      where: { id: messageId },
      data: { status: 'sending', dispatchedAt: new Date(app.clock.now()) },
    });
    await app.services.jobs.drain();
    expect((await message(messageId)).status).toBe('delivered');
    expect(await app.services.prisma.sandboxMessage.count({ where: { messageId } })).toBe(1);
  });

  it('a carrier refusal fails the message at once and refunds it', async () => {
    const { workspace, messageId } = await acceptedMessage('+15005550004');
    const before = await balance(workspace.workspaceId);
    await app.services.jobs.drain();
    const failed = await message(messageId);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'invalid_recipient' });
    expect(await balance(workspace.workspaceId)).toBe(before + failed.costCents);
    const job = await app.services.prisma.job.findFirstOrThrow({
      where: { queue: 'dispatch', payload: { path: ['messageId'], equals: messageId } },
    });
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect((await customerEvents(app, workspace.workspaceId)).map((event) => event.type)).toEqual(['message.failed']);
  });

  it('retries a transient carrier error and fails the message after the last attempt', async () => {
    const { workspace, messageId } = await acceptedMessage();
    const before = await balance(workspace.workspaceId);
    const provider = app.services.messagingProvider;
    const originalSend = provider.send.bind(provider);
    let requests = 0;
    provider.send = async () => {
      requests += 1;
      throw new ProviderRejection('provider_error', 'carrier unavailable', true);
    };
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await app.services.jobs.drain();
        app.clock.advance(10_000);
      }
    } finally {
      provider.send = originalSend;
    }
    expect(requests).toBe(3);
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: 'provider_error' });
    expect(await balance(workspace.workspaceId)).toBe(before + (await message(messageId)).costCents);
  });

  it('does not send to a recipient who opted out after the message was accepted', async () => {
    const { workspace, messageId } = await acceptedMessage('+14155550177');
    await app.services.prisma.workspaceSuppression.create({
      data: { id: newId('sup'), workspaceId: workspace.workspaceId, phoneNumber: '+14155550177', source: 'operator' },
    });
    await app.services.jobs.drain();
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: 'workspace_suppressed' });
    expect(await app.services.prisma.sandboxMessage.count({ where: { messageId } })).toBe(0);
  });
});
