import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.ts';
import type { MessagingProvider } from '../src/ports.ts';
import { call, createAccount, createDeveloper, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { expectValidationIssue } from './onboarding-support.ts';

let app: TestApp;
// Numbers cost 150 cents here, and the operator allowed live purchases.
let pricedApp: TestApp;
beforeAll(async () => {
  [app, pricedApp] = await Promise.all([
    startTestApp(),
    startTestApp({ NUMBER_PRICE_CENTS: '150', ALLOW_LIVE_NUMBER_PURCHASE: '1' }),
  ]);
});
afterAll(async () => {
  await Promise.all([app.close(), pricedApp.close()]);
});

/** Runs `work` with the app's messaging provider replaced by `override` of the sandbox one. */
async function withProvider<T>(target: TestApp, override: Partial<MessagingProvider>, work: () => Promise<T>): Promise<T> {
  const original = target.services.messagingProvider;
  target.services.messagingProvider = { ...original, ...override };
  try {
    return await work();
  } finally {
    target.services.messagingProvider = original;
  }
}

const buy = (target: TestApp, token: string, body?: object) => call(target, 'POST', '/api/v1/numbers', { token, body });

async function balanceOf(target: TestApp, workspaceId: string) {
  return (await target.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;
}

describe('GET /api/v1/numbers', () => {
  it('lists nothing for a new workspace, then the bought numbers oldest first', async () => {
    const developer = await createDeveloper(app);
    expect((await call(app, 'GET', '/api/v1/numbers', { token: developer.token })).body).toEqual({ numbers: [] });
    const first = (await buy(app, developer.token)).body.number;
    app.clock.advance(1_000);
    const second = (await buy(app, developer.token, { area_code: '312' })).body.number;
    const listed = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.numbers.map((number: { id: string }) => number.id)).toEqual([first.id, second.id]);
    expect(listed.body.numbers[0]).toEqual(first);
  });

  it("never lists another workspace's numbers", async () => {
    const owner = await createDeveloper(app);
    await buy(app, owner.token);
    const stranger = await createDeveloper(app);
    expect((await call(app, 'GET', '/api/v1/numbers', { token: stranger.token })).body.numbers).toEqual([]);
  });

  it('needs numbers:read', async () => {
    const developer = await createDeveloper(app);
    const writeOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:write']);
    expect((await call(app, 'GET', '/api/v1/numbers', { token: writeOnly })).status).toBe(403);
    const account = await createAccount(app);
    expect((await call(app, 'GET', '/api/v1/numbers', { token: account.token.access_token })).status).toBe(403);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    expect((await call(app, 'GET', '/api/v1/numbers', { token: readOnly })).status).toBe(200);
  });
});

describe('GET /api/v1/numbers/{id}', () => {
  it('answers the number as the list and the purchase show it, and /available still searches', async () => {
    const developer = await createDeveloper(app);
    const bought = (await buy(app, developer.token, { type: 'toll_free' })).body.number;
    const response = await call(app, 'GET', `/api/v1/numbers/${bought.id}`, { token: developer.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ number: bought });
    expect(response.body.number).toMatchObject({ type: 'toll_free', throughput_per_second: 3, health: { status: 'healthy' } });
    const listed = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(listed.body.numbers).toEqual([response.body.number]);
    const search = await call(app, 'GET', '/api/v1/numbers/available?limit=1', { token: developer.token });
    expect(search.status).toBe(200);
    expect(search.body.available_numbers).toHaveLength(1);
  });

  it("answers 404 not_found for an unknown id, an id no number can have and another workspace's number", async () => {
    const owner = await createDeveloper(app);
    const bought = (await buy(app, owner.token)).body.number;
    const stranger = await createDeveloper(app);
    for (const id of ['pn_unknown', `pn_${'x'.repeat(62)}`, bought.id]) {
      const response = await call(app, 'GET', `/api/v1/numbers/${id}`, { token: stranger.token });
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: 'not_found' });
    }
    expect((await call(app, 'GET', `/api/v1/numbers/${bought.id}`, { token: owner.token })).status).toBe(200);
  });

  it('needs numbers:read', async () => {
    const developer = await createDeveloper(app);
    const bought = (await buy(app, developer.token)).body.number;
    const path = `/api/v1/numbers/${bought.id}`;
    expect((await call(app, 'GET', path)).status).toBe(401);
    const writeOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:write']);
    expect((await call(app, 'GET', path, { token: writeOnly })).status).toBe(403);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    expect((await call(app, 'GET', path, { token: readOnly })).status).toBe(200);
  });

  it('is get_number over MCP, with the same answer, scope and isolation', async () => {
    const developer = await createDeveloper(app);
    const bought = (await buy(app, developer.token)).body.number;
    const stranger = await createDeveloper(app);
    const writeOnly = await tokenWithScopes(app, developer.workspaceId, ['mcp:execute', 'numbers:write']);
    for (const [token, expected] of [
      [developer.token, null],
      [stranger.token, 'not_found'],
      [writeOnly, 'unauthorized'],
    ] as const) {
      const client = await connectMcp(app, token);
      try {
        const result = await client.callTool({ name: 'get_number', arguments: { id: bought.id } });
        if (expected) expect(toolError(result)).toMatchObject({ code: expected });
        else expect(result.structuredContent).toEqual({ number: bought });
      } finally {
        await client.close();
      }
    }
  });
});

