import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto.ts';
import { call, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes } from './mcp-support.ts';
import { recipient, send, sendingWorkspace, sms } from './sending-support.ts';

let app: TestApp;
let price: number;
beforeAll(async () => {
  // Without workers messages stay queued, so what a send wrote is not racing dispatch.
  app = await startTestApp({}, { startJobs: false });
  price = app.config.pricePerSegmentCents;
});
afterAll(async () => {
  await app.close();
});

function preview(token: string | undefined, body: Record<string, unknown>) {
  return call(app, 'POST', '/api/v1/messages/preview', { ...(token === undefined ? {} : { token }), body });
}

async function suppress(workspaceId: string, phoneNumber: string) {
  await app.services.prisma.workspaceSuppression.create({
    data: { id: newId('sup'), workspaceId, phoneNumber, active: true, source: 'operator' },
  });
}

/** Everything a send writes, to show a preview wrote none of it. */
async function footprint(workspaceId: string) {
  const { prisma } = app.services;
  return {
    workspace: await prisma.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      select: { balanceCents: true, spendDay: true, spendTodayCents: true },
    }),
    messages: await prisma.message.count({ where: { workspaceId } }),
    ledger: await prisma.ledgerEntry.count({ where: { workspaceId } }),
    jobs: await prisma.job.count({ where: { queue: 'dispatch' } }),
    sticky: await prisma.recipientSender.findMany({ where: { workspaceId } }),
    numbers: await prisma.phoneNumber.findMany({ where: { workspaceId }, select: { id: true, lastUsedAt: true } }),
  };
}

