import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import { ensureConsoleBuilt, launchBrowser, screenshotDir as screenshotsOf } from './browser-support.ts';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { consolePassword, recordEvent, startSink } from './console-support.ts';
import { sendingWorkspace } from './sending-support.ts';

const screenshotDir = screenshotsOf('console');

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Clicks Refresh until the deliveries table shows `count` rows matching `text`. */
async function waitForRows(text: string | RegExp, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.locator('table, .state').first().waitFor();
        return page.locator('tr.delivery-row').filter({ hasText: text }).count();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBeGreaterThanOrEqual(count);
}

beforeAll(async () => {
  await ensureConsoleBuilt();
  // Real time: the browser shows times relative to its own clock.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TIMEOUT_MS: '6000' }, { clock: systemClock });
  sink = await startSink();
  browser = await launchBrowser();
  ({ context, page } = browser);
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, sink, app);
});

describe('console in a real browser', () => {
  it('signs in, configures an endpoint, watches deliveries succeed and fail, and replays one', async () => {
    const developer = await sendingWorkspace(app);
    const username = developer.account.account.username;

    // Sign in (a wrong password first: the error is shown in the form).
    await page.goto(`${app.baseUrl}/console/`);
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    await shoot('01-sign-in');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('not the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('incorrect');
    await page.getByLabel('Password').fill(consolePassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Endpoints' }).click();
    await page.getByRole('heading', { name: 'Webhook endpoints' }).waitFor();
    await page.getByText('No endpoints yet').waitFor();
    await shoot('02-endpoints-empty');

    // Create an endpoint at the local sink; a bad URL is refused with the reason first.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('Endpoint URL').fill('ftp://example.com/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => page.locator('form .form-error').textContent(), { timeout: 10_000 }).toContain('https');
    await page.getByLabel('Endpoint URL').fill(sink.url);
    await page.getByLabel('Description').fill('Local sink');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const card = page.locator('article.endpoint');
    await card.waitFor();
    await card.getByRole('button', { name: 'Reveal signing secret' }).click();
    await expect.poll(() => card.getByTestId('secret').textContent()).toMatch(/^whsec_/);
    await shoot('03-endpoints');

    // Send a message through the API: the sandbox carrier reports sent, then delivered.
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550142', body: 'Hello from the browser test' },
    });
    expect(sent.status).toBe(202);
    await page.getByRole('link', { name: 'Deliveries' }).first().click();
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    await waitForRows('Succeeded', 2);
    await shoot('04-deliveries-succeeded');

    // Take the sink down: the next event's delivery fails with its code and a scheduled retry.
    sink.respond = { status: 500, body: 'sink is down', delayMs: 0 };
    const failing = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550143', body: 'This one meets a broken endpoint' },
    });
    expect(failing.status).toBe(202);
    // Failed at once, with its retry scheduled: the failed-only filter lists it, as a warning while it retries.
    await page.getByRole('link', { name: 'Show failed only' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('failed');
    await waitForRows(/Failed.*500.*retry/, 1);
    await shoot('05-deliveries-failing');
    await page.locator('tr.delivery-row').filter({ hasText: '500' }).first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Delivery' }).waitFor();
    await page.locator('.summary').getByText('500').waitFor();
    // A retry is scheduled and shown (as a time, or "due now" once it is about to run).
    const nextRetry = page.locator('.summary div', { hasText: 'Next retry' }).locator('time');
    await expect.poll(() => nextRetry.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expect.poll(() => page.locator('.attempt').first().textContent()).toContain('sink is down');
    await page.locator('.attempt details summary').first().click();
    await shoot('06-delivery-failed');

    // Let the 5 s retries fail too: the next ones are minutes away, so only the replay can succeed below.
    await expect
      .poll(
        () => app.services.prisma.webhookDelivery.count({ where: { status: { not: 'succeeded' }, attemptCount: { lt: 2 } } }),
        { timeout: 30_000 },
      )
      .toBe(0);
    await page.reload();
    await page.locator('.attempt').nth(1).waitFor();

    // Bring the sink back and replay: a new attempt with the original payload appears.
    sink.respond = { status: 200, body: 'back up', delayMs: 0 };
    const requestsBefore = sink.requests.length;
    await page.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => page.locator('.attempt').first().textContent(), { timeout: 30_000 }).toMatch(/200.*replay/);
    await page.locator('.summary').getByText('Succeeded').waitFor();
    const replayed = sink.requests.slice(requestsBefore).find((request) => request.body.includes('+14155550143'));
    expect(replayed).toBeDefined();
    await shoot('07-delivery-replayed');

    // A test event: its page shows the attempt once it is made, with no reload. The sink keeps it
    // waiting past the 6 s time-out, so the page is up before the attempt is recorded (6 s for the
    // page to load on a loaded machine).
    sink.respond = { status: 200, body: 'too late', delayMs: 8_000 };
    await page.getByRole('link', { name: 'Endpoints' }).click();
    await page.locator('article.endpoint').getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('heading', { name: 'Delivery' }).waitFor();
    await page.getByText('No attempts yet').waitFor();
    await expect
      .poll(() => page.locator('.attempt').first().textContent(), { timeout: 30_000 })
      .toMatch(/test.*No response within 6 s/);
    await page.locator('.summary').getByText('Failed').waitFor();
    sink.respond = { status: 200, body: 'ok', delayMs: 0 };
    await shoot('08-test-event');

    // Past a page (25 deliveries), Load more appends the next page with the list's cursor until none is left.
    for (let index = 0; index < 25; index += 1) await recordEvent(app, developer.workspaceId, 'message.sent');
    const deliveryCount = () => app.services.prisma.webhookDelivery.count({ where: { workspaceId: developer.workspaceId } });
    await page.getByRole('link', { name: 'Deliveries' }).first().click();
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    await expect.poll(() => page.locator('tr.delivery-row').count()).toBe(25);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect
      .poll(async () => (await page.locator('tr.delivery-row').count()) === (await deliveryCount()), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Load more' }).isHidden()).toBe(true);

    // The other pages render with their data, on a laptop and on a phone.
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.locator('tr[data-token-id]').first().waitFor();
    await shoot('09-api-tokens');
    await page.getByRole('link', { name: 'OAuth clients' }).click();
    await page.getByText('No OAuth clients').waitFor();
    await shoot('10-oauth-clients');

    // Billing: a paid invoice shows when it was paid, an open one when it expires; the balance is dollars.
    const invoiceOf = async (amount_cents: number) =>
      (await call(app, 'POST', '/api/v1/onboarding/funding-invoices', { token: developer.token, body: { amount_cents } })).body
        .invoice;
    const paidInvoice = await invoiceOf(1_000);
    const openInvoice = await invoiceOf(1_200);
    expect((await call(app, 'POST', `/sandboxpay/checkout/${paidInvoice.session_id}/pay`)).status).toBe(202);
    await expect
      .poll(async () => (await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: paidInvoice.id } })).status, {
        timeout: 30_000,
      })
      .toBe('paid');
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(/^\$\d/);
    expect(await page.locator('.page-header').textContent()).not.toContain('cents');
    const paidRow = page.locator(`tr[data-invoice-id="${paidInvoice.id}"]`);
    await expect.poll(() => paidRow.locator('.invoice-payment').textContent()).toMatch(/^Paid /);
    expect(await paidRow.textContent()).not.toContain('Expires');
    const openRow = page.locator(`tr[data-invoice-id="${openInvoice.id}"]`);
    expect(await openRow.locator('.invoice-payment').textContent()).toMatch(/^Expires (in|tomorrow)/);
    await shoot('11-billing');

    // The invoice link opens the checkout as a page a person can read and pay, not raw JSON.
    const [checkout] = await Promise.all([context.waitForEvent('page'), openRow.getByRole('link').click()]);
    await checkout.getByRole('heading', { name: /checkout/ }).waitFor();
    expect(await checkout.locator('body').textContent()).toContain(openInvoice.pay_to);
    await checkout.getByRole('button', { name: 'Pay $12.00 with the sandbox wallet' }).click();
    await checkout.getByText('Payment sent').or(checkout.getByText(/^Paid/)).first().waitFor();
    await checkout.screenshot({ path: path.join(screenshotDir, '12-checkout.png'), fullPage: true });
    await checkout.close();

    // On a 375 px phone every page stays reachable from the navigation, none hidden off the edge.
    await page.setViewportSize({ width: 375, height: 812 });
    const navLinks = page.getByRole('navigation', { name: 'Console' }).getByRole('link');
    expect(await navLinks.count()).toBe(15);
    for (const link of await navLinks.all()) {
      const box = await link.boundingBox();
      expect(box, (await link.textContent()) ?? '').not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await shoot('13-phone-navigation');
    await page.getByRole('link', { name: 'OAuth clients' }).click();
    await page.getByText('No OAuth clients').waitFor();
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.locator(`tr[data-invoice-id="${paidInvoice.id}"]`).waitFor();
    await page.getByRole('link', { name: 'Deliveries' }).click();
    await page.locator('tr.delivery-row').first().waitFor();
    await shoot('14-phone-deliveries');
    await page.getByRole('link', { name: 'Endpoints' }).click();
    await page.locator('article.endpoint').waitFor();
    await shoot('15-phone-endpoints');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Sign out: the console is closed again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    await page.goto(`${app.baseUrl}/console/deliveries`);
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    // Chromium, the app and a real 5 s retry share two loaded cores.
  }, 180_000);
});
