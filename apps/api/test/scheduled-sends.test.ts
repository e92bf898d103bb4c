import { accountOwner } from '../src/auth/console-session.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelMessage } from '../src/domain/messages/cancel.ts';
import { dispatchJob } from '../src/domain/messages/dispatch.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { newId } from '../src/lib/crypto.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * Scheduled sends: POST /api/v1/messages (and send_message) with send_at, and
 * POST /api/v1/messages/{id}/cancel (cancel_message). Workers stay off so that nothing is
 * dispatched before a test moves the clock past send_at and drains the jobs itself.
 */

let app: TestApp;
let price: number;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
  price = app.config.pricePerSegmentCents;
});
afterAll(async () => {
  await app.close();
});

const MINUTE = 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY = 86_400_000;
const recipient = '+14155550142';

/** An ISO 8601 time `ms` from the app's clock, in UTC (Z) unless another offset is asked for. */
function fromNow(ms: number, offset?: string): string {
  const at = new Date(app.clock.now() + ms);
  if (!offset) return at.toISOString();
  // The same instant written in local time at `offset` (e.g. -05:00).
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number) as [number, number];
  const local = new Date(at.getTime() + sign * (hours * 60 + minutes) * MINUTE);
  return `${local.toISOString().slice(0, 23)}${offset}`;
}

function send(token: string, overrides: Record<string, unknown> = {}) {
  return call(app, 'POST', '/api/v1/messages', {
    token,
    body: { phone_number: recipient, body: 'Your appointment is tomorrow.', ...overrides },
  });
}

function cancel(token: string, id: string) {
  return call(app, 'POST', `/api/v1/messages/${id}/cancel`, { token });
}

