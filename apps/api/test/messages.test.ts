import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SegmentedMessage } from 'sms-segments-calculator';
import { accountOwner } from '../src/auth/console-session.ts';
import { createApiKeyToken } from '../src/domain/accounts.ts';
import { createAcceptQueue } from '../src/domain/messages/accept-queue.ts';
import { countSegments } from '../src/domain/messages/segments.ts';
import { newId } from '../src/lib/crypto.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { tokenWithScopes } from './mcp-support.ts';
import { connectNumber, recipient, send, sendingWorkspace, sms } from './sending-support.ts';

let app: TestApp;
let price: number;
beforeAll(async () => {
  // Without workers messages stay queued, so assertions about what the send wrote are not racing dispatch.
  app = await startTestApp({}, { startJobs: false });
  price = app.config.pricePerSegmentCents;
});
afterAll(async () => {
  await app.close();
});

async function workspaceRow(workspaceId: string) {
  return app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } });
}

async function suppress(workspaceId: string, phoneNumber: string, active = true) {
  await app.services.prisma.workspaceSuppression.create({
    data: { id: newId('sup'), workspaceId, phoneNumber, active, source: 'operator' },
  });
}

describe('POST /api/v1/messages', () => {
  it('queues the message, debits the ledger and enqueues dispatch in one go', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000 });
    const response = await send(app, developer.token, sms({ phone_number: '+1 (415) 555-0123', metadata: { order: 42 } }));
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      message: {
        id: expect.stringMatching(/^msg_/),
        status: 'queued',
        estimated_send_at: new Date(app.clock.now()).toISOString(),
      },
    });
    const id = response.body.message.id;

    const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({
      workspaceId: developer.workspaceId,
      phoneNumber: recipient,
      segments: 1,
      costCents: price,
      status: 'queued',
      senderNumberId: developer.senders[0]!.id,
      senderNumber: developer.senders[0]!.number,
      source: 'api',
      metadata: { order: 42 },
    });
    const ledger = await app.services.prisma.ledgerEntry.findMany({
      where: { workspaceId: developer.workspaceId, kind: 'send_debit' },
    });
    expect(ledger).toEqual([expect.objectContaining({ amountCents: -price, messageId: id, reference: `send_debit:${id}` })]);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(1_000 - price);
    const jobs = await app.services.prisma.job.findMany({ where: { queue: 'dispatch', payload: { equals: { messageId: id } } } });
    expect(jobs).toHaveLength(1);
  });

  it('wakes dispatch, which hands the message to the carrier', async () => {
    const running = await startTestApp();
    try {
      const developer = await sendingWorkspace(running);
      const wake = vi.spyOn(running.services.jobs, 'wake');
      const created = await call(running, 'POST', '/api/v1/messages', { token: developer.token, body: sms() });
      expect(created.status).toBe(202);
      const job = await running.services.prisma.job.findFirstOrThrow({ where: { queue: 'dispatch' } });
      expect(job.payload).toEqual({ messageId: created.body.message.id });
      expect(wake).toHaveBeenCalledWith('dispatch', job.id);
      await running.services.jobs.drain();
      const fetched = await call(running, 'GET', `/api/v1/messages/${created.body.message.id}`, { token: developer.token });
      expect(fetched.body.message.status).not.toBe('queued');
    } finally {
      await running.close();
    }
  });

  it('charges per segment: GSM-7 160/153, extension characters double, UCS-2 70/67 with surrogate pairs', async () => {
    const developer = await sendingWorkspace(app);
    const cases: [string, number][] = [
      ['a'.repeat(160), 1],
      ['a'.repeat(161), 2],
      ['€'.repeat(80), 1],
      ['€'.repeat(81), 2],
      ['é'.repeat(70) + 'ç', 2],
      ['😀'.repeat(35), 1],
      ['😀'.repeat(36), 2],
    ];
    for (const [body, segments] of cases) {
      const created = await send(app, developer.token, sms({ body }));
      expect(created.status).toBe(202);
      const fetched = await call(app, 'GET', `/api/v1/messages/${created.body.message.id}`, { token: developer.token });
      expect(fetched.body.message, body.slice(0, 3)).toMatchObject({ segments, cost_cents: segments * price });
    }
  });

  it('answers 422 validation_failed naming the field', async () => {
    const developer = await sendingWorkspace(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ body: 'hi' }, 'phone_number'],
      [sms({ phone_number: '4155550123' }), 'phone_number'],
      [sms({ phone_number: '+1415555012' }), 'phone_number'],
      [sms({ phone_number: '+14155550123abc' }), 'phone_number'],
      [sms({ phone_number: 'tel:+14155550123' }), 'phone_number'],
      [sms({ body: '' }), 'body'],
      [sms({ body: '   ' }), 'body'],
      [sms({ body: 'x'.repeat(1_601) }), 'body'],
      [sms({ body: 42 }), 'body'],
      [sms({ body: 'null \u0000 byte' }), 'body'],
      [sms({ phone_number: '+1\n4155550123' }), 'phone_number'],
      [sms({ metadata: { note: 'null \u0000 byte' } }), 'metadata'],
      [sms({ idempotency_key: 'k'.repeat(256) }), 'idempotency_key'],
      [sms({ metadata: { blob: 'x'.repeat(5_000) } }), 'metadata'],
      [sms({ metadata: 'not an object' }), 'metadata'],
      [sms({ from: 'not a number' }), 'from'],
    ];
    for (const [body, field] of cases) {
      const response = await send(app, developer.token, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    }
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('answers a number the same way each time it is sent, refused or normalised', async () => {
    const developer = await sendingWorkspace(app);
    for (let round = 0; round < 2; round += 1) {
      expect((await send(app, developer.token, sms({ phone_number: '+1415555012' }))).status).toBe(422);
      const accepted = await send(app, developer.token, sms({ phone_number: '+1 (415) 555-0123' }));
      expect(accepted.status).toBe(202);
      const fetched = await call(app, 'GET', `/api/v1/messages/${accepted.body.message.id}`, { token: developer.token });
      expect(fetched.body.message.phone_number).toBe('+14155550123');
    }
  });

  it('answers 403 workspace_suppressed for a suppressed recipient, and sends once the suppression is inactive', async () => {
    const developer = await sendingWorkspace(app);
    await suppress(developer.workspaceId, recipient);
    const response = await send(app, developer.token, sms({ phone_number: '+1 415 555 0123' }));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: { code: 'workspace_suppressed', message: expect.any(String), fix: expect.any(String), retry: 'do_not_retry' },
    });
    const other = await sendingWorkspace(app);
    await suppress(other.workspaceId, recipient, false);
    expect((await send(app, other.token, sms())).status).toBe(202);
  });

  it('answers 422 branded_number_missing without a connected sender', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const response = await send(app, developer.token, sms());
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'branded_number_missing', retry: 'retry_after_sender_ready' });
    const number = await connectNumber(app, developer.workspaceId);
    await app.services.prisma.phoneNumber.update({ where: { id: number.id }, data: { status: 'released' } });
    expect((await send(app, developer.token, sms())).body.error.code).toBe('branded_number_missing');
  });

  it('answers 402 insufficient_balance in the string form, saying how far short and where to fund, and writes nothing', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: price });
    const response = await send(app, developer.token, sms({ body: 'a'.repeat(161) }));
    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      error: 'insufficient_balance',
      balance_cents: price,
      required_cents: 2 * price,
      fund_with: { route: 'POST /api/v1/onboarding/funding-invoices', mcp_tool: 'create_funding_invoice' },
    });
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(price);
    expect((await send(app, developer.token, sms())).status).toBe(202);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(0);
  });

  it('answers 402 spend_limit_exceeded past the daily cap, and sends again the next UTC day', async () => {
    const developer = await sendingWorkspace(app, { spendCapCents: 2 * price });
    expect((await send(app, developer.token, sms())).status).toBe(202);
    expect((await send(app, developer.token, sms())).status).toBe(202);
    const refused = await send(app, developer.token, sms());
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error: {
        code: 'spend_limit_exceeded',
        message: expect.any(String),
        fix: expect.any(String),
        retry: 'retry_after_spend_available',
      },
    });
    const now = app.clock.now();
    app.clock.set(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1, 0, 0, 1));
    expect((await send(app, developer.token, sms())).status).toBe(202);
    expect(await workspaceRow(developer.workspaceId)).toMatchObject({ spendTodayCents: price, balanceCents: 10_000 - 3 * price });
  });

  it('uses the deployment default cap when the workspace has none', async () => {
    const restricted = await startTestApp({ SPEND_CAP_CENTS_DAILY: '0' }, { startJobs: false });
    try {
      const developer = await sendingWorkspace(restricted);
      const response = await call(restricted, 'POST', '/api/v1/messages', { token: developer.token, body: sms() });
      expect(response.body.error.code).toBe('spend_limit_exceeded');
    } finally {
      await restricted.close();
    }
  });

  it('applies the checks in the documented order', async () => {
    // Suppression before sender: no number and a suppressed recipient.
    const bare = await sendingWorkspace(app, { numbers: 0, balanceCents: 0, spendCapCents: 0 });
    await suppress(bare.workspaceId, recipient);
    expect((await send(app, bare.token, sms())).body.error.code).toBe('workspace_suppressed');
    // Sender before balance, balance before cap.
    expect((await send(app, bare.token, sms({ phone_number: '+14155550124' }))).body.error.code).toBe('branded_number_missing');
    await connectNumber(app, bare.workspaceId);
    expect((await send(app, bare.token, sms({ phone_number: '+14155550124' }))).body).toMatchObject({
      error: 'insufficient_balance',
      balance_cents: 0,
    });

    // Idempotency before suppression and balance: a replay still answers 200.
    const developer = await sendingWorkspace(app, { balanceCents: price });
    const first = await send(app, developer.token, sms({ idempotency_key: 'order-1' }));
    expect(first.status).toBe(202);
    await suppress(developer.workspaceId, recipient);
    const replay = await send(app, developer.token, sms({ idempotency_key: 'order-1' }));
    expect(replay.status).toBe(200);
    // Validation before idempotency.
    expect((await send(app, developer.token, sms({ idempotency_key: 'order-1', phone_number: '+1' }))).status).toBe(422);
  });
});

