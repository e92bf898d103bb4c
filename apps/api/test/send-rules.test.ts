import { readFile } from 'node:fs/promises';
import { sendOutcomes, type TApprovalRule, type TSendOutcome } from '@textline/contract';
import { createDb, type Db } from '@textline/db';
import { createTestDatabaseUrl, testDatabaseEnvironment } from '@textline/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { acceptDryRun, type AcceptParameters, type AcceptRow } from '../src/domain/messages/accept-queue.ts';
import { acceptBatch } from '../src/domain/messages/accept-queue.sql.ts';
import { acceptParametersOf, type SendRequest } from '../src/domain/messages/send.ts';
import { allowedHoursExemptUseCases } from '../src/domain/compliance/allowed-hours.ts';
import { createMessagingSettingsCache } from '../src/domain/compliance/messaging-settings.ts';
import { manualClock } from '../src/lib/clock.ts';
import { sandboxLookup } from '../src/providers/sandbox/lookup.ts';
import { newId } from '../src/lib/crypto.ts';

/**
 * The send rules, called straight through the database client: accept_message_batch
 * (packages/db/sql/accept_message_batch.sql) on a fresh database, PGlite here and PostgreSQL in the
 * scaled project, with no app and no HTTP.
 */

const outcomes = sendOutcomes.map((entry) => entry.outcome);
const recipient = '+14155550123';
/** Another number of the recipient's block (the number without its last two digits). */
const blockNeighbour = '+14155550177';
// A real carrier, so that a send to a US number needs a registered sender (rule 4).
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  MESSAGING_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'send-rules-test'.padEnd(32, '0'),
  PUBLIC_BASE_URL: 'https://send-rules.example.test',
});
const clock = manualClock(Date.UTC(2026, 5, 1, 12));
const price = config.pricePerSegmentCents;

/**
 * A workspace's state, each field failing one rule when set: the recipient opted out, no connected
 * number, a sender not registered with the carriers, no balance, the workspace's daily cap spent, the sending token's own cap or its parent's.
 */
type WorkspaceState = {
  suppressed?: boolean;
  noSender?: boolean;
  unregistered?: boolean;
  /** The recipient's number block had its first send within the hour (the guard's threshold is 1 here). */
  pumping?: boolean;
  /** The send's time is outside the recipient's allowed hours, in refuse mode. */
  outsideHours?: boolean;
  /** A default sender pool without numbers. */
  emptyDefaultPool?: boolean;
  broke?: boolean;
  workspaceCapSpent?: boolean;
  tokenCapSpent?: boolean;
  parentCapSpent?: boolean;
};

type SendCase = {
  outcome: TSendOutcome;
  /** The workspace when the send is made: the case's rule fails, and with it every later rule that can. */
  state: WorkspaceState;
  request?: Partial<SendRequest>;
  /** A send accepted before the state is set up, with this request. */
  earlier?: Partial<SendRequest>;
  /** The sending token's approval rule. */
  approval?: TApprovalRule;
};

const keyed = { idempotencyKey: 'key-1' };
const everyLaterRule = (from: keyof WorkspaceState): WorkspaceState => {
  const rules: (keyof WorkspaceState)[] = [
    'suppressed',
    'noSender',
    'unregistered',
    'pumping',
    'outsideHours',
    'broke',
    'workspaceCapSpent',
    'tokenCapSpent',
    'parentCapSpent',
  ];
  return Object.fromEntries(rules.slice(rules.indexOf(from)).map((rule) => [rule, true]));
};