describe('POST /api/v1/messages/preview', () => {
  it('answers what the send would do, and the send then does it', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000, spendCapCents: 10 * price, numbers: 2 });
    const response = await preview(developer.token, sms());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      preview: {
        kind: 'sms',
        body: sms().body,
        encoding: 'gsm7',
        segments: 1,
        characters: 20,
        cost_cents: price,
        ucs2_characters: [],
        smart_encoding: {
          applied: false,
          replacements: [],
          with: { encoding: 'gsm7', segments: 1, cost_cents: price },
          without: { encoding: 'gsm7', segments: 1, cost_cents: price },
        },
        sender_number: developer.senders[0]!.number,
        estimated_send_at: new Date(app.clock.now()).toISOString(),
        balance_cents: 1_000,
        spend_remaining_today_cents: 10 * price,
        verdict: 'accept',
        error: null,
        blockers: [],
      },
    });
    const sent = await send(app, developer.token, sms());
    expect(sent.status).toBe(202);
    const message = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
    expect(message).toMatchObject({ senderNumber: developer.senders[0]!.number, costCents: price, segments: 1 });

    const after = await preview(developer.token, sms({ body: 'a'.repeat(161) }));
    expect(after.body.preview).toMatchObject({
      segments: 2,
      characters: 161,
      cost_cents: 2 * price,
      sender_number: developer.senders[0]!.number,
      balance_cents: 1_000 - price,
      spend_remaining_today_cents: 9 * price,
      verdict: 'accept',
    });
    const named = await preview(developer.token, sms({ from: developer.senders[1]!.number }));
    expect(named.body.preview).toMatchObject({ sender_number: developer.senders[1]!.number, verdict: 'accept' });
  });

  it('never sends, debits, records a sender nor takes from the send rate limit', async () => {
    // The starter tier's bucket holds one send.
    const developer = await sendingWorkspace(app, { tier: 'starter', balanceCents: 1_000 });
    const before = await footprint(developer.workspaceId);
    const scheduled = await preview(developer.token, sms({ send_at: new Date(app.clock.now() + 3_600_000).toISOString() }));
    expect(scheduled.body.preview.verdict).toBe('accept');
    for (let index = 0; index < 5; index += 1) {
      const response = await preview(developer.token, sms({ idempotency_key: `preview-${index}`, metadata: { index } }));
      expect(response.status).toBe(200);
      expect(response.body.preview.verdict).toBe('accept');
    }
    expect(await footprint(developer.workspaceId)).toEqual(before);
    expect((await send(app, developer.token, sms())).status).toBe(202);
    // The bucket is empty now; a preview still answers.
    expect((await send(app, developer.token, sms())).status).toBe(429);
    const afterLimit = await preview(developer.token, sms());
    expect(afterLimit.status).toBe(200);
    expect(afterLimit.body.preview.verdict).toBe('accept');
  });

  // PGlite serves one connection, so only PostgreSQL can hold the row elsewhere while the preview runs.
  it.runIf(scaledMode)('answers while a send holds the workspace row: a preview takes no lock', async () => {
    const developer = await sendingWorkspace(app);
    const holder = new pg.Client({ connectionString: app.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      // The lock accept_message_batch takes for a send.
      await holder.query('SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [developer.workspaceId]);
      const blocked = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5_000).unref());
      const response = await Promise.race([preview(developer.token, sms()), blocked]);
      expect(response).not.toBe('blocked');
      expect(response).toMatchObject({ status: 200, body: { preview: { verdict: 'accept' } } });
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });

  it('names the characters that force UCS-2, by code point, emoji whole', async () => {
    const developer = await sendingWorkspace(app);
    const curly = await preview(developer.token, sms({ body: 'It’s ready' }));
    expect(curly.body.preview).toMatchObject({
      encoding: 'ucs2',
      segments: 1,
      characters: 10,
      ucs2_characters: [{ character: '’', index: 2 }],
    });
    const straight = await preview(developer.token, sms({ body: "It's ready" }));
    expect(straight.body.preview).toMatchObject({ encoding: 'gsm7', ucs2_characters: [] });

    // 71 characters: two UCS-2 segments with the curly quote, one GSM-7 segment without it.
    const long = `${'a'.repeat(30)}’${'b'.repeat(40)}`;
    const longCurly = await preview(developer.token, sms({ body: long }));
    expect(longCurly.body.preview).toMatchObject({ encoding: 'ucs2', segments: 2, cost_cents: 2 * price });
    const fixed = await preview(developer.token, sms({ body: long.replace('’', "'") }));
    expect(fixed.body.preview).toMatchObject({ encoding: 'gsm7', segments: 1, cost_cents: price });

    const body = 'Hi 😀 and ’ok’ 👍🏽!';
    const emoji = await preview(developer.token, sms({ body }));
    expect(emoji.body.preview).toMatchObject({
      encoding: 'ucs2',
      characters: Array.from(body).length,
      ucs2_characters: [
        { character: '😀', index: 3 },
        { character: '’', index: 9 },
        { character: '’', index: 12 },
        { character: '👍', index: 14 },
        { character: '🏽', index: 15 },
      ],
    });
    for (const { character, index } of emoji.body.preview.ucs2_characters) expect(Array.from(body)[index]).toBe(character);

    // The extension table's characters are GSM-7 (two septets each), not UCS-2.
    const euro = await preview(developer.token, sms({ body: 'Price: 5€ [tax]' }));
    expect(euro.body.preview).toMatchObject({ encoding: 'gsm7', characters: 15, ucs2_characters: [] });
  });

  it('answers each refusal as the verdict the send gets, with its fix and retry, in the send’s order', async () => {
    const cases: { name: string; setup: () => Promise<{ token: string; body?: Record<string, unknown> }>; status: number }[] = [
      {
        name: 'insufficient_balance',
        setup: async () => sendingWorkspace(app, { balanceCents: 0 }),
        status: 402,
      },
      {
        name: 'workspace_suppressed',
        setup: async () => {
          // Also without a number or balance: suppression is checked first.
          const developer = await sendingWorkspace(app, { balanceCents: 0, numbers: 0 });
          await suppress(developer.workspaceId, recipient);
          return developer;
        },
        status: 403,
      },
      {
        name: 'branded_number_missing',
        setup: async () => sendingWorkspace(app, { balanceCents: 0, numbers: 0 }),
        status: 422,
      },
      {
        name: 'sender_number_not_found',
        setup: async () => {
          const developer = await sendingWorkspace(app);
          const other = await sendingWorkspace(app);
          return { token: developer.token, body: { from: other.senders[0]!.number } };
        },
        status: 422,
      },
      {
        name: 'spend_limit_exceeded',
        setup: async () => {
          const developer = await sendingWorkspace(app, { spendCapCents: price });
          expect((await send(app, developer.token, sms())).status).toBe(202);
          return developer;
        },
        status: 402,
      },
      {
        name: 'idempotency_conflict',
        setup: async () => {
          const developer = await sendingWorkspace(app);
          expect((await send(app, developer.token, sms({ idempotency_key: 'k1' }))).status).toBe(202);
          return { token: developer.token, body: { idempotency_key: 'k1', body: 'Another text' } };
        },
        status: 409,
      },
    ];
    for (const { name, setup, status } of cases) {
      const { token, body = {} } = await setup();
      const previewed = await preview(token, sms(body));
      expect(previewed.status, name).toBe(200);
      const { verdict, error } = previewed.body.preview;
      expect(verdict, name).toBe(name);
      expect(error, name).toMatchObject({
        code: name,
        message: expect.any(String),
        fix: expect.any(String),
        retry: expect.any(String),
      });
      // The send itself answers the same error.
      const sent = await send(app, token, sms(body));
      expect(sent.status, name).toBe(status);
      const sentCode = typeof sent.body.error === 'string' ? sent.body.error : sent.body.error.code;
      expect(sentCode, name).toBe(name);
      if (typeof sent.body.error === 'object') expect(error, name).toEqual(sent.body.error);
    }
  });

  it('reports how far short the balance is, and a spend cap already used up as nothing remaining', async () => {
    const poor = await sendingWorkspace(app, { balanceCents: price });
    const short = await preview(poor.token, sms({ body: 'a'.repeat(161) }));
    expect(short.body.preview).toMatchObject({
      balance_cents: price,
      verdict: 'insufficient_balance',
      error: {
        code: 'insufficient_balance',
        balance_cents: price,
        required_cents: 2 * price,
        fund_with: { route: 'POST /api/v1/onboarding/funding-invoices', mcp_tool: 'create_funding_invoice' },
        retry: 'retry_after_funding_paid',
      },
    });
    const capped = await sendingWorkspace(app, { spendCapCents: price });
    await send(app, capped.token, sms());
    const spent = await preview(capped.token, sms());
    expect(spent.body.preview).toMatchObject({ spend_remaining_today_cents: 0, verdict: 'spend_limit_exceeded' });
    expect(spent.body.preview.error.retry).toBe('retry_after_spend_available');
  });

  it('answers replay for a request its idempotency key already sent', async () => {
    const developer = await sendingWorkspace(app);
    expect((await send(app, developer.token, sms({ idempotency_key: 'again' }))).status).toBe(202);
    const response = await preview(developer.token, sms({ idempotency_key: 'again' }));
    expect(response.body.preview).toMatchObject({ verdict: 'replay', error: null });
  });

  it('answers 422 naming the field for a request the send would refuse as invalid', async () => {
    const developer = await sendingWorkspace(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ body: 'hi' }, 'phone_number'],
      [sms({ phone_number: '+1415555012' }), 'phone_number'],
      [sms({ body: '' }), 'body'],
      [sms({ body: 'x'.repeat(1_601) }), 'body'],
      [sms({ from: 'not a number' }), 'from'],
      [sms({ send_at: new Date(app.clock.now() - 60_000).toISOString() }), 'send_at'],
      [sms({ send_at: 'tomorrow' }), 'send_at'],
      [sms({ surprise: true }), ''],
    ];
    for (const [body, field] of cases) {
      const response = await preview(developer.token, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(response.body.error.code).toBe('validation_failed');
      if (field) expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    }
  });

  it('answers 401 without a token and 403 without messages:write', async () => {
    expect((await preview(undefined, sms())).status).toBe(401);
    const developer = await sendingWorkspace(app);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['messages:read']);
    const response = await preview(readOnly, sms());
    expect(response.status).toBe(403);
  });

  it('is the preview_message tool over MCP, with the arguments of send_message', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 0 });
    const client = await connectMcp(app, developer.token);
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((candidate) => candidate.name === 'preview_message');
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      const result = await client.callTool({
        name: 'preview_message',
        arguments: { phone_number: recipient, body: 'It’s ready 😀', from: developer.senders[0]!.number },
      });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        preview: {
          encoding: 'ucs2',
          ucs2_characters: [
            { character: '’', index: 2 },
            { character: '😀', index: 11 },
          ],
          sender_number: developer.senders[0]!.number,
          balance_cents: 0,
          verdict: 'insufficient_balance',
          error: { code: 'insufficient_balance', fund_with: { mcp_tool: 'create_funding_invoice' } },
        },
      });
      expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
    } finally {
      await client.close();
    }
  });
});