async function balanceOf(workspaceId: string) {
  return (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;
}

async function ledgerOf(workspaceId: string) {
  const entries = await app.services.prisma.ledgerEntry.findMany({
    where: { workspaceId, kind: { in: ['send_debit', 'send_refund'] } },
  });
  return {
    debits: entries.filter((entry) => entry.kind === 'send_debit'),
    refunds: entries.filter((entry) => entry.kind === 'send_refund'),
  };
}

async function carrierGot(messageIds: string[]) {
  return app.services.prisma.sandboxMessage.findMany({ where: { messageId: { in: messageIds } } });
}

/** Moves the clock to `ms` past now and runs every job that is due by then. */
async function runFor(ms: number) {
  app.clock.advance(ms);
  await app.services.jobs.drain();
}

describe('POST /api/v1/messages with send_at', () => {
  it('accepts and debits at once, holds the message until send_at, then sends it', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000 });
    const sendAt = fromNow(10 * MINUTE, '-05:00');
    const created = await send(developer.token, { send_at: sendAt });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({
      message: { id: expect.stringMatching(/^msg_/), status: 'scheduled', estimated_send_at: new Date(sendAt).toISOString() },
    });
    const id: string = created.body.message.id;
    const dueAt = new Date(sendAt);

    // Debited now, counted in today's spend, and its dispatch job is due at send_at.
    expect(await balanceOf(developer.workspaceId)).toBe(1_000 - price);
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: developer.workspaceId } });
    expect(workspace.spendTodayCents).toBe(price);
    const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ status: 'scheduled', sendAt: dueAt, senderNumberId: developer.senders[0]!.id });
    const [job] = await app.services.prisma.job.findMany({
      where: { queue: 'dispatch', payload: { equals: { messageId: id } } },
    });
    expect(job).toMatchObject({ status: 'pending', runAt: dueAt });

    const got = await call(app, 'GET', `/api/v1/messages/${id}`, { token: developer.token });
    expect(got.status).toBe(200);
    expect(got.body.message).toMatchObject({ id, status: 'scheduled', send_at: dueAt.toISOString(), error_code: null });

    // A second before send_at nothing goes out.
    await runFor(10 * MINUTE - 1_000);
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id } })).status).toBe('scheduled');
    expect(await carrierGot([id])).toEqual([]);

    await runFor(1_000);
    const after = await call(app, 'GET', `/api/v1/messages/${id}`, { token: developer.token });
    expect(after.body.message).toMatchObject({ status: 'delivered', send_at: dueAt.toISOString() });
    expect(await carrierGot([id])).toEqual([expect.objectContaining({ messageId: id, sendRequests: 1 })]);
    const ledger = await ledgerOf(developer.workspaceId);
    expect(ledger.debits).toHaveLength(1);
    expect(ledger.refunds).toEqual([]);
  });

  it.each([
    ['in the past', () => fromNow(-MINUTE), /in the past/],
    ['less than a minute ahead', () => fromNow(59_000), /less than a minute ahead/],
    ['more than 35 days ahead', () => fromNow(35 * DAY + 1_000), /more than 35 days ahead/],
  ])('refuses a send_at %s with 422 naming send_at and the window', async (_case, sendAt, reason) => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000 });
    const response = await send(developer.token, { send_at: sendAt() });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(reason),
      issues: [{ path: 'send_at', message: expect.stringContaining('between 1 minute and 35 days from now') }],
      fix: expect.any(String),
      retry: 'retry_after_fixing_request',
    });
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
    expect(await balanceOf(developer.workspaceId)).toBe(1_000);
  });

  it.each([
    ['without an offset', '2030-01-01T10:00:00'],
    ['a date alone', '2030-01-01'],
    ['not a time', 'tomorrow'],
    ['a number', 1_900_000_000_000],
  ])('refuses a send_at %s with 422 naming send_at', async (_case, sendAt) => {
    const developer = await sendingWorkspace(app);
    const response = await send(developer.token, { send_at: sendAt });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(['send_at']);
  });

  it('accepts both ends of the window', async () => {
    const developer = await sendingWorkspace(app);
    expect((await send(developer.token, { send_at: fromNow(MINUTE), body: 'one' })).body.message.status).toBe('scheduled');
    expect((await send(developer.token, { send_at: fromNow(35 * DAY), body: 'two' })).body.message.status).toBe('scheduled');
  });

  it('runs every check of a send at acceptance: balance, spend cap and suppression', async () => {
    const poor = await sendingWorkspace(app, { balanceCents: price - 1 });
    expect((await send(poor.token, { send_at: fromNow(5 * MINUTE) })).body.error).toBe('insufficient_balance');

    // Scheduled sends count against today's cap when they are accepted, not when they go out.
    const capped = await sendingWorkspace(app, { spendCapCents: price });
    expect((await send(capped.token, { send_at: fromNow(5 * MINUTE), body: 'first' })).status).toBe(202);
    const over = await send(capped.token, { send_at: fromNow(5 * MINUTE), body: 'second' });
    expect(over.status).toBe(402);
    expect(over.body.error.code).toBe('spend_limit_exceeded');

    const suppressed = await sendingWorkspace(app);
    await app.services.prisma.workspaceSuppression.create({
      data: { id: newId('sup'), workspaceId: suppressed.workspaceId, phoneNumber: recipient, source: 'operator' },
    });
    const refused = await send(suppressed.token, { send_at: fromNow(5 * MINUTE) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('workspace_suppressed');
  });

  it('fails and refunds a scheduled message whose recipient replied STOP before send_at', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000 });
    const created = await send(developer.token, { send_at: fromNow(30 * MINUTE) });
    const id: string = created.body.message.id;

    // The recipient opts out through the real inbound path.
    const stop = await postSigned(app, 'messaging', 'incoming', {
      id: eventId('in'),
      from: recipient,
      to: developer.senders[0]!.number,
      body: 'STOP',
    });
    expect(stop.status).toBe(202);
    await runFor(0);
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id } })).status).toBe('scheduled');

    await runFor(30 * MINUTE);
    const got = await call(app, 'GET', `/api/v1/messages/${id}`, { token: developer.token });
    expect(got.body.message).toMatchObject({ status: 'failed', error_code: 'workspace_suppressed', retry: 'do_not_retry' });
    expect(await carrierGot([id])).toEqual([]);
    // The STOP's opt-out confirmation is a send of its own, debited and kept; the scheduled one is refunded.
    const ledger = await ledgerOf(developer.workspaceId);
    const confirmation = ledger.debits.find((debit) => debit.messageId !== id);
    expect(ledger.debits).toEqual([
      expect.objectContaining({ messageId: id, amountCents: -price }),
      expect.objectContaining({ amountCents: -price }),
    ]);
    expect(ledger.refunds).toEqual([expect.objectContaining({ messageId: id, amountCents: price })]);
    const reply = await app.services.prisma.message.findUniqueOrThrow({ where: { id: confirmation!.messageId! } });
    expect(reply).toMatchObject({ phoneNumber: recipient, source: 'auto_reply' });
    expect(await balanceOf(developer.workspaceId)).toBe(1_000 - price);
    const failed = await app.services.prisma.event.findMany({
      where: { workspaceId: developer.workspaceId, type: 'message.failed' },
    });
    expect(failed).toHaveLength(1);
  });

  it('ties an idempotency key to send_at as well', async () => {
    const developer = await sendingWorkspace(app);
    const sendAt = fromNow(20 * MINUTE);
    const first = await send(developer.token, { send_at: sendAt, idempotency_key: 'sched-1' });
    expect(first.status).toBe(202);

    // The same instant written with another offset is the same request.
    const replay = await send(developer.token, { send_at: fromNow(20 * MINUTE, '+02:00'), idempotency_key: 'sched-1' });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);

    for (const changed of [{ send_at: fromNow(21 * MINUTE) }, {}]) {
      const conflict = await send(developer.token, { ...changed, idempotency_key: 'sched-1' });
      expect(conflict.status, JSON.stringify(changed)).toBe(409);
      expect(conflict.body.error.code).toBe('idempotency_conflict');
    }
    // A key first used for a send now conflicts with a scheduled send.
    expect((await send(developer.token, { idempotency_key: 'now-1' })).status).toBe(202);
    expect((await send(developer.token, { idempotency_key: 'now-1', send_at: sendAt })).status).toBe(409);
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(2);
    expect((await ledgerOf(developer.workspaceId)).debits).toHaveLength(2);
  });
});