describe('refunds and the daily spend cap', () => {
  // Sandbox magic recipients (README): refused at send, and accepted but then reported failed.
  const refusedAtSend = '+15005550004';
  const failsAfterSent = '+15005550001';
  const DAY = 86_400_000;

  /** The clock moves forward to `offsetMs` after the start of the UTC day after tomorrow. */
  function setClockToNewDay(offsetMs: number) {
    app.clock.set(Math.floor(app.clock.now() / DAY) * DAY + 2 * DAY + offsetMs);
  }

  async function statusOf(token: string, messageId: string): Promise<string> {
    return (await call(app, 'GET', `/api/v1/messages/${messageId}`, { token })).body.message.status;
  }

  it('frees the spend of a message refunded on the day it was sent, so a send within the cap succeeds again', async () => {
    setClockToNewDay(12 * 3_600_000);
    const developer = await sendingWorkspace(app, { spendCapCents: 2 * price });
    expect((await send(app, developer.token, sms())).status).toBe(202);
    const refused = await send(app, developer.token, sms({ phone_number: refusedAtSend }));
    expect(refused.status).toBe(202);
    expect((await send(app, developer.token, sms())).body.error.code).toBe('spend_limit_exceeded');

    await app.services.jobs.drain();
    expect(await statusOf(developer.token, refused.body.message.id)).toBe('failed');
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(10_000 - price);

    expect((await send(app, developer.token, sms())).status).toBe(202);
    // Exactly the refunded amount came free: the cap is reached again.
    const overCap = await send(app, developer.token, sms());
    expect(overCap.status).toBe(402);
    expect(overCap.body.error.code).toBe('spend_limit_exceeded');
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(10_000 - 2 * price);
  });

  it("leaves today's spend alone when refunding a message sent on an earlier UTC day", async () => {
    setClockToNewDay(-30_000);
    const developer = await sendingWorkspace(app, { spendCapCents: 2 * price });
    const yesterdays = await send(app, developer.token, sms({ phone_number: failsAfterSent }));
    expect(yesterdays.status).toBe(202);

    app.clock.advance(60_000);
    expect((await send(app, developer.token, sms())).status).toBe(202);
    // The carrier reports yesterday's message failed today: its cost comes back to the balance...
    await app.services.jobs.drain();
    expect(await statusOf(developer.token, yesterdays.body.message.id)).toBe('failed');
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(10_000 - price);

    // ...but today's spend still counts today's send: one more fits under the cap, a second does not.
    expect((await send(app, developer.token, sms())).status).toBe(202);
    expect((await send(app, developer.token, sms())).body.error.code).toBe('spend_limit_exceeded');
  });
});

