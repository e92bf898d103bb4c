import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenByHash } from '../src/auth/authenticator.sql.ts';
import { ledgerListStatement } from '../src/domain/billing/ledger-entries.ts';
import { conversationStatement, latestReplyFirst } from '../src/domain/conversations/conversations.ts';
import { recordEventForSubscribers } from '../src/domain/customer-webhooks/events.sql.ts';
import { acceptBatch, dryRun } from '../src/domain/messages/accept-queue.sql.ts';
import { latestTestSms } from '../src/domain/onboarding.sql.ts';
import { messageOfEvent } from '../src/domain/reconciliation/messaging-events.sql.ts';
import { claimForDispatch } from '../src/domain/messages/dispatch.sql.ts';
import { inboundById, outboundById } from '../src/domain/messages/get.sql.ts';
import { messageListStatement } from '../src/domain/messages/history.ts';
import { acceptParametersOf, type Sender, type SendRequest } from '../src/domain/messages/send.ts';
import { newId, sha256Hex } from '../src/lib/crypto.ts';
import { storeMany, storeOne } from '../src/provider-callbacks/event-store.sql.ts';
import { closeStarted, scaledMode, startTestApp, type TestApp } from './harness.ts';
import {
  openPlanRecorder,
  planOf,
  type PlanCacheMode,
  type PlannedStatement,
  type PlanRecorder,
  sequentiallyScanned,
} from './query-plan-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/** The two ways a prepared statement's plan is cached; a hot statement must read only indexes in both. */
const modes: PlanCacheMode[] = ['force_custom_plan', 'force_generic_plan'];

/** Fails naming each sequentially scanned table, with the plans it was found in. */
function expectIndexedOnly(what: string, plans: string[]) {
  expect(plans.length, `${what}: no plan was reported`).toBeGreaterThan(0);
  const scanning = plans.filter((plan) => sequentiallyScanned(plan).length > 0);
  expect.soft(scanning.flatMap(sequentiallyScanned), `${what}\n${scanning.join('\n\n')}`).toEqual([]);
}

type StatementPlanCheck = (what: string, statement: PlannedStatement) => Promise<void>;

/** A plain statement: its plan for these values (EXPLAIN), and the generic plan it is run with once cached. */
async function checkStatementPlans(app: TestApp, recorder: PlanRecorder, what: string, statement: PlannedStatement) {
  const custom = await planOf(app.services.sql, statement);
  expectIndexedOnly(`${what} (custom plan)`, [custom]);
  expect(custom, what).toMatch(/Index (Only )?Scan/);
  const generic = await recorder.plansOf('force_generic_plan', (client) => client.query(statement.text, statement.values));
  expectIndexedOnly(`${what} (generic plan)`, generic);
}

/** A provider event as the event store takes it in a batch (storeMany). */
function providerEvent(provider: string, externalId: string, eventType = 'message.delivered') {
  return {
    id: randomUUID(),
    provider,
    event_type: eventType,
    external_id: externalId,
    payload: { message_id: 'prov_plan_9' },
    received_at: new Date(),
    job_id: newId('job'),
    job_run_at: new Date(),
  };
}

/** storeOne for a new event and a stored one, and storeMany for a batch holding both. */
async function expectProviderEventsStoredByIndex(check: StatementPlanCheck, provider: string, storedIds: [string, string]) {
  for (const externalId of [`evt_new_${randomUUID()}`, storedIds[0]]) {
    const one = providerEvent(provider, externalId, 'message.failed');
    await check(`storeOne ${externalId}`, {
      text: storeOne.text,
      values: [
        one.id,
        provider,
        one.event_type,
        externalId,
        JSON.stringify(one.payload),
        one.received_at,
        one.job_id,
        one.job_run_at,
      ],
    });
  }
  const batch = [
    providerEvent(provider, `evt_new_${randomUUID()}`),
    providerEvent(provider, storedIds[1], 'message.sent'),
    providerEvent(provider, `evt_new_${randomUUID()}`),
  ];
  await check('storeMany', { text: storeMany.text, values: [JSON.stringify(batch)] });
}

