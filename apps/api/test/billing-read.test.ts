import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ledgerEntryKinds } from '@textline/contract';
import { ledgerListStatement } from '../src/domain/billing/ledger-entries.ts';
import { usagePerPeriod } from '../src/domain/billing/usage.sql.ts';
import { call, createDeveloper, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { expectValidationIssue, payInvoice } from './onboarding-support.ts';
import { planOf } from './query-plan-support.ts';
import { connectNumber } from './sending-support.ts';

let app: TestApp;
let price: number;
beforeAll(async () => {
  // Jobs run only when a test drains them, so each carrier outcome happens when the test says.
  app = await startTestApp({}, { startJobs: false });
  price = app.config.pricePerSegmentCents;
});
afterAll(async () => {
  await app.close();
});

// Its callbacks come a minute apart on the app's clock, which the tests do not advance that far:
// a message to it stays `sending` until the test posts the carrier's report.
const SLOW_RECIPIENT = '+15005550003';
// Refused by the carrier at dispatch: the message fails at once and is refunded.
const REJECTED_RECIPIENT = '+15005550004';
const FUNDING_CENTS = 2_000;

type Developer = { workspaceId: string; token: string };

const today = () => new Date(app.clock.now()).toISOString().slice(0, 10);

function get(developer: Developer | string | undefined, route: string) {
  const token = typeof developer === 'string' || developer === undefined ? developer : developer.token;
  return call(app, 'GET', route, token === undefined ? {} : { token });
}

/**
 * Sends one SMS at the current time. Ledger entries other than debits are timed by the database, so
 * the app's clock is moved to the real time first and entries keep the order they were made in.
 */
async function send(developer: Developer, phoneNumber: string) {
  app.clock.set(Math.max(app.clock.now(), Date.now()));
  const response = await call(app, 'POST', '/api/v1/messages', {
    token: developer.token,
    body: { phone_number: phoneNumber, body: 'Your table is ready.' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.message as { id: string; cost_cents: number };
}

/**
 * A workspace funded by paying a funding invoice, with three sends (one delivered, one refused by
 * the carrier and refunded, one still on its way) and one reply.
 */
async function activeWorkspace() {
  const developer = await createDeveloper(app);
  await app.services.prisma.workspace.update({ where: { id: developer.workspaceId }, data: { planTier: 'enterprise' } });
  const created = await call(app, 'POST', '/api/v1/onboarding/funding-invoices', {
    token: developer.token,
    body: { amount_cents: FUNDING_CENTS },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const invoice = created.body.invoice as { id: string };
  await payInvoice(app, invoice);
  const sender = await connectNumber(app, developer.workspaceId);

  const delivered = await send(developer, SLOW_RECIPIENT);
  const failed = await send(developer, REJECTED_RECIPIENT);
  const pending = await send(developer, SLOW_RECIPIENT);
  await app.services.jobs.drain();
  const dispatched = await app.services.prisma.message.findUniqueOrThrow({ where: { id: delivered.id } });
  const report = await postSigned(app, 'messaging', 'events', {
    type: 'message.delivered',
    id: eventId(),
    message_id: dispatched.providerMessageId,
  });
  expect(report.status).toBe(202);
  const reply = await postSigned(app, 'messaging', 'incoming', {
    id: eventId('in'),
    from: '+14155550140',
    to: sender.number,
    body: 'Thanks!',
  });
  expect(reply.status).toBe(202);
  await app.services.jobs.drain();

  const statuses = await app.services.prisma.message.findMany({ where: { workspaceId: developer.workspaceId } });
  expect(Object.fromEntries(statuses.map((message) => [message.id, message.status]))).toEqual({
    [delivered.id]: 'delivered',
    [failed.id]: 'failed',
    [pending.id]: 'sending',
  });
  return { developer, invoice, delivered, failed, pending };
}

describe('GET /api/v1/balance', () => {
  it("answers the balance, the day's spend net of same-day refunds and the cap, as the send path counts them", async () => {
    const { developer } = await activeWorkspace();
    const response = await get(developer, '/api/v1/balance');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      balance_cents: FUNDING_CENTS - 2 * price,
      spend_today_cents: 2 * price,
      spend_cap_cents: app.config.spendCapCentsDaily,
      spend_remaining_today_cents: app.config.spendCapCentsDaily - 2 * price,
      currency: 'USD',
    });
    // The send's own rules see the same numbers.
    const preview = await call(app, 'POST', '/api/v1/messages/preview', {
      token: developer.token,
      body: { phone_number: SLOW_RECIPIENT, body: 'Your table is ready.' },
    });
    expect(preview.body.preview).toMatchObject({
      balance_cents: response.body.balance_cents,
      spend_remaining_today_cents: response.body.spend_remaining_today_cents,
    });
  });

  it('reports a workspace cap, and no spend on a day without sends', async () => {
    const developer = await createDeveloper(app);
    await app.services.prisma.workspace.update({
      where: { id: developer.workspaceId },
      data: { spendCapCents: 300, spendDay: '2020-01-01', spendTodayCents: 250 },
    });
    const response = await get(developer, '/api/v1/balance');
    expect(response.body).toEqual({
      balance_cents: 0,
      spend_today_cents: 0,
      spend_cap_cents: 300,
      spend_remaining_today_cents: 300,
      currency: 'USD',
    });
  });
});

describe('GET /api/v1/ledger', () => {
  it('lists every entry newest first with the exact balance it left, its message or invoice', async () => {
    const { developer, invoice, delivered, failed, pending } = await activeWorkspace();
    const response = await get(developer, '/api/v1/ledger');
    expect(response.status).toBe(200);
    const entries = response.body.entries as { reference: string; created_at: string; id: string }[];
    expect(response.body.next_cursor).toBeNull();
    const byReference = Object.fromEntries(entries.map((entry) => [entry.reference, entry]));
    const session = await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id } });
    const entry = (fields: Record<string, unknown>) => ({
      id: expect.stringMatching(/^led_/),
      message_id: null,
      invoice_id: null,
      created_at: expect.any(String),
      ...fields,
    });
    expect(byReference).toEqual({
      [`funding:${session.sessionId}`]: entry({
        kind: 'funding_credit',
        amount_cents: FUNDING_CENTS,
        balance_after_cents: FUNDING_CENTS,
        reference: `funding:${session.sessionId}`,
        invoice_id: invoice.id,
      }),
      [`send_debit:${delivered.id}`]: entry({
        kind: 'send_debit',
        amount_cents: -price,
        balance_after_cents: FUNDING_CENTS - price,
        reference: `send_debit:${delivered.id}`,
        message_id: delivered.id,
      }),
      [`send_debit:${failed.id}`]: entry({
        kind: 'send_debit',
        amount_cents: -price,
        balance_after_cents: FUNDING_CENTS - 2 * price,
        reference: `send_debit:${failed.id}`,
        message_id: failed.id,
      }),
      [`send_debit:${pending.id}`]: entry({
        kind: 'send_debit',
        amount_cents: -price,
        balance_after_cents: FUNDING_CENTS - 3 * price,
        reference: `send_debit:${pending.id}`,
        message_id: pending.id,
      }),
      [`refund:${failed.id}`]: entry({
        kind: 'send_refund',
        amount_cents: price,
        balance_after_cents: FUNDING_CENTS - 2 * price,
        reference: `refund:${failed.id}`,
        message_id: failed.id,
      }),
    });
    const newestFirst = [...entries].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    expect(entries).toEqual(newestFirst);
    // The latest entry left the balance the workspace has.
    const balance = (await get(developer, '/api/v1/balance')).body.balance_cents;
    expect(entries[0]).toMatchObject({ balance_after_cents: balance });
  });

  it('filters by kind and time, and pages with next_cursor', async () => {
    const { developer, failed } = await activeWorkspace();
    const refunds = await get(developer, '/api/v1/ledger?kind=send_refund');
    expect(refunds.body.entries).toEqual([expect.objectContaining({ kind: 'send_refund', message_id: failed.id })]);
    const credits = await get(developer, '/api/v1/ledger?kind=funding_credit');
    expect(credits.body.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['funding_credit']);
    const debits = await get(developer, '/api/v1/ledger?kind=send_debit');
    expect(debits.body.entries).toHaveLength(3);
    expect(debits.body.entries.every((entry: { kind: string }) => entry.kind === 'send_debit')).toBe(true);
    expect((await get(developer, '/api/v1/ledger?kind=number_purchase')).body).toEqual({ entries: [], next_cursor: null });

    const all = (await get(developer, '/api/v1/ledger')).body.entries as { id: string; created_at: string }[];
    const first = await get(developer, '/api/v1/ledger?limit=2');
    expect(first.body.entries.map((entry: { id: string }) => entry.id)).toEqual(all.slice(0, 2).map((entry) => entry.id));
    const ids = [...first.body.entries.map((entry: { id: string }) => entry.id)];
    let cursor: string | null = first.body.next_cursor;
    while (cursor) {
      const next = await get(developer, `/api/v1/ledger?limit=2&cursor=${encodeURIComponent(cursor)}`);
      ids.push(...next.body.entries.map((entry: { id: string }) => entry.id));
      cursor = next.body.next_cursor;
    }
    expect(ids).toEqual(all.map((entry) => entry.id));

    const oldest = all.at(-1)!;
    const after = await get(developer, `/api/v1/ledger?created_after=${encodeURIComponent(all[0]!.created_at)}`);
    expect(after.body.entries.map((entry: { id: string }) => entry.id)).toEqual(
      all.filter((entry) => entry.created_at >= all[0]!.created_at).map((entry) => entry.id),
    );
    const before = await get(developer, `/api/v1/ledger?created_before=${encodeURIComponent(oldest.created_at)}`);
    expect(before.body.entries).toEqual([]);
    const bounded = await get(
      developer,
      `/api/v1/ledger?created_after=${encodeURIComponent(oldest.created_at)}&created_before=${encodeURIComponent(
        new Date(Date.parse(all[0]!.created_at) + 1).toISOString(),
      )}`,
    );
    expect(bounded.body.entries).toHaveLength(all.length);
  });

  it('refuses bad filters with 422 naming the field', async () => {
    const developer = await createDeveloper(app);
    expectValidationIssue(await get(developer, '/api/v1/ledger?kind=bonus'), 'kind');
    expectValidationIssue(await get(developer, '/api/v1/ledger?created_after=yesterday'), 'created_after');
    expectValidationIssue(await get(developer, '/api/v1/ledger?created_before=2026-13-01T00:00:00Z'), 'created_before');
    expectValidationIssue(
      await get(developer, '/api/v1/ledger?created_after=2026-05-02T00:00:00Z&created_before=2026-05-01T00:00:00Z'),
      'created_before',
    );
    expectValidationIssue(await get(developer, '/api/v1/ledger?limit=0'), 'limit');
    expectValidationIssue(await get(developer, '/api/v1/ledger?limit=101'), 'limit');
    expectValidationIssue(await get(developer, '/api/v1/ledger?cursor=bm90LWEtY3Vyc29y'), 'cursor');
  });
});

describe('GET /api/v1/usage', () => {
  it('reports the day and the month of the sends, delivery, failure, reply and refund exactly', async () => {
    const { developer } = await activeWorkspace();
    const day = today();
    const period = {
      sent: 3,
      delivered: 1,
      failed: 1,
      inbound: 1,
      segments: 3,
      cost_cents: 3 * price,
      refunds_cents: price,
    };
    const daily = await get(developer, `/api/v1/usage?from=${day}&to=${day}`);
    expect(daily.status).toBe(200);
    expect(daily.body).toEqual({ periods: [{ period_start: day, ...period }] });
    const monthly = await get(developer, `/api/v1/usage?from=${day}&to=${day}&granularity=month`);
    expect(monthly.body).toEqual({ periods: [{ period_start: `${day.slice(0, 8)}01`, ...period }] });
    const earlier = await get(developer, '/api/v1/usage?from=2025-01-01&to=2025-12-31&granularity=month');
    expect(earlier.body).toEqual({ periods: [] });
  });

  it('puts each send in its UTC day and month, and leaves out the days without activity', async () => {
    const developer = await createDeveloper(app);
    await app.services.prisma.workspace.update({ where: { id: developer.workspaceId }, data: { planTier: 'enterprise' } });
    const credit = await call(app, 'POST', '/api/v1/onboarding/funding-invoices', {
      token: developer.token,
      body: { amount_cents: FUNDING_CENTS },
    });
    await payInvoice(app, credit.body.invoice);
    await connectNumber(app, developer.workspaceId);
    const sendAt = async (at: string, count: number) => {
      app.clock.set(Date.parse(at));
      for (let index = 0; index < count; index += 1) {
        const response = await call(app, 'POST', '/api/v1/messages', {
          token: developer.token,
          // Two segments of GSM-7 text.
          body: { phone_number: '+14155550150', body: 'x'.repeat(200) },
        });
        expect(response.status, JSON.stringify(response.body)).toBe(202);
      }
    };
    try {
      await sendAt('2026-01-30T12:00:00.000Z', 1);
      await sendAt('2026-01-31T23:59:59.999Z', 2);
      await sendAt('2026-02-01T00:00:00.000Z', 1);
      await sendAt('2026-03-15T08:00:00.000Z', 1);
    } finally {
      app.clock.set(Math.max(app.clock.now(), Date.now()));
    }
    const usage = (day: string, sent: number) => ({
      period_start: day,
      sent,
      delivered: 0,
      failed: 0,
      inbound: 0,
      segments: 2 * sent,
      cost_cents: 2 * price * sent,
      refunds_cents: 0,
    });
    const daily = await get(developer, '/api/v1/usage?from=2026-01-31&to=2026-03-15&granularity=day');
    expect(daily.body).toEqual({
      periods: [usage('2026-01-31', 2), usage('2026-02-01', 1), usage('2026-03-15', 1)],
    });
    const monthly = await get(developer, '/api/v1/usage?from=2026-01-01&to=2026-02-28&granularity=month');
    expect(monthly.body).toEqual({ periods: [usage('2026-01-01', 3), usage('2026-02-01', 1)] });
    // The first and last months count only the days asked for.
    const partial = await get(developer, '/api/v1/usage?from=2026-01-31&to=2026-03-14&granularity=month');
    expect(partial.body).toEqual({ periods: [usage('2026-01-01', 2), usage('2026-02-01', 1)] });
  });

  it('takes up to 366 days and refuses bad ranges and dates with 422 naming the field', async () => {
    const developer = await createDeveloper(app);
    expect((await get(developer, '/api/v1/usage?from=2024-01-01&to=2024-12-31')).status).toBe(200);
    expectValidationIssue(await get(developer, '/api/v1/usage?from=2025-01-01&to=2026-01-02'), 'to');
    expectValidationIssue(await get(developer, '/api/v1/usage?from=2026-03-02&to=2026-03-01'), 'to');
    expectValidationIssue(await get(developer, '/api/v1/usage?from=2026-02-29&to=2026-03-01'), 'from');
    expectValidationIssue(await get(developer, '/api/v1/usage?from=2026-03-01&to=2026-3-2'), 'to');
    expectValidationIssue(await get(developer, '/api/v1/usage?from=yesterday&to=2026-03-01'), 'from');
    expectValidationIssue(await get(developer, '/api/v1/usage?to=2026-03-01'), 'from');
    expectValidationIssue(await get(developer, '/api/v1/usage?from=2026-03-01&to=2026-03-01&granularity=week'), 'granularity');
  });
});

describe('billing reads: authorization and isolation', () => {
  const routes = ['/api/v1/balance', '/api/v1/ledger', `/api/v1/usage?from=2026-01-01&to=2026-01-31`];

  it('needs a token (401) holding billing:read (403)', async () => {
    const developer = await createDeveloper(app);
    const withoutBilling = await tokenWithScopes(app, developer.workspaceId, ['messages:write', 'messages:read', 'mcp:execute']);
    const billingOnly = await tokenWithScopes(app, developer.workspaceId, ['billing:read']);
    for (const route of routes) {
      const anonymous = await get(undefined, route);
      expect(anonymous.status, route).toBe(401);
      expect(anonymous.body.error.code).toBe('unauthorized');
      const forbidden = await get(withoutBilling, route);
      expect(forbidden.status, route).toBe(403);
      expect(forbidden.body.error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('billing:read') });
      expect((await get(billingOnly, route)).status, route).toBe(200);
    }
  });

  it("shows a workspace nothing of another's balance, ledger or usage, and refuses its cursors", async () => {
    const { developer: owner } = await activeWorkspace();
    const stranger = await createDeveloper(app);
    const day = today();
    expect((await get(stranger, '/api/v1/balance')).body).toMatchObject({ balance_cents: 0, spend_today_cents: 0 });
    expect((await get(stranger, '/api/v1/ledger')).body).toEqual({ entries: [], next_cursor: null });
    expect((await get(stranger, `/api/v1/usage?from=${day}&to=${day}`)).body).toEqual({ periods: [] });
    const page = await get(owner, '/api/v1/ledger?limit=1');
    expect(page.body.next_cursor).toEqual(expect.any(String));
    expectValidationIssue(await get(stranger, `/api/v1/ledger?cursor=${encodeURIComponent(page.body.next_cursor)}`), 'cursor');
  });
});