/** One case per outcome, in the rules' order. */
const cases: SendCase[] = [
  // The replay keeps its sender (a different one would be a conflict), so the sender rule cannot fail here.
  {
    outcome: 'replay',
    state: { ...everyLaterRule('suppressed'), noSender: false },
    request: keyed,
    earlier: keyed,
  },
  {
    outcome: 'idempotency_conflict',
    state: everyLaterRule('suppressed'),
    request: { ...keyed, body: 'Another body' },
    earlier: keyed,
  },
  { outcome: 'workspace_suppressed', state: everyLaterRule('suppressed') },
  { outcome: 'branded_number_missing', state: everyLaterRule('noSender') },
  { outcome: 'sender_number_not_found', state: everyLaterRule('unregistered'), request: { from: '+12065550999' } },
  { outcome: 'sender_pool_not_found', state: everyLaterRule('unregistered'), request: { senderPoolId: 'spl_unknown' } },
  { outcome: 'sender_pool_empty', state: { ...everyLaterRule('unregistered'), emptyDefaultPool: true } },
  { outcome: 'sender_not_registered', state: everyLaterRule('unregistered') },
  { outcome: 'suspected_sms_pumping', state: everyLaterRule('pumping') },
  { outcome: 'outside_allowed_hours', state: everyLaterRule('outsideHours') },
  { outcome: 'insufficient_balance', state: everyLaterRule('broke') },
  { outcome: 'spend_limit_exceeded', state: everyLaterRule('workspaceCapSpent') },
  { outcome: 'token_spend_limit_exceeded', state: everyLaterRule('tokenCapSpent') },
  { outcome: 'parent_token_spend_limit_exceeded', state: everyLaterRule('parentCapSpent') },
  { outcome: 'pending_approval', state: {}, approval: { required_for: 'all_sends' } },
  { outcome: 'accept', state: {} },
];

/** The outcomes that write a message. */
const writesMessage = (outcome: TSendOutcome) => outcome === 'accept' || outcome === 'pending_approval';

let db: Db;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>> | undefined;

beforeAll(async () => {
  const server = testDatabaseEnvironment();
  database = server.url ? await createTestDatabaseUrl(server.url, server.directUrl) : undefined;
  db = await createDb({
    databaseUrl: database?.url,
    directUrl: database?.directUrl,
    namedStatements: server.namedStatements,
    dataDir: 'memory://',
    poolSize: 2,
  });
});

afterAll(async () => {
  // A beforeAll that failed part-way left db unset.
  await (db as Db | undefined)?.close();
  await database?.drop();
});

let numberCounter = 0;

/** A workspace that can send (a connected number, a balance, a parent token and its child), then `state` applied. */
async function sendingWorkspace() {
  const workspaceId = newId('ws');
  await db.prisma.account.create({
    data: {
      id: crypto.randomUUID(),
      username: workspaceId,
      usernameLower: workspaceId,
      passwordHash: '-',
      workspace: { create: { id: workspaceId, balanceCents: 10 * price } },
    },
  });
  numberCounter += 1;
  const sender = await db.prisma.phoneNumber.create({
    data: {
      id: newId('pn'),
      workspaceId,
      number: `+12065${String(numberCounter).padStart(6, '0')}`,
      provider: 'twilio',
      registrationStatus: 'approved',
    },
  });
  const token = (parentTokenId?: string) =>
    db.prisma.accessToken.create({
      data: {
        id: newId('tok'),
        workspaceId,
        tokenHash: newId('hash'),
        origin: 'delegated',
        expiresAt: new Date(clock.now() + 86_400_000),
        parentTokenId,
        spendCapCentsDaily: 10 * price,
      },
    });
  const parent = await token();
  const child = await token(parent.id);
  return { workspaceId, sender, tokenId: child.id, parentTokenId: parent.id };
}

type Workspace = Awaited<ReturnType<typeof sendingWorkspace>>;