describe('POST /api/v1/messages/{id}/cancel', () => {
  it('cancels a scheduled message and refunds it; it is never sent', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000 });
    const sendAt = fromNow(15 * MINUTE);
    const id: string = (await send(developer.token, { send_at: sendAt })).body.message.id;
    expect(await balanceOf(developer.workspaceId)).toBe(1_000 - price);

    const canceled = await cancel(developer.token, id);
    expect(canceled.status).toBe(200);
    expect(canceled.body.message).toMatchObject({
      id,
      status: 'canceled',
      phone_number: recipient,
      segments: 1,
      cost_cents: price,
      send_at: new Date(sendAt).toISOString(),
      error_code: null,
      retry: null,
    });
    // The same shape GET answers.
    expect((await call(app, 'GET', `/api/v1/messages/${id}`, { token: developer.token })).body).toEqual(canceled.body);
    expect(await balanceOf(developer.workspaceId)).toBe(1_000);
    // The refund gives the day's spend back too.
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: developer.workspaceId } });
    expect(workspace.spendTodayCents).toBe(0);
    const ledger = await ledgerOf(developer.workspaceId);
    expect(ledger.debits).toHaveLength(1);
    expect(ledger.refunds).toEqual([expect.objectContaining({ messageId: id, amountCents: price, reason: 'message canceled' })]);

    await runFor(15 * MINUTE);
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id } })).status).toBe('canceled');
    expect(await carrierGot([id])).toEqual([]);
    const [job] = await app.services.prisma.job.findMany({
      where: { queue: 'dispatch', payload: { equals: { messageId: id } } },
    });
    expect(job?.status).toBe('done');

    // Canceling again changes nothing.
    const again = await cancel(developer.token, id);
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ code: 'message_not_cancelable', current_status: 'canceled', retry: 'do_not_retry' });
    expect((await ledgerOf(developer.workspaceId)).refunds).toHaveLength(1);
  });

  it('refuses a message that is not scheduled with 422 message_not_cancelable naming its status', async () => {
    const developer = await sendingWorkspace(app);
    const queued = (await send(developer.token, { body: 'now' })).body.message.id as string;
    const response = await cancel(developer.token, queued);
    expect(response.status).toBe(422);
    expect(response.body.error).toEqual({
      code: 'message_not_cancelable',
      message: 'Only a scheduled message or one waiting for approval can be canceled; this one is queued.',
      current_status: 'queued',
      fix: expect.stringContaining('GET /api/v1/messages/{id}'),
      retry: 'do_not_retry',
    });

    await runFor(0);
    const delivered = await cancel(developer.token, queued);
    expect(delivered.body.error).toMatchObject({ code: 'message_not_cancelable', current_status: 'delivered' });
    expect((await ledgerOf(developer.workspaceId)).refunds).toEqual([]);
  });

  it('answers 404 for an unknown id and for another workspace message, 401 without a token and 403 without messages:write', async () => {
    const owner = await sendingWorkspace(app);
    const stranger = await sendingWorkspace(app);
    const id: string = (await send(owner.token, { send_at: fromNow(5 * MINUTE) })).body.message.id;

    const unknown = await cancel(owner.token, 'msg_unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const crossWorkspace = await cancel(stranger.token, id);
    expect(crossWorkspace.status).toBe(404);
    expect(crossWorkspace.body.error.code).toBe('not_found');

    const anonymous = await call(app, 'POST', `/api/v1/messages/${id}/cancel`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    const readOnly = await tokenWithScopes(app, owner.workspaceId, ['messages:read']);
    const forbidden = await cancel(readOnly, id);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('unauthorized');
    const scheduleForbidden = await send(readOnly, { send_at: fromNow(5 * MINUTE), body: 'read-only' });
    expect(scheduleForbidden.status).toBe(403);

    // An id longer than any id names nothing.
    const tooLong = await cancel(owner.token, 'x'.repeat(65));
    expect(tooLong.status).toBe(404);

    // None of those touched it.
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id } })).status).toBe('scheduled');
  });

  it('lets exactly one of cancel and dispatch win when they meet at send_at', async () => {
    const MESSAGES = 40;
    const developer = await sendingWorkspace(app, { balanceCents: MESSAGES * price });
    const sendAt = fromNow(2 * MINUTE);
    // Scheduled through the domain function, so the per-token send rate limit stays out of the way.
    const ids: string[] = [];
    for (let index = 0; index < MESSAGES; index += 1) {
      const created = await sendMessage(
        app.services,
        { workspaceId: developer.workspaceId },
        { phoneNumber: recipient, body: `Race ${index}`, sendAt },
        { source: 'api' },
      );
      expect(created.message.status).toBe('scheduled');
      ids.push(created.message.id);
    }
    expect(await balanceOf(developer.workspaceId)).toBe(0);

    // At send_at, each message is canceled twice (over HTTP and by the domain function directly)
    // while its dispatch runs twice (as a repeated delivery of its job would). They go in waves of
    // a few messages, so that the database answers in milliseconds and the few milliseconds one
    // side starts after the other decide who comes first: the dispatches for every other message,
    // the cancels for the rest. The job runner joins the last wave.
    expect((await cancel(developer.token, 'msg_warm_up')).status).toBe(404);
    app.clock.advance(2 * MINUTE);
    const cancelDirectly = (id: string) =>
      cancelMessage(app.services, accountOwner(developer.workspaceId), id).then(
        () => 'canceled',
        (error: unknown) => (error as { code?: string }).code ?? String(error),
      );
    const dispatch = (messageId: string, index: number) =>
      dispatchJob.run(
        app.services,
        { messageId },
        { id: `race-${index}`, queue: dispatchJob.queue, attempt: 1, isLastAttempt: false },
      );
    const race = async (id: string, index: number) => {
      const head = index % 2 === 0 ? 'dispatch' : 'cancel';
      const lag = () => pause(index % 5);
      const dispatched = (head === 'dispatch' ? Promise.resolve() : lag()).then(() =>
        Promise.all([dispatch(id, index), dispatch(id, index)]),
      );
      const canceled = (head === 'cancel' ? Promise.resolve() : lag()).then(() =>
        Promise.all([cancel(developer.token, id), cancelDirectly(id)]),
      );
      return (await Promise.all([canceled, dispatched]))[0];
    };
    const WAVE = 4;
    const answers: Awaited<ReturnType<typeof race>>[] = [];
    for (let start = 0; start < MESSAGES; start += WAVE) {
      const wave = ids.slice(start, start + WAVE).map((id, offset) => race(id, start + offset));
      const runner = start + WAVE >= MESSAGES ? app.services.jobs.drain() : undefined;
      answers.push(...(await Promise.all(wave)));
      await runner;
    }
    await app.services.jobs.drain();

    const messages = await app.services.prisma.message.findMany({ where: { id: { in: ids } } });
    const carrier = await carrierGot(ids);
    const ledger = await ledgerOf(developer.workspaceId);
    const canceledIds = new Set(messages.filter((message) => message.status === 'canceled').map((message) => message.id));
    console.log(`cancel vs dispatch: ${canceledIds.size} of ${MESSAGES} canceled, ${MESSAGES - canceledIds.size} dispatched`);
    for (const [index, id] of ids.entries()) {
      const [overHttp, direct] = answers[index]!;
      const outcomes = [overHttp.status === 200 ? 'canceled' : overHttp.body.error.code, direct];
      // A canceled message was canceled by exactly one of its two cancels; the other, like both
      // cancels of a dispatched message, found it no longer cancelable.
      expect(
        outcomes.filter((outcome) => outcome === 'canceled'),
        id,
      ).toHaveLength(canceledIds.has(id) ? 1 : 0);
      expect(
        outcomes.filter((outcome) => outcome === 'message_not_cancelable'),
        id,
      ).toHaveLength(canceledIds.has(id) ? 1 : 2);
    }
    // A canceled message never reached the carrier; every other one reached it, once (the carrier
    // dedupes a repeated dispatch on our message id).
    expect(messages.filter((message) => !canceledIds.has(message.id)).map((message) => message.status)).toEqual(
      Array(MESSAGES - canceledIds.size).fill('delivered'),
    );
    expect(carrier.map((row) => row.messageId).sort()).toEqual(ids.filter((id) => !canceledIds.has(id)).sort());
    // One debit per message, one refund per canceled message and none for the others.
    expect(ledger.debits).toHaveLength(MESSAGES);
    expect(ledger.refunds.map((refund) => refund.messageId).sort()).toEqual([...canceledIds].sort());
    expect(await balanceOf(developer.workspaceId)).toBe(canceledIds.size * price);
  });
});

