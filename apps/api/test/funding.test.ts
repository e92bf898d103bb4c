import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.ts';
import { sandboxPaymentCompleted } from '../src/providers/sandboxpay.ts';
import { call, createAccount, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { tokenWithScopes } from './mcp-support.ts';
import { postSigned } from './inbound-support.ts';
import { expectValidationIssue, payInvoice } from './onboarding-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const invoicesPath = '/api/v1/onboarding/funding-invoices';

async function createInvoice(token: string, amount_cents: unknown) {
  return call(app, 'POST', invoicesPath, { token, body: { amount_cents } });
}

describe('POST /api/v1/onboarding/funding-invoices', () => {
  it('creates an open stablecoin invoice with a sandboxpay session', async () => {
    const developer = await createDeveloper(app);
    const response = await createInvoice(developer.token, 2_500);
    expect(response.status).toBe(201);
    const invoice = response.body.invoice;
    expect(invoice).toEqual({
      id: expect.stringMatching(/^inv_/),
      status: 'open',
      amount_cents: 2_500,
      currency: 'USDC',
      network: 'base',
      pay_to: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      session_id: expect.stringMatching(/^sps_/),
      hosted_url: `${app.baseUrl}/sandboxpay/checkout/${invoice.session_id}`,
      expires_at: new Date(app.clock.now() + 24 * 3_600_000).toISOString(),
      paid_at: null,
      created_at: new Date(app.clock.now()).toISOString(),
    });
    const row = await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(row).toMatchObject({ workspaceId: developer.workspaceId, sessionId: invoice.session_id, status: 'open' });
  });

  it('reuses the open invoice for the same amount and opens a new one for another amount', async () => {
    const developer = await createDeveloper(app);
    const first = await createInvoice(developer.token, 1_000);
    const again = await createInvoice(developer.token, 1_000);
    expect(again.status).toBe(201);
    expect(again.body.invoice).toEqual(first.body.invoice);
    const other = await createInvoice(developer.token, 1_500);
    expect(other.body.invoice.id).not.toBe(first.body.invoice.id);
    expect(await app.services.prisma.fundingInvoice.count({ where: { workspaceId: developer.workspaceId } })).toBe(2);
  });

  it('agrees on one invoice when the same amount is requested concurrently', async () => {
    const developer = await createDeveloper(app);
    const responses = await Promise.all(Array.from({ length: 5 }, () => createInvoice(developer.token, 800)));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.body.invoice.id)).size).toBe(1);
  });

  it('does not reuse an expired invoice, which then reads as expired', async () => {
    const developer = await createDeveloper(app);
    const first = (await createInvoice(developer.token, 900)).body.invoice;
    app.clock.advance(24 * 3_600_000 + 1);
    const second = (await createInvoice(developer.token, 900)).body.invoice;
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('open');
    const old = await call(app, 'GET', `${invoicesPath}/${first.id}`, { token: developer.token });
    expect(old.body.invoice.status).toBe('expired');
  });

  it("does not reuse another workspace's invoice", async () => {
    const alice = await createDeveloper(app);
    const bob = await createDeveloper(app);
    const mine = await createInvoice(alice.token, 700);
    const theirs = await createInvoice(bob.token, 700);
    expect(theirs.body.invoice.id).not.toBe(mine.body.invoice.id);
  });

  it.each([499, 0, -100])('answers 422 amount_below_minimum with minimum_cents for %s', async (amount) => {
    const developer = await createDeveloper(app);
    const response = await createInvoice(developer.token, amount);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: 'amount_below_minimum', minimum_cents: 500 });
  });

  it.each([
    ['a fraction', { amount_cents: 1_000.5 }, 'amount_cents'],
    ['a string', { amount_cents: '1000' }, 'amount_cents'],
    ['a missing amount', {}, 'amount_cents'],
    ['an amount above the maximum', { amount_cents: 10_000_001 }, 'amount_cents'],
    ['an unknown field', { amount_cents: 1_000, currency: 'EUR' }, 'currency'],
  ])('answers 422 validation_failed for %s', async (_name, body, field) => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', invoicesPath, { token: developer.token, body });
    expectValidationIssue(response, field);
  });

  it('needs onboarding:write: read-only and account-creation tokens get 403', async () => {
    const developer = await createDeveloper(app);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:read']);
    expect((await createInvoice(readOnly, 1_000)).status).toBe(403);
    const account = await createAccount(app);
    expect((await createInvoice(account.token.access_token, 1_000)).status).toBe(403);
    expect((await call(app, 'POST', invoicesPath, { body: { amount_cents: 1_000 } })).status).toBe(401);
    expect(await app.services.prisma.fundingInvoice.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });
});