describe('billing reads over MCP', () => {
  it('get_balance, list_ledger_entries and get_usage answer as the routes do', async () => {
    const { developer } = await activeWorkspace();
    const token = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'mcp:execute', 'billing:read']);
    const agent = await connectMcp(app, token, { toolsets: 'billing' });
    try {
      const tool = async (name: string, args: Record<string, unknown> = {}) =>
        (await agent.callTool({ name, arguments: args })) as CallToolResult;
      const tools = (await agent.listTools()).tools.filter((item) =>
        ['get_balance', 'list_ledger_entries', 'get_usage'].includes(item.name),
      );
      expect(tools.map((item) => item.annotations?.readOnlyHint)).toEqual([true, true, true]);

      const balance = await tool('get_balance');
      expect(balance.isError).toBeFalsy();
      expect(balance.structuredContent).toEqual((await get(developer, '/api/v1/balance')).body);
      const ledger = await tool('list_ledger_entries', { kind: 'send_refund' });
      expect(ledger.structuredContent).toEqual((await get(developer, '/api/v1/ledger?kind=send_refund')).body);
      const day = today();
      const usage = await tool('get_usage', { from: day, to: day, granularity: 'month' });
      expect(usage.structuredContent).toEqual(
        (await get(developer, `/api/v1/usage?from=${day}&to=${day}&granularity=month`)).body,
      );

      const inverted = await tool('get_usage', { from: '2026-03-02', to: '2026-03-01' });
      expect(inverted.isError).toBe(true);
      expect(toolError(inverted)).toMatchObject({ code: 'validation_failed', issues: [expect.objectContaining({ path: 'to' })] });
      const unknownKind = await tool('list_ledger_entries', { kind: 'bonus' });
      expect(unknownKind.isError).toBe(true);
      expect(toolError(unknownKind)).toMatchObject({ code: 'validation_failed' });
    } finally {
      await agent.close();
    }

    // On /mcp, tools/call needs mcp:execute and the route's scope too: billing:read.
    const executor = await connectMcp(app, await tokenWithScopes(app, developer.workspaceId, ['mcp:execute']));
    try {
      const refused = (await executor.callTool({ name: 'get_balance', arguments: {} })) as CallToolResult;
      expect(toolError(refused)).toMatchObject({ code: 'unauthorized', message: 'This token lacks the billing:read scope.' });
    } finally {
      await executor.close();
    }
    const reader = await connectMcp(app, await tokenWithScopes(app, developer.workspaceId, ['mcp:execute', 'billing:read']));
    try {
      const balance = (await reader.callTool({ name: 'get_balance', arguments: {} })) as CallToolResult;
      expect(balance.isError).toBeFalsy();
      expect(balance.structuredContent).toMatchObject({ balance_cents: FUNDING_CENTS - 2 * price });
    } finally {
      await reader.close();
    }
  });
});