async function applyState(workspace: Workspace, state: WorkspaceState): Promise<void> {
  const { workspaceId } = workspace;
  // First, while every rule still passes for the neighbour's send.
  if (state.pumping) {
    const neighbour = await parametersOf(workspace, { phoneNumber: blockNeighbour });
    expect((await accept({ ...neighbour, token_id: null, token_capped: undefined, pumping_guard_max: undefined })).outcome).toBe(
      'accept',
    );
  }
  if (state.suppressed) {
    await db.prisma.workspaceSuppression.create({
      data: { id: newId('sup'), workspaceId, phoneNumber: recipient, source: 'manual' },
    });
  }
  if (state.noSender) await db.prisma.phoneNumber.update({ where: { id: workspace.sender.id }, data: { status: 'released' } });
  if (state.unregistered) {
    await db.prisma.phoneNumber.update({ where: { id: workspace.sender.id }, data: { registrationStatus: 'pending' } });
  }
  if (state.emptyDefaultPool) {
    await db.prisma.senderPool.create({ data: { id: newId('spl'), workspaceId, name: 'Empty', isDefault: true } });
  }
  if (state.broke) await db.prisma.workspace.update({ where: { id: workspaceId }, data: { balanceCents: 0 } });
  if (state.workspaceCapSpent) await db.prisma.workspace.update({ where: { id: workspaceId }, data: { spendCapCents: 0 } });
  if (state.tokenCapSpent)
    await db.prisma.accessToken.update({ where: { id: workspace.tokenId }, data: { spendCapCentsDaily: 0 } });
  if (state.parentCapSpent) {
    await db.prisma.accessToken.update({ where: { id: workspace.parentTokenId }, data: { spendCapCentsDaily: 0 } });
  }
}

/** These sends carry no media: nothing is fetched. */
const noMedia = { check: () => Promise.reject(new Error('no send here has media')), close() {} };

/** The parameters of a send by the workspace's capped child token, as the API builds them. */
async function parametersOf(
  workspace: Workspace,
  request: Partial<SendRequest> = {},
  state: WorkspaceState = {},
  approval?: TApprovalRule,
): Promise<AcceptParameters> {
  const parameters = await acceptParametersOf(
    {
      clock,
      config,
      prisma: db.prisma,
      hashIp: (text) => text,
      selfUrl: { current: undefined },
      mediaFetcher: noMedia,
      messagingSettings: createMessagingSettingsCache({ config, prisma: db.prisma, clock }, 0),
      messagingProvider: { label: 'sandbox', lookupNumber: async (number) => sandboxLookup(number) },
    },
    { workspaceId: workspace.workspaceId, tokenId: workspace.tokenId, tokenSpendCapped: true, approval },
    { phoneNumber: recipient, body: 'Hello', ...request },
    { source: 'api' },
  );
  // The guard on with a threshold of one first send per block and hour; allowed hours as the case says.
  return {
    ...parameters,
    pumping_guard_max: 1,
    ...(state.outsideHours ? { next_allowed_at: new Date(clock.now() + 3_600_000), allowed_hours_mode: 'refuse' } : {}),
  };
}

async function accept(parameters: AcceptParameters): Promise<AcceptRow> {
  const [row] = await db.sql.query<AcceptRow>(acceptBatch.text, [JSON.stringify([parameters])]);
  if (!row) throw new Error('accept_message_batch returned no row');
  return row;
}

const messagesOf = async (workspaceId: string) => db.prisma.message.count({ where: { workspaceId } });