describe('FUNDING_MINIMUM_CENTS', () => {
  it('sets the minimum that amount_below_minimum reports', async () => {
    const custom = await startTestApp({ FUNDING_MINIMUM_CENTS: '2000' });
    try {
      const developer = await createDeveloper(custom);
      const low = await call(custom, 'POST', invoicesPath, { token: developer.token, body: { amount_cents: 1_999 } });
      expect(low.body).toEqual({ error: 'amount_below_minimum', minimum_cents: 2_000 });
      const ok = await call(custom, 'POST', invoicesPath, { token: developer.token, body: { amount_cents: 2_000 } });
      expect(ok.status).toBe(201);
    } finally {
      await custom.close();
    }
  });
});

describe('GET /api/v1/onboarding/funding-invoices/{id}', () => {
  it('returns the invoice to its owner with onboarding:read', async () => {
    const developer = await createDeveloper(app);
    const created = (await createInvoice(developer.token, 1_200)).body.invoice;
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:read']);
    const response = await call(app, 'GET', `${invoicesPath}/${created.id}`, { token: readOnly });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ invoice: created });
  });

  it('answers 404 onchain_invoice_not_found for an unknown id', async () => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'GET', `${invoicesPath}/inv_doesnotexist`, { token: developer.token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'onchain_invoice_not_found' });
  });

  it("answers 404 for another workspace's invoice, exactly as for an unknown id", async () => {
    const owner = await createDeveloper(app);
    const stranger = await createDeveloper(app);
    const invoice = (await createInvoice(owner.token, 1_300)).body.invoice;
    const response = await call(app, 'GET', `${invoicesPath}/${invoice.id}`, { token: stranger.token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'onchain_invoice_not_found' });
  });

  it('needs onboarding:read', async () => {
    const developer = await createDeveloper(app);
    const invoice = (await createInvoice(developer.token, 1_400)).body.invoice;
    const writeOnly = await tokenWithScopes(app, developer.workspaceId, ['onboarding:write']);
    expect((await call(app, 'GET', `${invoicesPath}/${invoice.id}`, { token: writeOnly })).status).toBe(403);
  });
});

describe('paying an invoice with a signed funding.completed event', () => {
  async function openInvoice(amountCents = 2_000) {
    const developer = await createDeveloper(app);
    const invoice = (await createInvoice(developer.token, amountCents)).body.invoice;
    const row = await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id } });
    return { developer, invoice, row };
  }

  async function fundingCredits(workspaceId: string) {
    return app.services.prisma.ledgerEntry.findMany({ where: { workspaceId, kind: 'funding_credit' } });
  }

  it('marks the invoice paid and credits the balance once, however often the event arrives', async () => {
    const { developer, invoice, row } = await openInvoice(2_000);
    const event = sandboxPaymentCompleted(row, 'evt_paid_1');
    const first = await postSigned(app, 'funding', 'events', event);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({
      status: 'received',
      provider: 'sandboxpay',
      event_type: 'funding.completed',
      duplicate: false,
    });
    const repeat = await postSigned(app, 'funding', 'events', event);
    expect(repeat.body.duplicate).toBe(true);
    // A provider that re-sends the payment under a new event id still credits once per session.
    expect((await postSigned(app, 'funding', 'events', sandboxPaymentCompleted(row, 'evt_paid_2'))).body.duplicate).toBe(false);
    await app.services.jobs.drain();

    const read = await call(app, 'GET', `${invoicesPath}/${invoice.id}`, { token: developer.token });
    expect(read.body.invoice).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    expect(await fundingCredits(developer.workspaceId)).toMatchObject([{ amountCents: 2_000 }]);
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: developer.workspaceId } });
    expect(workspace.balanceCents).toBe(2_000);
  });

  it('never reuses a paid invoice', async () => {
    const { developer, invoice } = await openInvoice(1_000);
    await payInvoice(app, invoice);
    const next = await createInvoice(developer.token, 1_000);
    expect(next.body.invoice.id).not.toBe(invoice.id);
    expect(next.body.invoice.status).toBe('open');
  });

  it('ignores an event signed with the wrong secret', async () => {
    const { developer, invoice, row } = await openInvoice();
    const forged = await postSigned(app, 'funding', 'events', sandboxPaymentCompleted(row), {
      secret: 'not-the-funding-secret-at-all',
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'invalid_signature' });
    await app.services.jobs.drain();
    expect((await call(app, 'GET', `${invoicesPath}/${invoice.id}`, { token: developer.token })).body.invoice.status).toBe(
      'open',
    );
    expect(await fundingCredits(developer.workspaceId)).toEqual([]);
  });
});