describe('idempotency', () => {
  it('returns the original message with 200 for a repeat and 409 for a different request', async () => {
    const developer = await sendingWorkspace(app);
    const first = await send(app, developer.token, sms({ idempotency_key: 'abc' }));
    expect(first.status).toBe(202);
    const repeat = await send(
      app,
      developer.token,
      sms({ idempotency_key: 'abc', phone_number: '+1 415-555-0123', metadata: { ignored: true } }),
    );
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual({ message: first.body.message });

    for (const different of [
      sms({ idempotency_key: 'abc', body: 'Other text' }),
      sms({ idempotency_key: 'abc', phone_number: '+14155550199' }),
    ]) {
      const conflict = await send(app, developer.token, different);
      expect(conflict.status).toBe(409);
      expect(conflict.body).toEqual({
        error: {
          code: 'idempotency_conflict',
          message: expect.any(String),
          fix: expect.any(String),
          retry: 'retry_with_new_idempotency_key',
        },
      });
    }
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(1);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(10_000 - price);

    // Keys are per workspace.
    const other = await sendingWorkspace(app);
    const elsewhere = await send(app, other.token, sms({ idempotency_key: 'abc' }));
    expect(elsewhere.status).toBe(202);
    expect(elsewhere.body.message.id).not.toBe(first.body.message.id);
  });

  it('answers a repeat before the later checks: no balance left, recipient suppressed since', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: price });
    const first = await send(app, developer.token, sms({ idempotency_key: 'first' }));
    expect(first.status).toBe(202);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(0);
    expect((await send(app, developer.token, sms({ idempotency_key: 'first' }))).body).toEqual(first.body);
    expect((await send(app, developer.token, sms({ idempotency_key: 'second' }))).status).toBe(402);
    await suppress(developer.workspaceId, sms().phone_number);
    const repeat = await send(app, developer.token, sms({ idempotency_key: 'first' }));
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect((await send(app, developer.token, sms({ idempotency_key: 'first', body: 'Other text' }))).status).toBe(409);
    expect((await send(app, developer.token, sms({ idempotency_key: 'second' }))).status).toBe(403);
  });

  it('answers a replay with 200 and Idempotent-Replayed whatever the send bucket holds, taking nothing from it; other sends are still limited', async () => {
    const developer = await sendingWorkspace(app, { tier: 'starter' });
    const first = await send(app, developer.token, sms({ idempotency_key: 'retry-safe' }));
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const repeat = await send(app, developer.token, sms({ idempotency_key: 'retry-safe', phone_number: '+1 415 555 0123' }));
      expect(repeat.status).toBe(200);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      expect(repeat.body).toEqual(first.body);
    }
    // The bucket is still empty for everything that is not a replay: a conflicting reuse of the key,
    // a new key, no key, and a key the request schema refuses.
    for (const other of [
      sms({ idempotency_key: 'retry-safe', body: 'Other text' }),
      sms({ idempotency_key: 'new-key' }),
      sms(),
      sms({ idempotency_key: 'k'.repeat(256) }),
    ]) {
      const limited = await send(app, developer.token, other);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('message_send_rate_limited');
    }
    // A replay that finds a token gives it back: the next new send still has it.
    app.clock.advance(1_200);
    expect((await send(app, developer.token, sms({ idempotency_key: 'retry-safe' }))).status).toBe(200);
    expect((await send(app, developer.token, sms({ idempotency_key: 'next' }))).status).toBe(202);
    expect((await send(app, developer.token, sms({ idempotency_key: 'retry-safe', body: 'Other text' }))).status).toBe(429);
    app.clock.advance(1_200);
    expect((await send(app, developer.token, sms({ idempotency_key: 'retry-safe', body: 'Other text' }))).status).toBe(409);
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(2);
  });

  it('answers 409 when the sender selected for the key has changed', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const first = await send(app, developer.token, sms({ idempotency_key: 'sender' }));
    const used = await app.services.prisma.message.findUniqueOrThrow({ where: { id: first.body.message.id } });
    await app.services.prisma.phoneNumber.update({ where: { id: used.senderNumberId! }, data: { status: 'released' } });
    expect((await send(app, developer.token, sms({ idempotency_key: 'sender' }))).status).toBe(409);
  });

  it('limits a repeat whose selected sender has changed, as any other reuse of its key that is not a replay', async () => {
    const developer = await sendingWorkspace(app, { tier: 'starter', numbers: 2 });
    const first = await send(app, developer.token, sms({ idempotency_key: 'moved' }));
    expect(first.status).toBe(202);
    const used = await app.services.prisma.message.findUniqueOrThrow({ where: { id: first.body.message.id } });
    await app.services.prisma.phoneNumber.update({ where: { id: used.senderNumberId! }, data: { status: 'released' } });
    // The starter bucket is empty after one send; only what the send would answer as a replay passes it.
    expect((await send(app, developer.token, sms({ idempotency_key: 'moved' }))).status).toBe(429);
    app.clock.advance(1_200);
    expect((await send(app, developer.token, sms({ idempotency_key: 'moved' }))).status).toBe(409);
  });

  it('creates exactly one message and one debit for many parallel requests with one key', async () => {
    const developer = await sendingWorkspace(app);
    const tokens = [developer.token, await createTokenFor(developer.workspaceId)];
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) => send(app, tokens[index % 2]!, sms({ idempotency_key: 'race' }))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(39);
    expect(new Set(responses.map((response) => response.body.message.id)).size).toBe(1);
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(1);
    expect(
      await app.services.prisma.ledgerEntry.count({ where: { workspaceId: developer.workspaceId, kind: 'send_debit' } }),
    ).toBe(1);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(10_000 - price);
  });

  it('never overspends under parallel sends', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 5 * price });
    const tokens = [developer.token, await createTokenFor(developer.workspaceId)];
    const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => send(app, tokens[index % 2]!, sms())));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 402)).toHaveLength(25);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(0);
    expect(
      await app.services.prisma.ledgerEntry.count({ where: { workspaceId: developer.workspaceId, kind: 'send_debit' } }),
    ).toBe(5);
  });
});