describe('accept_message_batch', () => {
  it('has one case here for each outcome sendOutcomes lists, in its order', () => {
    expect(cases.map((sendCase) => sendCase.outcome)).toEqual(outcomes);
  });

  it.each(cases)(
    'answers $outcome when its rule is the first that fails, in the dry run and the send alike',
    async (sendCase) => {
      const workspace = await sendingWorkspace();
      const earlier = sendCase.earlier ? await accept(await parametersOf(workspace, sendCase.earlier)) : undefined;
      if (earlier) expect(earlier.outcome).toBe('accept');
      await applyState(workspace, sendCase.state);
      const parameters = await parametersOf(workspace, sendCase.request, sendCase.state, sendCase.approval);
      const messagesBefore = await messagesOf(workspace.workspaceId);

      const dryRun = await acceptDryRun(db.sql, parameters);
      expect(dryRun.outcome).toBe(sendCase.outcome);
      // The dry run reports every rule that fails, not only the first: here, each from the case's on.
      const failing: TSendOutcome[] = sendOutcomes.filter((entry) => 'refusal' in entry).map((entry) => entry.outcome);
      if (failing.includes(sendCase.outcome)) expect(dryRun.preview.blockers[0]).toBe(sendCase.outcome);
      else expect(dryRun.preview.blockers).toEqual([]);
      for (const blocker of dryRun.preview.blockers) expect(failing).toContain(blocker);
      expect(await messagesOf(workspace.workspaceId)).toBe(messagesBefore);

      const row = await accept(parameters);
      expect(row.outcome).toBe(sendCase.outcome);
      const named = writesMessage(sendCase.outcome) ? parameters.message_id : earlier?.message_id;
      expect(row.message_id).toBe(named ?? null);
      expect(await messagesOf(workspace.workspaceId)).toBe(messagesBefore + (writesMessage(sendCase.outcome) ? 1 : 0));
    },
  );
});

describe('rule 1 on a send that allowed hours held (rule 6, hold)', () => {
  const held = (parameters: AcceptParameters): AcceptParameters => ({
    ...parameters,
    next_allowed_at: new Date(clock.now() + 3_600_000),
    allowed_hours_mode: 'hold',
  });

  it('replays the identical request, still outside the window or once it opened, and refuses another send_at', async () => {
    const workspace = await sendingWorkspace();
    const first = await accept(held(await parametersOf(workspace, keyed)));
    expect(first).toMatchObject({ outcome: 'accept', message_status: 'scheduled' });
    const stillClosed = await accept(held(await parametersOf(workspace, keyed)));
    expect(stillClosed).toMatchObject({ outcome: 'replay', message_id: first.message_id });
    // The window has opened: the same request carries no next_allowed_at now.
    const opened = await parametersOf(workspace, keyed);
    expect((await acceptDryRun(db.sql, opened)).outcome).toBe('replay');
    expect(await accept(opened)).toMatchObject({ outcome: 'replay', message_id: first.message_id });
    // A request naming the minute it was held to as its own send_at is another request.
    const heldTo = new Date(clock.now() + 3_600_000).toISOString();
    expect((await accept(await parametersOf(workspace, { ...keyed, sendAt: heldTo }))).outcome).toBe('idempotency_conflict');
    expect(await messagesOf(workspace.workspaceId)).toBe(1);
  });

  it('replays a held request that named its own send_at with that send_at', async () => {
    const workspace = await sendingWorkspace();
    const request = { ...keyed, sendAt: new Date(clock.now() + 120_000).toISOString() };
    const first = await accept(held(await parametersOf(workspace, request)));
    expect(first.outcome).toBe('accept');
    expect((await accept(await parametersOf(workspace, request))).outcome).toBe('replay');
    expect((await accept(await parametersOf(workspace, keyed))).outcome).toBe('idempotency_conflict');
  });
});