describe('operator CLI mark-invoice-paid', () => {
  it('pays through the signed-event path over HTTP; a second run is a duplicate event', async () => {
    const developer = await createDeveloper(app);
    const invoice = (await createInvoice(developer.token, 1_100)).body.invoice;
    const first = await adminCommands['mark-invoice-paid'](app.services, { invoice: invoice.id, url: app.baseUrl, scopes: [] });
    expect(first).toMatchObject({
      invoice_id: invoice.id,
      session_id: invoice.session_id,
      delivered_to: `${app.baseUrl}/webhooks/sandboxpay/events`,
      acceptance: { status: 'received', duplicate: false },
    });
    const second = await adminCommands['mark-invoice-paid'](app.services, { invoice: invoice.id, url: app.baseUrl, scopes: [] });
    expect(second).toMatchObject({ acceptance: { duplicate: true } });
    await app.services.jobs.drain();
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: developer.workspaceId } });
    expect(workspace.balanceCents).toBe(1_100);
  });

  it('without --url verifies and stores the event for the job, as the route would', async () => {
    const developer = await createDeveloper(app);
    const invoice = (await createInvoice(developer.token, 1_200)).body.invoice;
    const result = await adminCommands['mark-invoice-paid'](app.services, { invoice: invoice.id, scopes: [] });
    expect(result).toMatchObject({ acceptance: { status: 'received', event_type: 'funding.completed', duplicate: false } });
    await app.services.jobs.drain();
    expect((await call(app, 'GET', `${invoicesPath}/${invoice.id}`, { token: developer.token })).body.invoice.status).toBe(
      'paid',
    );
  });

  it('refuses a missing or unknown invoice', async () => {
    await expect(adminCommands['mark-invoice-paid'](app.services, { scopes: [] })).rejects.toThrow('--invoice is required');
    await expect(adminCommands['mark-invoice-paid'](app.services, { invoice: 'inv_unknown', scopes: [] })).rejects.toThrow(
      'No funding invoice',
    );
  });
});

describe('GET hosted_url (sandboxpay checkout)', () => {
  it('describes the invoice and how the sandbox settles it, without a token', async () => {
    const developer = await createDeveloper(app);
    const invoice = (await createInvoice(developer.token, 1_600)).body.invoice;
    const page = await fetch(invoice.hosted_url);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      provider: 'sandboxpay',
      sandbox: true,
      invoice: { id: invoice.id, status: 'open', amount_cents: 1_600, pay_to: invoice.pay_to },
      how_to_pay: expect.stringContaining(`mark-invoice-paid --invoice ${invoice.id}`),
      pay: { method: 'POST', path: `/sandboxpay/checkout/${invoice.session_id}/pay` },
    });
  });

  it('settles the invoice through the signed-event path when the sandbox wallet pays, once', async () => {
    const developer = await createDeveloper(app);
    const invoice = (await createInvoice(developer.token, 1_700)).body.invoice;
    const pay = `/sandboxpay/checkout/${invoice.session_id}/pay`;
    const first = await call(app, 'POST', pay);
    expect(first.status).toBe(202);
    expect(first.body.event).toMatchObject({
      status: 'received',
      provider: 'sandboxpay',
      event_type: 'funding.completed',
      duplicate: false,
    });
    const again = await call(app, 'POST', pay);
    expect(again.body.event.duplicate).toBe(true);
    await app.services.jobs.drain();
    expect((await call(app, 'GET', `${invoicesPath}/${invoice.id}`, { token: developer.token })).body.invoice.status).toBe(
      'paid',
    );
    const credits = await app.services.prisma.ledgerEntry.findMany({
      where: { workspaceId: developer.workspaceId, kind: 'funding_credit' },
    });
    expect(credits.map((credit) => credit.amountCents)).toEqual([1_700]);
    expect((await call(app, 'POST', '/sandboxpay/checkout/sps_unknown/pay')).status).toBe(404);
  });

  it('shows a browser a checkout page whose pay button settles the invoice, then shows it paid', async () => {
    const developer = await createDeveloper(app);
    const invoice = (await createInvoice(developer.token, 1_800)).body.invoice;
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const open = await fetch(invoice.hosted_url, { headers: browser });
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toMatch(/^text\/html/);
    expect(open.headers.get('content-security-policy')).toContain("default-src 'none'");
    const openPage = await open.text();
    expect(openPage).toContain(invoice.id);
    expect(openPage).toContain('$18.00');
    expect(openPage).toContain(invoice.pay_to);
    expect(openPage).toContain(`<form method="post" action="/sandboxpay/checkout/${invoice.session_id}/pay">`);

    // The button is a plain form post: it comes back to the page rather than to JSON.
    const paid = await fetch(`${app.baseUrl}/sandboxpay/checkout/${invoice.session_id}/pay`, {
      method: 'POST',
      headers: browser,
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/sandboxpay/checkout/${invoice.session_id}?payment=sent`);
    await app.services.jobs.drain();
    const after = await (await fetch(`${app.baseUrl}${paid.headers.get('location')}`, { headers: browser })).text();
    expect(after).toContain('<dd id="invoice-status">paid</dd>');
    expect(after).not.toContain('<form');
  });

  it('answers 404 for an unknown session', async () => {
    const page = await call(app, 'GET', '/sandboxpay/checkout/sps_unknown');
    expect(page.status).toBe(404);
    expect(page.body.error.code).toBe('not_found');
  });
});