/**
 * The statements every send, message read, authenticated request and provider event runs, on a
 * database large enough that the planner prefers an index only where one fits: each must find its
 * rows through an index, whichever way its plan is cached. Every table they read grows with use,
 * and each is filled here, so none is exempt from the check.
 */
describe.skipIf(!scaledMode)('hot statement plans on PostgreSQL', () => {
  let app: TestApp;
  let recorder: PlanRecorder;
  let workspace: Awaited<ReturnType<typeof sendingWorkspace>>;
  let provider: string;

  beforeAll(async () => {
    app = await startTestApp({}, { startJobs: false });
    recorder = await openPlanRecorder(app.config.databaseUrl!);
    provider = app.services.inboundWebhooks.messaging.provider;
    workspace = await sendingWorkspace(app, { numbers: 3 });
    const other = await sendingWorkspace(app);
    const { workspaceId } = workspace;
    const sql = (text: string, values: unknown[] = []) => app.services.sql.query(text, values);

    // Many accounts, each with a workspace, numbers and tokens, as the tables look after a while in production.
    await sql(
      `INSERT INTO accounts (id, username, username_lower, password_hash)
       SELECT gen_random_uuid(), 'plan_' || n, 'plan_' || n, 'x' FROM generate_series(1, 3000) AS n`,
    );
    await sql(
      `INSERT INTO workspaces (id, account_id)
       SELECT 'wks_plan_' || row_number() OVER (), id FROM accounts WHERE username LIKE 'plan\\_%'`,
    );
    await sql(
      `INSERT INTO phone_numbers (id, workspace_id, number, provider, status, last_used_at)
       SELECT 'pn_plan_' || n, 'wks_plan_' || (1 + n % 3000), '+1303' || lpad(n::text, 7, '0'), 'sandbox',
              CASE WHEN n % 10 = 0 THEN 'released' ELSE 'connected' END, now() - make_interval(mins => n)
       FROM generate_series(1, 6000) AS n`,
    );
    await sql(
      `INSERT INTO access_tokens (id, workspace_id, token_hash, origin, scopes, expires_at)
       SELECT 'tok_plan_' || n, CASE WHEN n % 10 = 0 THEN $1 ELSE 'wks_plan_' || (1 + n % 3000) END, 'plan_hash_' || n,
              'api_key', ARRAY['messages:read', 'messages:write'], now() + interval '90 days'
       FROM generate_series(1, 20000) AS n`,
      [workspaceId],
    );
    // A brand, a use case and a sender pool (every other one the default) for each of those workspaces.
    await sql(
      `INSERT INTO brands (id, workspace_id, legal_name, country, tax_id, entity_type, vertical, website, support_email,
                           support_phone, status)
       SELECT 'brd_plan_' || n, 'wks_plan_' || n, 'Plan ' || n, 'US', '12-345678' || n, 'private_company', 'technology',
              'https://example.com', 'help@example.com', '+14155550100', 'verified'
       FROM generate_series(1, 3000) AS n`,
    );
    await sql(
      `INSERT INTO use_cases (id, workspace_id, brand_id, use_case, description, sample_messages, message_flow,
                              help_message, opt_out_message, has_links, has_phone_numbers, status)
       SELECT 'ucs_plan_' || n, 'wks_plan_' || n, 'brd_plan_' || n,
              (ARRAY['marketing','two_factor_auth','account_notifications'])[1 + n % 3], 'plan', ARRAY['a', 'b'], 'web form',
              'help', 'stop', false, false, 'approved'
       FROM generate_series(1, 3000) AS n`,
    );
    await sql(
      `INSERT INTO sender_pools (id, workspace_id, name, is_default)
       SELECT 'spl_plan_' || n, 'wks_plan_' || (1 + n % 3000), 'Pool ' || n, n % 2 = 0 FROM generate_series(1, 3000) AS n`,
    );
    // A delegated token with a daily cap, created from a capped token: a send by it reads both caps.
    await sql(
      `INSERT INTO access_tokens (id, workspace_id, token_hash, origin, scopes, expires_at, parent_token_id, spend_cap_cents_daily)
       VALUES ('tok_plan_parent', $1, 'plan_hash_parent', 'api_key', '{}', now() + interval '90 days', NULL, 5000),
              ('tok_plan_child', $1, 'plan_hash_child', 'delegated', '{}', now() + interval '90 days', 'tok_plan_parent', 1000)`,
      [workspaceId],
    );
    // 30,000 messages of the workspace and 10,000 of another, in every status, most with a provider id.
    await sql(
      `INSERT INTO messages (id, workspace_id, phone_number, body, segments, cost_cents, status, sender_number_id, sender_number,
                             idempotency_key, provider_message_id, source, created_at, updated_at)
       SELECT 'msg_plan_' || n, CASE WHEN n % 4 = 0 THEN $2 ELSE $1 END, '+1415555' || lpad((n % 5000)::text, 4, '0'), 'hello', 1, 2,
              (ARRAY['queued','sending','sent','delivered','failed','scheduled','canceled'])[1 + n % 7], $3, $4,
              CASE WHEN n % 2 = 0 THEN 'plan-' || n END, CASE WHEN n % 7 IN (2, 3, 4) THEN 'prov_plan_' || n END, 'api',
              now() - make_interval(secs => n), now() - make_interval(secs => n)
       FROM generate_series(1, 40000) AS n`,
      [workspaceId, other.workspaceId, workspace.senders[0]!.id, workspace.senders[0]!.number],
    );
    // Approvals of a tenth of them, as a workspace with agents under approval rules accumulates them.
    await sql(
      `INSERT INTO approvals (id, workspace_id, message_id, token_id, status, expires_at)
       SELECT 'apr_plan_' || n, CASE WHEN n % 4 = 0 THEN $2 ELSE $1 END, 'msg_plan_' || n, 'tok_plan_child',
              (ARRAY['pending','approved','rejected','expired'])[1 + n % 4], now() + interval '1 hour'
       FROM generate_series(10, 40000, 10) AS n`,
      [workspaceId, other.workspaceId],
    );
    await sql(
      `INSERT INTO inbound_messages (id, workspace_id, conversation_id, from_number, to_number, body, provider_message_id, created_at)
       SELECT 'inb_plan_' || n, CASE WHEN n % 4 = 0 THEN $2 ELSE $1 END, 'cnv_plan', '+1415555' || lpad((n % 5000)::text, 4, '0'),
              $3, 'hi', 'prov_in_plan_' || n, now() - make_interval(secs => n)
       FROM generate_series(1, 10000) AS n`,
      [workspaceId, other.workspaceId, workspace.senders[0]!.number],
    );
    // 5,000 conversations, one per recipient, their replies in inbound_messages above.
    await sql(
      `INSERT INTO conversations (id, workspace_id, phone_number, sender_number, last_message_at)
       SELECT 'cnv_plan_' || n, $1, '+1415555' || lpad(n::text, 4, '0'), $2, now() - make_interval(secs => n)
       FROM generate_series(0, 4999) AS n`,
      [workspaceId, workspace.senders[0]!.number],
    );
    // The sender each of 4,000 recipients got before (sticky senders), spread over the workspace's numbers.
    await sql(
      `INSERT INTO recipient_senders (workspace_id, phone_number, phone_number_id)
       SELECT $1, '+1415555' || lpad(n::text, 4, '0'), ($2::text[])[1 + n % 3] FROM generate_series(1, 4000) AS n`,
      [workspaceId, workspace.senders.map((sender) => sender.id)],
    );
    await sql(
      `INSERT INTO workspace_suppressions (id, workspace_id, phone_number, active, source)
       SELECT 'sup_plan_' || n, CASE WHEN n % 4 = 0 THEN $2 ELSE $1 END, '+1312555' || lpad(n::text, 4, '0'), n % 7 <> 0, 'provider_event'
       FROM generate_series(1, 4000) AS n`,
      [workspaceId, other.workspaceId],
    );
    await sql(
      `INSERT INTO ledger_entries (id, workspace_id, amount_cents, kind, reference, message_id, balance_after_cents, created_at)
       SELECT 'led_plan_' || n, CASE WHEN n % 4 = 0 THEN $2 ELSE $1 END, -2, 'send_debit', 'send_debit:msg_plan_' || n,
              'msg_plan_' || n, 0, now() - make_interval(secs => n)
       FROM generate_series(1, 40000) AS n`,
      [workspaceId, other.workspaceId],
    );
    await sql(
      `INSERT INTO provider_events (id, provider, event_type, external_id, payload, status, message_id, received_at)
       SELECT gen_random_uuid(), $1, (ARRAY['message.sent','message.delivered','message.failed'])[1 + n % 3], 'evt_plan_' || n,
              '{}', 'processed', 'msg_plan_' || n, now() - make_interval(secs => n)
       FROM generate_series(1, 30000) AS n`,
      [provider],
    );
    await sql(
      `INSERT INTO jobs (id, queue, payload, status, run_at)
       SELECT 'job_plan_' || n, 'dispatch', jsonb_build_object('messageId', 'msg_plan_' || n), 'done', now() - make_interval(secs => n)
       FROM generate_series(1, 30000) AS n`,
    );
    // 3,000 webhook endpoints, one per workspace, half of them subscribed to message.delivered only.
    await sql(
      `INSERT INTO webhook_endpoints (id, workspace_id, url, description, event_types, enabled, secret, updated_at)
       SELECT 'we_plan_' || n, 'wks_plan_' || n, 'https://example.com/hook', '',
              CASE WHEN n % 2 = 0 THEN ARRAY['message.delivered'] ELSE '{}' END, n % 5 <> 0, 'whsec_plan', now()
       FROM generate_series(1, 3000) AS n`,
    );
    await sql('ANALYZE');
  });

  afterAll(async () => {
    // The recorder's session ends first: closing the app drops the database, cutting off sessions still on it.
    await closeStarted(recorder);
    await closeStarted(app);
  });

  const expectStatementIndexed: StatementPlanCheck = (what, statement) => checkStatementPlans(app, recorder, what, statement);

  it('reads a message by its id from the primary key, sent or received', async () => {
    const { workspaceId } = workspace;
    await expectStatementIndexed('outboundById', { text: outboundById.text, values: ['msg_plan_41', workspaceId] });
    await expectStatementIndexed('inboundById', { text: inboundById.text, values: ['inb_plan_41', workspaceId] });
  });

  it('claims a message for dispatch by its id, checking suppressions and the sender by index', async () => {
    const at = new Date().toISOString();
    for (const id of ['msg_plan_41', 'msg_plan_missing']) {
      await expectStatementIndexed(`claimForDispatch ${id}`, { text: claimForDispatch.text, values: [id, at, true] });
    }
  });

  it('lists messages by recipient and by status through the keyset indexes, first page and next', async () => {
    const { workspaceId } = workspace;
    const after = { createdAt: new Date(Date.now() - 3_600_000), id: 'msg_plan_3600' };
    for (const filter of [{ phone_number: '+14155550041' }, { status: 'delivered' as const }]) {
      for (const keyset of [undefined, after]) {
        await expectStatementIndexed(
          `messageListStatement ${JSON.stringify({ filter, keyset })}`,
          messageListStatement(workspaceId, filter, keyset, 26)!,
        );
      }
    }
  });

  it('lists conversations, looking up latest messages, counts and suppressions for the page alone, by index', async () => {
    const { workspaceId } = workspace;
    await expectStatementIndexed('conversation list', {
      text: conversationStatement('c.workspace_id = $1', latestReplyFirst, '26'),
      values: [workspaceId],
    });
    await expectStatementIndexed('conversation list, next page', {
      text: conversationStatement('c.workspace_id = $1 AND (c.last_message_at, c.id) < ($2, $3)', latestReplyFirst, '26'),
      values: [workspaceId, new Date(Date.now() - 60_000), 'cnv_plan_60'],
    });
    await expectStatementIndexed('conversation by id', {
      text: conversationStatement('c.id = $1 AND c.workspace_id = $2', '', '1'),
      values: ['cnv_plan_41', workspaceId],
    });
  });

  it('finds the message of a carrier event by either id, and the endpoints an event goes to, by index', async () => {
    const stored = await app.services.sql.query<{ id: string }>(
      "SELECT id::text AS id FROM provider_events WHERE external_id = 'evt_plan_7'",
      [],
    );
    const eventId = stored[0]!.id;
    // A delivery also ends its sender's run of carrier errors, by the number's primary key.
    for (const [ids, providerMessageId, delivered] of [
      [['msg_plan_41'], null, false],
      [['msg_plan_41', 'prov_plan_44'], 'prov_plan_44', true],
    ] as const) {
      await expectStatementIndexed(`messageOfEvent ${ids.join(', ')}`, {
        text: messageOfEvent.text,
        values: [[...ids], providerMessageId, eventId, delivered],
      });
    }
    await expectStatementIndexed('recordEventForSubscribers', {
      text: recordEventForSubscribers.text,
      values: [newId('evt'), 'wks_plan_42', 'message.delivered', '{}', new Date()],
    });
  });

  it('finds the onboarding test SMS through its own index, not among every message sent', async () => {
    await expectStatementIndexed('latestTestSms', { text: latestTestSms.text, values: [workspace.workspaceId] });
  });

  // The status list is left out: whether PostgreSQL prefers its generic plan depends on how the
  // statuses are spread (it does on the bench's large fixture, not on this table).
  it('runs the lists with their generic plans once prepared, rather than planning them on every execution', async () => {
    const { workspaceId } = workspace;
    const lists: Record<string, PlannedStatement> = {
      'messages by recipient': messageListStatement(workspaceId, { phone_number: '+14155550041' }, undefined, 26)!,
      conversations: {
        text: conversationStatement('c.workspace_id = $1', latestReplyFirst, '26'),
        values: [workspaceId],
      },
      ledger: ledgerListStatement(workspaceId, {}, undefined, 26),
      'ledger by kind': ledgerListStatement(workspaceId, { kind: 'send_refund' }, undefined, 26),
      'ledger of send debits': ledgerListStatement(workspaceId, { kind: 'send_debit' }, undefined, 26),
    };
    const client = new pg.Client({ connectionString: app.config.databaseUrl! });
    await client.connect();
    try {
      for (const [name, { text, values }] of Object.entries(lists)) {
        // PostgreSQL weighs the generic plan against the custom ones from the sixth execution on.
        for (let run = 0; run < 8; run += 1) await client.query({ name, text, values });
        const { rows } = await client.query<{ generic_plans: string }>(
          'SELECT generic_plans FROM pg_prepared_statements WHERE name = $1',
          [name],
        );
        expect(Number(rows[0]?.generic_plans), name).toBeGreaterThan(0);
      }
    } finally {
      await client.end();
    }
  });

  it('looks a bearer token up by its hash', async () => {
    await expectStatementIndexed('tokenByHash', { text: tokenByHash.text, values: [sha256Hex('tl_not_a_token')] });
    await expectStatementIndexed('tokenByHash', { text: tokenByHash.text, values: ['plan_hash_41'] });
  });

  it('stores provider events, new and repeated, one at a time and in batches', async () => {
    await expectProviderEventsStoredByIndex(expectStatementIndexed, provider, ['evt_plan_41', 'evt_plan_42']);
  });

  it('accepts sends through accept_message_batch reading only indexes, whatever its statements are planned with', async () => {
    const { workspaceId } = workspace;
    const parameters = (request: SendRequest, sender: Partial<Sender> = {}) =>
      acceptParametersOf(app.services, { workspaceId, ...sender }, request, { source: 'api' });
    const sends = await Promise.all([
      // A recipient with no sender yet: the least recently used number is chosen and remembered.
      parameters({ phoneNumber: '+14155559876', body: 'new recipient', idempotencyKey: `plan-new-${randomUUID()}` }),
      // A recipient with a sticky sender.
      parameters({ phoneNumber: '+14155551234', body: 'sticky sender' }),
      // A named sender, scheduled.
      parameters({
        phoneNumber: '+14155551235',
        body: 'named sender',
        from: workspace.senders[1]!.number,
        sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      // A key used before, for the same send: the earlier message is looked up by it.
      parameters({ phoneNumber: '+14155550042', body: 'hello', idempotencyKey: 'plan-42' }),
      // An opted-out recipient.
      parameters({ phoneNumber: '+13125550043', body: 'suppressed' }),
      // A delegated token with its own cap, created from a capped token.
      parameters({ phoneNumber: '+14155551236', body: 'capped token' }, { tokenId: 'tok_plan_child', tokenSpendCapped: true }),
    ]);
    const preview = await parameters(
      { phoneNumber: '+14155551237', body: 'preview' },
      { tokenId: 'tok_plan_child', tokenSpendCapped: true },
    );
    for (const mode of modes) {
      const plans = await recorder.plansOf(mode, async (client) => {
        const { rows } = await client.query<{ outcome: string }>(acceptBatch.text, [JSON.stringify(sends)]);
        // Each path above was taken, so each of its statements was planned and reported.
        expect(rows.map((row) => row.outcome)).toEqual([
          'accept',
          'accept',
          'accept',
          'replay',
          'workspace_suppressed',
          'accept',
        ]);
      });
      expectIndexedOnly(`accept_message_batch (${mode})`, plans);
      const dryRunPlans = await recorder.plansOf(mode, async (client) => {
        const { rows } = await client.query<{ outcome: string }>(dryRun.text, [JSON.stringify([{ ...preview, dry_run: true }])]);
        expect(rows.map((row) => row.outcome)).toEqual(['accept']);
      });
      expectIndexedOnly(`accept_message_batch dry run (${mode})`, dryRunPlans);
    }
  });
});

/**
 * A connection caches the plans of its first executions, made with the statistics of that moment:
 * on a new database the provider events table is empty then, and stays planned as empty while it
 * grows by thousands of events a second. Each event must still be found by its key, not by reading
 * (or hashing) every stored event.
 */
describe.skipIf(!scaledMode)('hot statement plans on a new database', () => {
  let app: TestApp;
  let recorder: PlanRecorder;

  beforeAll(async () => {
    app = await startTestApp({}, { startJobs: false });
    recorder = await openPlanRecorder(app.config.databaseUrl!);
  });

  afterAll(async () => {
    await closeStarted(recorder);
    await closeStarted(app);
  });

  it('accepts sends through accept_message_batch reading only indexes before the tables hold any', async () => {
    const workspace = await sendingWorkspace(app, { numbers: 2 });
    const parameters = (request: SendRequest) =>
      acceptParametersOf(app.services, { workspaceId: workspace.workspaceId }, request, { source: 'api' });
    // One send stored before, so that a repeat of its key is looked up.
    await app.services.sql.query(acceptBatch.text, [
      JSON.stringify([await parameters({ phoneNumber: '+14155550100', body: 'first', idempotencyKey: 'first-key' })]),
    ]);
    const sends = await Promise.all([
      parameters({ phoneNumber: '+14155550101', body: 'new recipient', idempotencyKey: 'second-key' }),
      parameters({ phoneNumber: '+14155550100', body: 'sticky sender' }),
      parameters({ phoneNumber: '+14155550100', body: 'first', idempotencyKey: 'first-key' }),
    ]);
    for (const mode of modes) {
      const plans = await recorder.plansOf(mode, async (client) => {
        const { rows } = await client.query<{ outcome: string }>(acceptBatch.text, [JSON.stringify(sends)]);
        // Rolled back after each mode (plansOf), so both see the same tables.
        expect(rows.map((row) => row.outcome)).toEqual(['accept', 'accept', 'replay']);
      });
      expectIndexedOnly(`accept_message_batch on a new database (${mode})`, plans);
    }
  });

  it('stores provider events by their unique key before the table holds any', async () => {
    const provider = app.services.inboundWebhooks.messaging.provider;
    // One stored event for storeOne to repeat (a failure), one for storeMany (a sent report).
    await app.services.sql.query(
      `INSERT INTO provider_events (id, provider, event_type, external_id, payload, status, received_at)
       VALUES (gen_random_uuid(), $1, 'message.failed', 'evt_first_1', '{}', 'processed', now()),
              (gen_random_uuid(), $1, 'message.sent', 'evt_first_2', '{}', 'processed', now())`,
      [provider],
    );
    const check: StatementPlanCheck = (what, statement) => checkStatementPlans(app, recorder, what, statement);
    await expectProviderEventsStoredByIndex(check, provider, ['evt_first_1', 'evt_first_2']);
  });
});