/** Another token of the same workspace, with its own send bucket. */
async function createTokenFor(workspaceId: string): Promise<string> {
  return (await createApiKeyToken(app.services, accountOwner(workspaceId), 'second')).access_token;
}

describe('sender selection', () => {
  it('keeps each recipient on its sender and otherwise picks the least recently used number', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const [first, second] = developer.senders;
    if (!first || !second) throw new Error('two senders expected');
    const senderOf = async (phoneNumber: string) => {
      app.clock.advance(1_000);
      const response = await send(app, developer.token, sms({ phone_number: phoneNumber }));
      expect(response.status).toBe(202);
      return (await app.services.prisma.message.findUniqueOrThrow({ where: { id: response.body.message.id } })).senderNumberId;
    };
    expect(await senderOf('+14155550101')).toBe(first.id);
    expect(await senderOf('+14155550102')).toBe(second.id);
    expect(await senderOf('+14155550103')).toBe(first.id);
    // Sticky: 102 stays on the second number although the first is now less recently used...
    expect(await senderOf('+14155550102')).toBe(second.id);
    expect(await senderOf('+14155550101')).toBe(first.id);
    // ... unless its number is no longer connected.
    await app.services.prisma.phoneNumber.update({ where: { id: second.id }, data: { status: 'released' } });
    expect(await senderOf('+14155550102')).toBe(first.id);
    await app.services.prisma.phoneNumber.update({ where: { id: second.id }, data: { status: 'connected' } });
    expect(await senderOf('+14155550102')).toBe(first.id);
  });
});