describe.skipIf(!scaledMode)('billing query plans on PostgreSQL', () => {
  it('reads ledger pages and a month of usage from indexes, never a sequential scan', async () => {
    const developer = await createDeveloper(app);
    const other = await createDeveloper(app);
    const { workspaceId } = developer;
    // A year of rows over two workspaces, mostly send debits as in a sending workspace, enough for the planner to care.
    await app.services.sql.query(
      `INSERT INTO messages (id, workspace_id, phone_number, body, segments, cost_cents, status, source, created_at, updated_at)
       SELECT 'msg_bplan_' || n, CASE WHEN n % 2 = 0 THEN $1 ELSE $2 END, '+14155550100', 'hello', 1, 2,
              (ARRAY['queued','sending','sent','delivered','failed'])[1 + n % 5], 'api',
              now() - make_interval(mins => n * 13), now()
       FROM generate_series(1, 40000) AS n`,
      [workspaceId, other.workspaceId],
    );
    await app.services.sql.query(
      `INSERT INTO inbound_messages (id, workspace_id, conversation_id, from_number, to_number, body, created_at)
       SELECT 'inb_bplan_' || n, CASE WHEN n % 2 = 0 THEN $1 ELSE $2 END, 'cnv_bplan', '+14155550100', '+12065550100', 'hi',
              now() - make_interval(mins => n * 53)
       FROM generate_series(1, 10000) AS n`,
      [workspaceId, other.workspaceId],
    );
    await app.services.sql.query(
      `INSERT INTO ledger_entries (id, workspace_id, amount_cents, kind, reference, balance_after_cents, created_at)
       SELECT 'led_bplan_' || n, CASE WHEN n % 2 = 0 THEN $1 ELSE $2 END, -2,
              CASE WHEN n % 40 = 0 THEN 'send_refund' WHEN n % 997 = 0 THEN 'funding_credit' ELSE 'send_debit' END,
              'bplan_' || n, 0, now() - make_interval(mins => n * 13)
       FROM generate_series(1, 40000) AS n`,
      [workspaceId, other.workspaceId],
    );
    for (const table of ['messages', 'inbound_messages', 'ledger_entries']) await app.services.sql.query(`ANALYZE ${table}`, []);

    const after = { createdAt: new Date(Date.now() - 30 * 86_400_000), id: 'led_bplan_1' };
    const month = { from: new Date(Date.now() - 40 * 86_400_000), to: new Date(Date.now() - 10 * 86_400_000) };
    for (const kind of [undefined, ...ledgerEntryKinds]) {
      for (const filter of [{ kind }, { kind, ...month }]) {
        for (const keyset of [undefined, after]) {
          const text = await planOf(app.services.sql, ledgerListStatement(workspaceId, filter, keyset, 26));
          expect(text, `${JSON.stringify({ filter, keyset })}\n${text}`).not.toMatch(/Seq Scan/);
          expect(text, `${JSON.stringify({ filter, keyset })}\n${text}`).toMatch(/Index (Only )?Scan/);
        }
      }
    }
    for (const granularity of ['day', 'month'] as const) {
      const text = await planOf(app.services.sql, {
        text: usagePerPeriod.text,
        values: [workspaceId, month.from.toISOString(), month.to.toISOString(), granularity],
      });
      expect(text, `${granularity}\n${text}`).not.toMatch(/Seq Scan/);
      expect(text.match(/Index (Only )?Scan|Bitmap Index Scan/g)?.length ?? 0, text).toBeGreaterThanOrEqual(3);
    }
  });
});