describe('scheduled sends over MCP', () => {
  it('send_message schedules with send_at and cancel_message cancels, through the official client', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000 });
    const client = await connectMcp(app, developer.token);
    try {
      const { tools } = await client.listTools();
      const cancelTool = tools.find((tool) => tool.name === 'cancel_message');
      expect(cancelTool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(tools.find((tool) => tool.name === 'send_message')?.inputSchema.properties).toHaveProperty('send_at');

      const sendAt = fromNow(45 * MINUTE);
      const sent = await client.callTool({
        name: 'send_message',
        arguments: { phone_number: recipient, body: 'Scheduled over MCP', send_at: sendAt },
      });
      expect(sent.isError).toBeFalsy();
      const { message } = sent.structuredContent as { message: { id: string; status: string } };
      expect(message.status).toBe('scheduled');

      const tooSoon = await client.callTool({
        name: 'send_message',
        arguments: { phone_number: recipient, body: 'Too soon', send_at: fromNow(10_000) },
      });
      expect(tooSoon.isError).toBe(true);
      expect(toolError(tooSoon)).toMatchObject({ code: 'validation_failed', issues: [{ path: 'send_at' }] });

      const canceled = await client.callTool({ name: 'cancel_message', arguments: { id: message.id } });
      expect(canceled.isError).toBeFalsy();
      expect(canceled.structuredContent).toMatchObject({
        message: { id: message.id, status: 'canceled', send_at: new Date(sendAt).toISOString() },
      });
      expect(await balanceOf(developer.workspaceId)).toBe(1_000);

      const again = await client.callTool({ name: 'cancel_message', arguments: { id: message.id } });
      expect(again.isError).toBe(true);
      expect(toolError(again)).toMatchObject({
        code: 'message_not_cancelable',
        current_status: 'canceled',
        fix: expect.stringContaining('Only a message with status scheduled or pending_approval can be canceled'),
        retry: 'do_not_retry',
      });
    } finally {
      await client.close();
    }
  });
});
