import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.ts';
import { testSmsBody } from '../src/domain/onboarding.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { tokenWithScopes } from './mcp-support.ts';
import { completeBrandedDetails, expectValidationIssue, payInvoice } from './onboarding-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

type Developer = Awaited<ReturnType<typeof createDeveloper>>;

async function status(developer: Developer) {
  const response = await call(app, 'GET', '/api/v1/onboarding', { token: developer.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function credit(developer: Developer, cents: number) {
  await adminCommands.credit(app.services, {
    username: developer.account.account.username,
    cents: String(cents),
    reason: 'test',
    scopes: [],
  });
}

async function buyNumber(developer: Developer) {
  const response = await call(app, 'POST', '/api/v1/numbers', { token: developer.token });
  expect(response.status).toBe(201);
  return response.body.number;
}

async function submitBranded(developer: Developer, body: object) {
  return call(app, 'POST', '/api/v1/onboarding/branded-request', { token: developer.token, body });
}

async function paidInvoice(developer: Developer, amount_cents = 1_000) {
  const invoice = (
    await call(app, 'POST', '/api/v1/onboarding/funding-invoices', { token: developer.token, body: { amount_cents } })
  ).body.invoice;
  await payInvoice(app, invoice);
  return invoice;
}

describe('GET /api/v1/onboarding', () => {
  it('starts a fresh workspace at create_funding_invoice', async () => {
    const developer = await createDeveloper(app);
    expect(await status(developer)).toEqual({
      balance_cents: 0,
      funding: { funded: false, minimum_cents: 500, latest_invoice: null },
      numbers: { connected: 0, dedicated_number: null },
      branded_request: { status: 'not_submitted', missing_fields: [] },
      test_sms: { status: 'not_sent', message_id: null, sent_at: null },
      next_action: {
        action: 'create_funding_invoice',
        hint: expect.stringContaining('500 cents'),
        method: 'POST',
        path: '/api/v1/onboarding/funding-invoices',
        mcp_tool: 'create_funding_invoice',
      },
    });
  });

  it('walks next_action through funding, number and test SMS to ready', async () => {
    const developer = await createDeveloper(app);
    const invoice = (
      await call(app, 'POST', '/api/v1/onboarding/funding-invoices', { token: developer.token, body: { amount_cents: 1_000 } })
    ).body.invoice;
    let current = await status(developer);
    expect(current.funding.latest_invoice).toEqual(invoice);
    expect(current.next_action).toEqual({
      action: 'pay_funding_invoice',
      hint: expect.stringContaining(invoice.pay_to),
      method: 'GET',
      path: `/api/v1/onboarding/funding-invoices/${invoice.id}`,
      mcp_tool: 'get_funding_invoice',
    });

    await payInvoice(app, invoice);
    current = await status(developer);
    expect(current.balance_cents).toBe(1_000);
    expect(current.funding.funded).toBe(true);
    expect(current.funding.latest_invoice.status).toBe('paid');
    expect(current.next_action).toMatchObject({ action: 'buy_number', path: '/api/v1/numbers', mcp_tool: 'buy_number' });

    const number = await buyNumber(developer);
    current = await status(developer);
    expect(current.numbers).toEqual({ connected: 1, dedicated_number: null });
    expect(current.next_action).toMatchObject({
      action: 'send_test_sms',
      path: '/api/v1/onboarding/test-sms',
      mcp_tool: 'send_test_sms',
    });

    const sent = await call(app, 'POST', '/api/v1/onboarding/test-sms', {
      token: developer.token,
      body: { phone_number: '+14155550123' },
    });
    expect(sent.status).toBe(202);
    current = await status(developer);
    expect(current.test_sms).toEqual({
      status: expect.any(String),
      message_id: sent.body.message.id,
      sent_at: expect.any(String),
    });
    expect(current.next_action).toMatchObject({
      action: 'ready',
      method: 'POST',
      path: '/api/v1/messages',
      mcp_tool: 'send_message',
    });
    expect(number.status).toBe('connected');
  });

  it('leads through the branded request to the dedicated number when one was started', async () => {
    const developer = await createDeveloper(app);
    await credit(developer, 1_000);
    await submitBranded(developer, { legal_name: 'Acme Plumbing LLC' });
    let current = await status(developer);
    expect(current.branded_request).toEqual({
      status: 'incomplete',
      missing_fields: ['website', 'use_case', 'sample_messages', 'contact'],
    });
    expect(current.next_action).toMatchObject({ action: 'submit_branded_request', mcp_tool: 'submit_branded_request' });
    await submitBranded(developer, completeBrandedDetails);
    current = await status(developer);
    expect(current.next_action).toMatchObject({
      action: 'provision_dedicated_number',
      path: '/api/v1/onboarding/dedicated-number',
    });
  });

  it('asks for a new invoice once the open one expired and the balance is still empty', async () => {
    const developer = await createDeveloper(app);
    await call(app, 'POST', '/api/v1/onboarding/funding-invoices', { token: developer.token, body: { amount_cents: 600 } });
    app.clock.advance(24 * 3_600_000 + 1);
    const current = await status(developer);
    expect(current.funding.latest_invoice.status).toBe('expired');
    expect(current.next_action.action).toBe('create_funding_invoice');
  });

  it('needs onboarding:read', async () => {
    const developer = await createDeveloper(app);
    const writeOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:write']);
    expect((await call(app, 'GET', '/api/v1/onboarding', { token: writeOnly })).status).toBe(403);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:read']);
    expect((await call(app, 'GET', '/api/v1/onboarding', { token: readOnly })).status).toBe(200);
  });

  it("never shows another workspace's state", async () => {
    const funded = await createDeveloper(app);
    await credit(funded, 5_000);
    await buyNumber(funded);
    const stranger = await createDeveloper(app);
    const current = await status(stranger);
    expect(current.balance_cents).toBe(0);
    expect(current.numbers.connected).toBe(0);
  });
});

describe('POST /api/v1/onboarding/branded-request', () => {
  it('stores complete details as submitted', async () => {
    const developer = await createDeveloper(app);
    const response = await submitBranded(developer, completeBrandedDetails);
    expect(response.status).toBe(200);
    expect(response.body.branded_request).toEqual({
      status: 'submitted',
      missing_fields: [],
      legal_name: completeBrandedDetails.legal_name,
      website: completeBrandedDetails.website,
      use_case: completeBrandedDetails.use_case,
      sample_messages: completeBrandedDetails.sample_messages,
      contact: { ...completeBrandedDetails.contact, phone_number: null },
      dedicated_number: null,
      updated_at: expect.any(String),
    });
  });

  it('accepts details over several submissions, each replacing only the fields it names', async () => {
    const developer = await createDeveloper(app);
    const first = await submitBranded(developer, { legal_name: 'Acme Old Name', website: 'https://acme.example.com' });
    expect(first.body.branded_request).toMatchObject({
      status: 'incomplete',
      missing_fields: ['use_case', 'sample_messages', 'contact'],
    });
    const { legal_name: _ignored, ...rest } = completeBrandedDetails;
    const second = await submitBranded(developer, { ...rest, legal_name: 'Acme New Name' });
    expect(second.body.branded_request).toMatchObject({ status: 'submitted', missing_fields: [], legal_name: 'Acme New Name' });
    const third = await submitBranded(developer, {
      sample_messages: ['Acme: new slot open. Text STOP to unsubscribe.', 'Acme: see you soon, reply STOP to opt out'],
    });
    expect(third.body.branded_request.sample_messages).toHaveLength(2);
    expect(third.body.branded_request.website).toBe(completeBrandedDetails.website);
    expect(await app.services.prisma.brandedRequest.count({ where: { workspaceId: developer.workspaceId } })).toBe(1);
  });

  it.each([
    ['a sample without opt-out wording', { sample_messages: ['Your appointment is tomorrow.'] }, 'sample_messages.0'],
    ['no sample messages', { sample_messages: [] }, 'sample_messages'],
    ['six sample messages', { sample_messages: Array.from({ length: 6 }, () => 'Reply STOP to opt out') }, 'sample_messages'],
    ['a non-http website', { website: 'ftp://acme.example.com' }, 'website'],
    ['a website that is no URL', { website: 'acme' }, 'website'],
    ['a bad contact email', { contact: { name: 'Dana', email: 'not-an-email' } }, 'contact.email'],
    ['a contact without name', { contact: { email: 'dana@example.com' } }, 'contact.name'],
    ['a short use case', { use_case: 'sms' }, 'use_case'],
    ['a one-letter legal name', { legal_name: 'A' }, 'legal_name'],
    ['an unknown field', { ein: '12-3456789' }, 'ein'],
  ])('answers 422 validation_failed for %s and stores nothing', async (_name, body, field) => {
    const developer = await createDeveloper(app);
    const response = await submitBranded(developer, body);
    expectValidationIssue(response, field);
    expect(await app.services.prisma.brandedRequest.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('names the opt-out rule in the validation message', async () => {
    const developer = await createDeveloper(app);
    const response = await submitBranded(developer, { sample_messages: ['Hello there'] });
    expect(response.body.error.issues[0].message).toContain('opt-out');
  });

  it('needs onboarding:write and keeps workspaces apart', async () => {
    const developer = await createDeveloper(app);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:read']);
    const refused = await call(app, 'POST', '/api/v1/onboarding/branded-request', {
      token: readOnly,
      body: completeBrandedDetails,
    });
    expect(refused.status).toBe(403);
    const other = await createDeveloper(app);
    await submitBranded(other, completeBrandedDetails);
    expect((await status(developer)).branded_request.status).toBe('not_submitted');
  });
});

describe('POST /api/v1/onboarding/dedicated-number', () => {
  const provision = (developer: Developer) =>
    call(app, 'POST', '/api/v1/onboarding/dedicated-number', { token: developer.token });

  it('answers 403 forbidden, saying what to do, without a branded request', async () => {
    const developer = await createDeveloper(app);
    await paidInvoice(developer);
    const response = await provision(developer);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('/api/v1/onboarding/branded-request'),
    });
  });

  it('answers 422 listing the missing fields while the request is incomplete', async () => {
    const developer = await createDeveloper(app);
    await paidInvoice(developer);
    await submitBranded(developer, { legal_name: 'Acme Plumbing LLC', website: 'https://acme.example.com' });
    const response = await provision(developer);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'branded_request.use_case',
      'branded_request.sample_messages',
      'branded_request.contact',
    ]);
  });

  it('answers 402 insufficient_balance until a funding invoice is paid, even with balance from elsewhere', async () => {
    const developer = await createDeveloper(app);
    await submitBranded(developer, completeBrandedDetails);
    await call(app, 'POST', '/api/v1/onboarding/funding-invoices', { token: developer.token, body: { amount_cents: 1_000 } });
    await credit(developer, 1_000);
    const response = await provision(developer);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: 'insufficient_balance' });
    expect(await app.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('provisions the dedicated number once the request is complete and funding is paid, then only once', async () => {
    const developer = await createDeveloper(app);
    await submitBranded(developer, completeBrandedDetails);
    await paidInvoice(developer);
    const response = await provision(developer);
    expect(response.status).toBe(201);
    expect(response.body.number).toMatchObject({
      number: expect.stringMatching(/^\+\d{8,15}$/),
      status: 'connected',
      compliance_status: 'approved',
      dedicated: true,
      friendly_name: 'Acme Plumbing LLC (dedicated)',
    });
    expect(typeof response.body.webhook_configured).toBe('boolean');

    const listed = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(listed.body.numbers).toEqual([response.body.number]);
    const current = await status(developer);
    expect(current.numbers.dedicated_number).toBe(response.body.number.number);
    expect(current.branded_request.status).toBe('provisioned');
    const resubmitted = await submitBranded(developer, { legal_name: 'Acme Plumbing Inc' });
    expect(resubmitted.body.branded_request).toMatchObject({
      status: 'provisioned',
      dedicated_number: response.body.number.number,
    });

    const again = await provision(developer);
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('dedicated_number_already_provisioned');
  });

  it('provisions one number when called concurrently', async () => {
    const developer = await createDeveloper(app);
    await submitBranded(developer, completeBrandedDetails);
    await paidInvoice(developer);
    const responses = await Promise.all([provision(developer), provision(developer), provision(developer)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 422, 422]);
    expect(await app.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(1);
  });

  it('takes no body fields and needs onboarding:write', async () => {
    const developer = await createDeveloper(app);
    const withBody = await call(app, 'POST', '/api/v1/onboarding/dedicated-number', {
      token: developer.token,
      body: { area_code: '415' },
    });
    expect(withBody.status).toBe(422);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:read']);
    expect((await call(app, 'POST', '/api/v1/onboarding/dedicated-number', { token: readOnly })).status).toBe(403);
  });
});

describe('POST /api/v1/onboarding/test-sms', () => {
  const testSms = (token: string) =>
    call(app, 'POST', '/api/v1/onboarding/test-sms', { token, body: { phone_number: '+14155550142' } });

  it('queues the fixed test text through the send pipeline and debits it', async () => {
    const developer = await createDeveloper(app);
    await credit(developer, 100);
    await buyNumber(developer);
    const response = await testSms(developer.token);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      message: { id: expect.stringMatching(/^msg_/), status: 'queued', estimated_send_at: expect.any(String) },
    });
    const message = await app.services.prisma.message.findUniqueOrThrow({ where: { id: response.body.message.id } });
    expect(message).toMatchObject({
      workspaceId: developer.workspaceId,
      body: testSmsBody,
      source: 'onboarding_test',
      phoneNumber: '+14155550142',
    });
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: developer.workspaceId } });
    expect(workspace.balanceCents).toBe(100 - message.costCents);
    const fetched = await call(app, 'GET', `/api/v1/messages/${message.id}`, { token: developer.token });
    expect(fetched.body.message.id).toBe(message.id);
  });

  it('answers 402 insufficient_balance with an empty balance', async () => {
    const developer = await createDeveloper(app);
    await buyNumber(developer);
    const response = await testSms(developer.token);
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ error: 'insufficient_balance', balance_cents: 0, required_cents: expect.any(Number) });
  });

  it('answers 422 branded_number_missing without a connected number', async () => {
    const developer = await createDeveloper(app);
    await credit(developer, 100);
    const response = await testSms(developer.token);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('branded_number_missing');
  });

  it('answers 429 with Retry-After once the per-token send bucket is empty, shared with POST /messages', async () => {
    const developer = await createDeveloper(app);
    await credit(developer, 100);
    await buyNumber(developer);
    expect((await testSms(developer.token)).status).toBe(202);
    const limited = await testSms(developer.token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body).toMatchObject({
      error: 'message_send_rate_limited',
      retry_after_seconds: expect.any(Number),
      limit: { tier: 'starter', capacity: 1 },
    });
    app.clock.advance(1_200);
    expect(
      (
        await call(app, 'POST', '/api/v1/messages', {
          token: developer.token,
          body: { phone_number: '+14155550142', body: 'hi' },
        })
      ).status,
    ).toBe(202);
    expect((await testSms(developer.token)).status).toBe(429);
  });

  it.each([
    ['a number without +', { phone_number: '4155550142' }, 'phone_number'],
    ['letters', { phone_number: '+1415CALLNOW' }, 'phone_number'],
    ['a missing number', {}, 'phone_number'],
    ['an unknown field', { phone_number: '+14155550142', body: 'my own text' }, 'body'],
  ])('answers 422 validation_failed for %s', async (_name, body, field) => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/onboarding/test-sms', { token: developer.token, body });
    expectValidationIssue(response, field);
  });

  it('needs onboarding:write', async () => {
    const developer = await createDeveloper(app);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:read', 'messages:write']);
    expect((await testSms(readOnly)).status).toBe(403);
  });
});