describe('POST /api/v1/numbers', () => {
  it('buys a local sandbox number without a body and connects it approved under the sandbox use case', async () => {
    const developer = await createDeveloper(app);
    const response = await buy(app, developer.token);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      number: {
        id: expect.stringMatching(/^pn_/),
        number: expect.stringMatching(/^\+1\d{3}555\d{4}$/),
        friendly_name: response.body.number.number,
        status: 'connected',
        compliance_status: 'approved',
        type: 'local',
        registration: { status: 'approved', use_case_id: expect.stringMatching(/^ucs_/), reasons: [] },
        dedicated: false,
        // The sandbox use case's allowance: 4,500 a minute.
        throughput_per_second: 75,
        health: { status: 'healthy', recent_errors: 0, first_error_at: null, failing_until: null },
        created_at: expect.any(String),
      },
      webhook_configured: true,
    });
    const row = await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: response.body.number.id } });
    expect(row).toMatchObject({ workspaceId: developer.workspaceId, provider: 'sandbox', providerNumberId: expect.any(String) });
  });

  it('honours area_code and friendly_name', async () => {
    const developer = await createDeveloper(app);
    const response = await buy(app, developer.token, { area_code: '212', friendly_name: 'Support line' });
    expect(response.status).toBe(201);
    expect(response.body.number.number).toMatch(/^\+1212555\d{4}$/);
    expect(response.body.number.friendly_name).toBe('Support line');
  });

  it('sells each number once, also to concurrent buyers', async () => {
    const developers = await Promise.all([createDeveloper(app), createDeveloper(app), createDeveloper(app)]);
    const responses = await Promise.all(developers.map((developer) => buy(app, developer.token, { area_code: '503' })));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    expect(new Set(responses.map((response) => response.body.number.number)).size).toBe(3);
  });

  describe('parallel buyers of one area code', () => {
    // The scaled deployment runs several API processes on one database; the embedded mode has one.
    let instances: TestApp[];
    let second: TestApp | undefined;
    beforeAll(async () => {
      second = scaledMode ? await startTestApp({}, { shareWith: app }) : undefined;
      instances = second ? [app, second] : [app];
    });
    afterAll(async () => {
      await second?.close();
    });

    /** `count` purchases at once in `areaCode`, spread over the API processes and four workspaces. */
    async function buyInParallel(count: number, areaCode: string) {
      const developers = await Promise.all(Array.from({ length: 4 }, () => createDeveloper(app)));
      return Promise.all(
        Array.from({ length: count }, (_, index) =>
          buy(instances[index % instances.length]!, developers[index % developers.length]!.token, { area_code: areaCode }),
        ),
      );
    }

    it('sells 24 buyers a different number each', async () => {
      const responses = await buyInParallel(24, '628');
      expect(responses.map((response) => response.status)).toEqual(responses.map(() => 201));
      expect(new Set(responses.map((response) => response.body.number.number)).size).toBe(24);
    });

    it('answers 422 number_unavailable, never 500, to those left over when the area code runs out', async () => {
      const areaCode = '737';
      // Leaves five of the area code's hundred numbers unsold.
      await app.services.prisma.sandboxNumber.createMany({
        data: Array.from({ length: 95 }, (_, index) => ({
          number: `+1${areaCode}555${String(100 + index).padStart(4, '0')}`,
          areaCode,
          providerNumberId: `SBXPN${areaCode}${100 + index}`,
        })),
      });
      const responses = await buyInParallel(12, areaCode);
      const sold = responses.filter((response) => response.status === 201);
      expect(new Set(sold.map((response) => response.body.number.number))).toEqual(
        new Set(Array.from({ length: 5 }, (_, index) => `+1${areaCode}555${String(195 + index).padStart(4, '0')}`)),
      );
      const refused = responses.filter((response) => response.status !== 201);
      expect(refused.map((response) => [response.status, response.body.error.code])).toEqual(
        refused.map(() => [422, 'number_unavailable']),
      );
    });
  });

  it('warns when the provider cannot configure inbound routing', async () => {
    const developer = await createDeveloper(app);
    const response = await withProvider(
      app,
      {
        buyNumber: async () => ({ number: '+13125550177', type: 'local', providerNumberId: 'PN177', webhookConfigured: false }),
      },
      () => buy(app, developer.token),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      webhook_configured: false,
      warning: 'provider_inbound_webhook_configuration_api_not_documented',
    });
  });

  it('answers 422 number_unavailable when the provider has no number, and stores nothing', async () => {
    const developer = await createDeveloper(app);
    const response = await withProvider(app, { buyNumber: async () => undefined }, () =>
      buy(app, developer.token, { area_code: '907' }),
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: 'number_unavailable',
      message: expect.stringContaining('907'),
      fix: expect.any(String),
    });
    expect(await app.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('answers 403 forbidden naming ALLOW_LIVE_NUMBER_PURCHASE for a live provider without the guardrail', async () => {
    const developer = await createDeveloper(app);
    let providerCalled = false;
    const response = await withProvider(
      app,
      {
        live: true,
        buyNumber: async () => {
          providerCalled = true;
          return undefined;
        },
      },
      () => buy(app, developer.token),
    );
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('ALLOW_LIVE_NUMBER_PURCHASE=1'),
    });
    expect(providerCalled).toBe(false);
  });

  it('buys from a live provider when the operator set ALLOW_LIVE_NUMBER_PURCHASE', async () => {
    const developer = await createDeveloper(pricedApp);
    await adminCommands.credit(pricedApp.services, {
      username: developer.account.account.username,
      cents: '150',
      reason: 'test',
      scopes: [],
    });
    const response = await withProvider(pricedApp, { live: true }, () => buy(pricedApp, developer.token));
    expect(response.status).toBe(201);
  });

  it.each([
    ['a two-digit area code', { area_code: '41' }, 'area_code'],
    ['an area code starting with 0', { area_code: '015' }, 'area_code'],
    ['a numeric area code', { area_code: 415 }, 'area_code'],
    ['an empty friendly_name', { friendly_name: '  ' }, 'friendly_name'],
    ['a long friendly_name', { friendly_name: 'x'.repeat(65) }, 'friendly_name'],
    ['an unknown field', { country: 'US' }, 'country'],
  ])('answers 422 validation_failed for %s', async (_name, body, field) => {
    const developer = await createDeveloper(app);
    const response = await buy(app, developer.token, body);
    expectValidationIssue(response, field);
  });

  it('needs numbers:write', async () => {
    const developer = await createDeveloper(app);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    expect((await buy(app, readOnly)).status).toBe(403);
    expect((await buy(app, (await createAccount(app)).token.access_token)).status).toBe(403);
    expect(await app.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });
});