describe('send rate limit', () => {
  it('answers 429 with Retry-After and the limit once the token bucket is empty, before validating', async () => {
    const developer = await sendingWorkspace(app, { tier: 'starter' });
    expect((await send(app, developer.token, sms())).status).toBe(202);
    const limited = await send(app, developer.token, { phone_number: 'nonsense' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.body).toEqual({
      error: 'message_send_rate_limited',
      message: expect.any(String),
      retry_after_seconds: 2,
      limit: { tier: 'starter', capacity: 1, refill_ms: 1_200 },
    });
    app.clock.advance(1_200);
    expect((await send(app, developer.token, sms())).status).toBe(202);
  });

  it('gives each token its own bucket sized by the plan tier', async () => {
    const developer = await sendingWorkspace(app, { tier: 'growth' });
    const burst = await Promise.all(Array.from({ length: 7 }, () => send(app, developer.token, sms())));
    expect(burst.filter((response) => response.status === 202)).toHaveLength(5);
    const limited = burst.find((response) => response.status === 429)!;
    expect(limited.body.limit).toEqual({ tier: 'growth', capacity: 5, refill_ms: 1_200 });
    expect((await send(app, await createTokenFor(developer.workspaceId), sms())).status).toBe(202);
  });

  it('does not limit GET /api/v1/messages/{id}', async () => {
    const developer = await sendingWorkspace(app, { tier: 'starter' });
    const created = await send(app, developer.token, sms());
    for (let index = 0; index < 5; index += 1) {
      expect((await call(app, 'GET', `/api/v1/messages/${created.body.message.id}`, { token: developer.token })).status).toBe(
        200,
      );
    }
  });
});

describe('GET /api/v1/messages/{id}', () => {
  it('returns the status shape, with the message list item fields added', async () => {
    const developer = await sendingWorkspace(app);
    const created = await send(app, developer.token, sms({ body: 'a'.repeat(200) }));
    const response = await call(app, 'GET', `/api/v1/messages/${created.body.message.id}`, { token: developer.token });
    expect(response.status).toBe(200);
    const createdAt = new Date(app.clock.now()).toISOString();
    expect(response.body).toEqual({
      message: {
        id: created.body.message.id,
        status: 'queued',
        phone_number: recipient,
        segments: 2,
        cost_cents: 2 * price,
        created_at: createdAt,
        send_at: null,
        error_code: null,
        retry: null,
        direction: 'outbound',
        sender_number: developer.senders[0]!.number,
        body: 'a'.repeat(200),
        campaign_id: null,
        origin: 'api',
        idempotency_key: null,
        metadata: null,
        updated_at: createdAt,
        sent_at: null,
        delivered_at: null,
        failed_at: null,
        estimated_send_at: createdAt,
        sender_pool_id: null,
        expires_at: new Date(app.clock.now() + 36_000_000).toISOString(),
        approval: null,
        kind: 'sms',
        media_urls: [],
        link_clicks: 0,
      },
    });
  });

  it("says why a message failed: the carrier's error_code, or a catalogue code with its retry hint", async () => {
    const developer = await sendingWorkspace(app);
    // The sandbox's magic recipient +15005550001 is sent, then fails with error_code unreachable.
    const unreachable = await send(app, developer.token, sms({ phone_number: '+15005550001' }));
    // This recipient opts out after the send is accepted: dispatch fails it as workspace_suppressed.
    const optedOut = await send(app, developer.token, sms({ phone_number: '+14155550177' }));
    await suppress(developer.workspaceId, '+14155550177');
    await app.services.jobs.drain();
    const get = async (id: string) => (await call(app, 'GET', `/api/v1/messages/${id}`, { token: developer.token })).body.message;
    expect(await get(unreachable.body.message.id)).toMatchObject({ status: 'failed', error_code: 'unreachable', retry: null });
    expect(await get(optedOut.body.message.id)).toMatchObject({
      status: 'failed',
      error_code: 'workspace_suppressed',
      retry: 'do_not_retry',
    });
  });

  it('answers a messages:read token as the list does, a messages:write token too, and 403 without either', async () => {
    const developer = await sendingWorkspace(app);
    const created = await send(app, developer.token, sms());
    const path = `/api/v1/messages/${created.body.message.id}`;
    for (const scope of ['messages:read', 'messages:write'] as const) {
      const token = await tokenWithScopes(app, developer.workspaceId, [scope]);
      expect((await call(app, 'GET', '/api/v1/messages', { token })).status).toBe(200);
      const response = await call(app, 'GET', path, { token });
      expect(response.status, scope).toBe(200);
      expect(response.body.message.id).toBe(created.body.message.id);
    }
    const neither = await call(app, 'GET', path, { token: await tokenWithScopes(app, developer.workspaceId, ['numbers:read']) });
    expect(neither.status).toBe(403);
    expect(neither.headers.get('www-authenticate')).toContain('scope="messages:read"');
  });

  it('answers 404 for an unknown id and for a message of another workspace', async () => {
    const owner = await sendingWorkspace(app);
    const created = await send(app, owner.token, sms());
    const stranger = await createDeveloper(app);
    for (const [token, id] of [
      [stranger.token, created.body.message.id],
      [owner.token, 'msg_doesnotexist'],
    ]) {
      const response = await call(app, 'GET', `/api/v1/messages/${id}`, { token });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
  });
});

describe('segment counting', () => {
  it("agrees with Twilio's segment calculator", () => {
    const bodies = [
      'Hello',
      'a'.repeat(153),
      'a'.repeat(160),
      'a-b '.repeat(40) + '.',
      'a'.repeat(306),
      'a'.repeat(307),
      'a'.repeat(152) + '€' + 'a'.repeat(10),
      '{}[]~\\|^€'.repeat(20),
      'ÄÖÑÜ§¿äöñüà@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ'.repeat(5),
      'line\nbreak\r\nand more',
      'Grüße 👋'.repeat(12),
      '你'.repeat(66) + '😀' + '你'.repeat(4),
      'ç'.repeat(134),
      '😀'.repeat(800),
    ];
    for (const body of bodies) {
      const expected = new SegmentedMessage(body, 'auto', false);
      expect(countSegments(body), body.slice(0, 12)).toEqual({
        encoding: expected.encodingName,
        segments: expected.segmentsCount,
      });
    }
  });
});

describe('sends of one workspace arriving together (one accept_message_batch call)', () => {
  it('answers each as if sent alone: replays, suppressions and one debit per accepted send', async () => {
    const unique = 12;
    // Exactly enough for every send that is accepted, whatever order they arrive in.
    const developer = await sendingWorkspace(app, { balanceCents: (unique + 2) * price });
    await suppress(developer.workspaceId, '+14155550199');
    const tokens = [developer.token, await createTokenFor(developer.workspaceId)];
    const requests = [
      ...Array.from({ length: unique }, (_, index) => sms({ phone_number: `+141555502${String(index).padStart(2, '0')}` })),
      ...Array.from({ length: 3 }, () => sms({ idempotency_key: 'together' })),
      sms({ phone_number: '+14155550199' }),
      sms({ phone_number: '+14155550198' }),
    ];
    const responses = await Promise.all(requests.map((body, index) => send(app, tokens[index % 2]!, body)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(unique + 2);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 403)).toHaveLength(1);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(0);
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(unique + 2);
  });

  /** A send straight to the accept queue, `index` ms after the test clock's now. */
  const acceptParameters = (workspaceId: string, index: number) => {
    const now = new Date(app.clock.now() + index);
    return {
      workspace_id: workspaceId,
      token_id: null,
      phone_number: `+1415555030${index}`,
      body: 'Your table is ready.',
      segments: 1,
      cost_cents: price,
      idempotency_key: null,
      metadata: undefined,
      source: 'api',
      now,
      spend_day: now.toISOString().slice(0, 10),
      default_spend_cap_cents: 1_000_000,
      message_id: `msg_${workspaceId}_${index}`,
      ledger_entry_id: newId('led'),
      job_id: newId('job'),
    };
  };

  it('retries each send of a failed batch alone, so one bad send fails by itself', async () => {
    const developer = await sendingWorkspace(app);
    const queue = createAcceptQueue(app.services.sql);
    // Queued in one turn, the five go as one batch; the third reuses the second's message id, so the
    // batch fails and each send is then accepted alone, in order.
    const parameters = [0, 1, 2, 3, 4].map((index) => acceptParameters(developer.workspaceId, index));
    parameters[2]!.message_id = parameters[1]!.message_id;
    const outcomes = await Promise.allSettled(parameters.map((send) => queue.accept(send)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const messages = await app.services.prisma.message.findMany({
      where: { workspaceId: developer.workspaceId },
      orderBy: { createdAt: 'asc' },
    });
    expect(messages.map((message) => message.id)).toEqual([0, 1, 3, 4].map((index) => parameters[index]!.message_id));
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(10_000 - 4 * price);
  });

  it('picks senders within one batch as sends one after another would, and records each number once', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const [first, second] = developer.senders;
    const queue = createAcceptQueue(app.services.sql);
    // Queued in one turn, the four go as one batch: new recipients, each a millisecond later.
    const rows = await Promise.all([0, 1, 2, 3].map((index) => queue.accept(acceptParameters(developer.workspaceId, index))));
    expect(rows.map((row) => row.outcome)).toEqual(['accept', 'accept', 'accept', 'accept']);
    const messages = await app.services.prisma.message.findMany({
      where: { workspaceId: developer.workspaceId },
      orderBy: { createdAt: 'asc' },
    });
    expect(messages.map((message) => message.senderNumberId)).toEqual([first!.id, second!.id, first!.id, second!.id]);
    const lastUsed = await app.services.prisma.phoneNumber.findMany({
      where: { workspaceId: developer.workspaceId },
      orderBy: { createdAt: 'asc' },
    });
    expect(lastUsed.map((number) => number.lastUsedAt?.getTime())).toEqual([app.clock.now() + 2, app.clock.now() + 3]);
    expect((await workspaceRow(developer.workspaceId)).balanceCents).toBe(10_000 - 4 * price);
  });
});