describe('choosing the sender when rule 4 applies', () => {
  /** The workspace's approved sender, and an unregistered number that the rule 3 order alone would pick first. */
  async function withUnregisteredNumber() {
    const workspace = await sendingWorkspace();
    numberCounter += 1;
    const unregistered = await db.prisma.phoneNumber.create({
      data: {
        id: newId('pn'),
        workspaceId: workspace.workspaceId,
        number: `+12065${String(numberCounter).padStart(6, '0')}`,
        provider: 'twilio',
        // Created first and never used: the least recently used order puts it first.
        createdAt: new Date(0),
      },
    });
    return { workspace, unregistered };
  }

  async function chosenSender(workspace: Workspace, overrides: Partial<AcceptParameters> = {}) {
    const parameters = { ...(await parametersOf(workspace)), ...overrides };
    const dryRun = await acceptDryRun(db.sql, parameters);
    return { outcome: dryRun.outcome, sender: dryRun.preview.sender_number };
  }

  it('prefers an approved number to the least recently used unregistered one', async () => {
    const { workspace } = await withUnregisteredNumber();
    expect(await chosenSender(workspace)).toEqual({ outcome: 'accept', sender: workspace.sender.number });
  });

  it("passes over the recipient's unregistered sticky sender for an approved one", async () => {
    const { workspace, unregistered } = await withUnregisteredNumber();
    await db.prisma.recipientSender.create({
      data: { workspaceId: workspace.workspaceId, phoneNumber: recipient, phoneNumberId: unregistered.id },
    });
    expect(await chosenSender(workspace)).toEqual({ outcome: 'accept', sender: workspace.sender.number });
  });

  it('prefers an approved number of the pool, over the area code match', async () => {
    const { workspace, unregistered } = await withUnregisteredNumber();
    // The unregistered number shares the recipient's area code; the approved one does not.
    await db.prisma.phoneNumber.update({ where: { id: unregistered.id }, data: { number: '+14155550999' } });
    const pool = await db.prisma.senderPool.create({
      data: { id: newId('spl'), workspaceId: workspace.workspaceId, name: 'Both', isDefault: true },
    });
    await db.prisma.senderPoolNumber.createMany({
      data: [workspace.sender.id, unregistered.id].map((phoneNumberId) => ({ poolId: pool.id, phoneNumberId })),
    });
    expect(await chosenSender(workspace)).toEqual({ outcome: 'accept', sender: workspace.sender.number });
  });

  it('still names the unregistered number when it is the only one, and refuses', async () => {
    const { workspace, unregistered } = await withUnregisteredNumber();
    await db.prisma.phoneNumber.update({ where: { id: workspace.sender.id }, data: { status: 'released' } });
    expect(await chosenSender(workspace)).toEqual({ outcome: 'sender_not_registered', sender: unregistered.number });
  });

  it('keeps the least recently used order where rule 4 does not apply (the sandbox carrier, a recipient abroad)', async () => {
    const { workspace, unregistered } = await withUnregisteredNumber();
    expect(await chosenSender(workspace, { registration_required: undefined })).toEqual({
      outcome: 'accept',
      sender: unregistered.number,
    });
  });
});

describe('the order of the send rules', () => {
  /** The outcomes a text names, in the order it first names them. */
  function outcomesNamedIn(text: string): string[] {
    const positions = outcomes.map((outcome) => ({ outcome, at: text.search(new RegExp(`\`${outcome}\``)) }));
    return positions
      .filter((position) => position.at !== -1)
      .sort((a, b) => a.at - b.at)
      .map((position) => position.outcome);
  }

  const section = (text: string, from: string, to: string) =>
    text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));

  it('is the same in sendOutcomes, the header of accept_message_batch.sql and docs/architecture.md', async () => {
    const sql = await readFile(new URL('../../../packages/db/sql/accept_message_batch.sql', import.meta.url), 'utf8');
    const architecture = await readFile(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    expect(outcomesNamedIn(section(sql, '-- THE RULES', '-- Why SQL'))).toEqual(outcomes);
    expect(outcomesNamedIn(section(architecture, '## The send path', '\n## '))).toEqual(outcomes);
  });
});

describe('the uses exempt from allowed hours', () => {
  it('are the same in rule 6 and in the approval that releases a held send (allowedHoursExemptUseCases)', async () => {
    const sql = await readFile(new URL('../../../packages/db/sql/accept_message_batch.sql', import.meta.url), 'utf8');
    const named = /u\.use_case IN \(([^)]*)\)/.exec(sql)?.[1];
    expect(named?.split(',').map((name) => name.trim().replace(/'/g, ''))).toEqual([...allowedHoursExemptUseCases]);
  });
});