describe('POST /api/v1/numbers with NUMBER_PRICE_CENTS', () => {
  async function fundedDeveloper(cents: number) {
    const developer = await createDeveloper(pricedApp);
    if (cents > 0) {
      await adminCommands.credit(pricedApp.services, {
        username: developer.account.account.username,
        cents: String(cents),
        reason: 'test',
        scopes: [],
      });
    }
    return developer;
  }

  it('debits the price once per number', async () => {
    const developer = await fundedDeveloper(200);
    const response = await buy(pricedApp, developer.token);
    expect(response.status).toBe(201);
    expect(await balanceOf(pricedApp, developer.workspaceId)).toBe(50);
    const entries = await pricedApp.services.prisma.ledgerEntry.findMany({
      where: { workspaceId: developer.workspaceId, kind: 'number_purchase' },
    });
    expect(entries).toMatchObject([{ amountCents: -150, reference: `number_purchase:${response.body.number.id}` }]);
  });

  it('answers 402 insufficient_balance when the balance is too small, buying nothing', async () => {
    const developer = await fundedDeveloper(100);
    const response = await buy(pricedApp, developer.token);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      error: 'insufficient_balance',
      balance_cents: 100,
      required_cents: 150,
      fund_with: { route: 'POST /api/v1/onboarding/funding-invoices', mcp_tool: 'create_funding_invoice' },
    });
    expect(await balanceOf(pricedApp, developer.workspaceId)).toBe(100);
    expect(await pricedApp.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('refunds the price when the provider has no number', async () => {
    const developer = await fundedDeveloper(150);
    const response = await withProvider(pricedApp, { buyNumber: async () => undefined }, () => buy(pricedApp, developer.token));
    expect(response.status).toBe(422);
    expect(await balanceOf(pricedApp, developer.workspaceId)).toBe(150);
    // Written within a millisecond of each other: compared as a set, not by created_at order.
    const kinds = await pricedApp.services.prisma.ledgerEntry.findMany({
      where: { workspaceId: developer.workspaceId },
      orderBy: { kind: 'asc' },
      select: { kind: true, amountCents: true },
    });
    expect(kinds).toEqual([
      { kind: 'number_purchase', amountCents: -150 },
      { kind: 'number_purchase_refund', amountCents: 150 },
      { kind: 'operator_credit', amountCents: 150 },
    ]);
  });

  it('never overdraws when purchases race for the last of the balance', async () => {
    const developer = await fundedDeveloper(150);
    const responses = await Promise.all([
      buy(pricedApp, developer.token),
      buy(pricedApp, developer.token),
      buy(pricedApp, developer.token),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 402, 402]);
    expect(await balanceOf(pricedApp, developer.workspaceId)).toBe(0);
  });
});
