import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import { ensureConsoleBuilt, launchBrowser, screenshotDir, signInToConsole, tabTo } from './browser-support.ts';
import { consolePassword, startSink } from './console-support.ts';
import { call, closeStarted, eventually, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * The console as a new customer lives in it, in Chromium and without a terminal: creating the
 * account (keyboard alone), funding it at the checkout, buying, renaming and releasing a number,
 * running a campaign, messages and conversations that update by themselves, and test events of a
 * chosen type.
 */

const screenshots = screenshotDir('console-customer');
const patience = { timeout: 20_000, interval: 100 };

let app: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  await ensureConsoleBuilt();
  // Real time: the browser shows times relative to its own clock.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }, { clock: systemClock });
  browser = await launchBrowser();
  page = browser.page;
  page.on('dialog', (dialog) => void dialog.accept());
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, app);
});

describe('the console for a customer who never opens a terminal', () => {
  it('creates an account with the keyboard alone, shows its backup codes once, and lands on Messages', async () => {
    await page.goto(`${app.baseUrl}/console/sign-in`);
    await tabTo(page, 'Create an account');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const username = `shop-${Date.now()}`;
    // The username field has the focus on arrival.
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(consolePassword);
    await page.keyboard.press('Enter');
    const codes = page.getByRole('list', { name: 'Backup codes' }).locator('code');
    await codes.first().waitFor();
    const shown = await codes.allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    await shoot('01-backup-codes');
    // The codes are the account's: one resets the password.
    const reset = await call(app, 'POST', '/trpc/console.resetPassword', {
      body: { username, backup_code: shown[0], new_password: consolePassword },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    // The continue button has the focus.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/messages');
    // Shown once: the sign-up page, opened again while signed in, leads to the console instead.
    await page.goto(`${app.baseUrl}/console/sign-up`);
    await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
  });

  it('funds the balance: an invoice, its checkout, and the invoice turning paid without a reload', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Billing' }).click();
    await page.getByText('No invoices yet').waitFor();
    await page.getByLabel('Amount in US dollars').fill('25');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    const row = page.locator('tr[data-invoice-id]');
    await row.waitFor();
    expect(await row.locator('.badge').textContent()).toBe('open');
    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      row.getByRole('link', { name: 'Open checkout' }).click(),
    ]);
    await checkout.getByRole('button', { name: /^Pay \$25\.00/ }).click();
    await checkout.waitForURL(/payment=sent/);
    await checkout.close();
    await expect.poll(() => row.locator('.badge').textContent(), patience).toBe('paid');
    expect(await page.getByTestId('balance').textContent()).toBe('$25.00');
    await shoot('02-invoice-paid');
  });

  it('searches, buys, renames and releases a number', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Numbers' }).click();
    await page.getByText('No numbers yet').waitFor();
    await page.getByLabel('Area code').fill('415');
    await page.getByRole('button', { name: 'Search' }).click();
    const offer = page.locator('tr[data-available-number]').first();
    await offer.waitFor();
    const number = (await offer.getAttribute('data-available-number'))!;
    expect(number).toMatch(/^\+1415/);
    await offer.getByRole('button', { name: `Buy ${number}` }).click();
    const owned = page.locator('tr[data-number-id]').filter({ hasText: number });
    await owned.waitFor();
    // A second one, which the campaign below sends from.
    const kept = page.locator('tr[data-available-number]').first();
    const keptNumber = (await kept.getAttribute('data-available-number'))!;
    await kept.getByRole('button', { name: `Buy ${keptNumber}` }).click();
    await page.locator('tr[data-number-id]').filter({ hasText: keptNumber }).waitFor();

    await owned.getByRole('button', { name: `Rename ${number}` }).click();
    await page.getByLabel(`New name for ${number}`).fill('Front desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => owned.locator('.friendly-name').textContent(), patience).toBe('Front desk');
    await shoot('03-number-renamed');

    await owned.getByRole('button', { name: `Release ${number}` }).click();
    await expect
      .poll(() => owned.locator('td[data-label="Status"] .badge').textContent(), patience)
      .toMatch(/releasing|released/);
    const stored = await app.services.prisma.phoneNumber.findFirstOrThrow({ where: { number } });
    expect(stored.friendlyName).toBe('Front desk');
    expect(stored.status).not.toBe('connected');
  });

  it('takes a campaign through stages, a contact list, enrollment, activation, pause and the enrollments list', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByText('No campaigns yet').waitFor();
    await page.getByLabel('New campaign name').fill('Welcome series');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Welcome series' }).waitFor();
    expect(await page.getByTestId('campaign-status').textContent()).toBe('draft');

    await page.getByLabel('Stage text').fill('Hi {{first_name | default: "there"}}, welcome!');
    await page.getByRole('button', { name: 'Add stage' }).click();
    await page.locator('[data-stage-id]').first().waitFor();
    await page.getByLabel('Stage text').fill('Still there? Reply STOP to opt out.');
    await page.getByLabel('Wait before it, in minutes').fill('1440');
    await page.getByRole('button', { name: 'Add stage' }).click();
    await expect.poll(() => page.locator('[data-stage-id]').count(), patience).toBe(2);

    await page.getByLabel('New contact list name').fill('VIPs');
    await page.getByLabel('Its numbers').fill('+14155550141\n+14155550142');
    await page.getByRole('button', { name: 'Create list' }).click();
    const listOption = page.getByLabel('Or every contact of a list').locator('option', { hasText: 'VIPs (2 contacts)' });
    await listOption.waitFor({ state: 'attached' });
    await page.getByLabel('Or every contact of a list').selectOption({ label: 'VIPs (2 contacts)' });
    await page.getByRole('button', { name: 'Enroll' }).click();
    await expect.poll(() => page.locator('tr[data-enrollment-id]').count(), patience).toBe(2);
    await page.getByLabel('Phone numbers').fill('+14155550143');
    await page.getByRole('button', { name: 'Enroll' }).click();
    await expect.poll(() => page.locator('tr[data-enrollment-id]').count(), patience).toBe(3);
    expect(await page.getByTestId('enrolled-active').textContent()).toBe('3');

    // Quiet hours off, so the first stage goes out now whatever the hour where the test runs.
    const campaignId = new URL(page.url()).pathname.split('/').pop()!;
    const settings = await call(app, 'POST', '/trpc/campaigns.update', {
      body: { id: campaignId, settings: { quiet_hours: { enabled: false } } },
      headers: await sessionHeaders(),
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), patience).toBe('active');
    // Per-stage statistics: the first stage's three steps went out, the second waits a day.
    await eventually('the first stage to be sent', async () => {
      const sent = await app.services.prisma.campaignDelivery.count({ where: { campaignId, outcome: 'sent' } });
      return sent === 3;
    });
    await page.reload();
    await expect
      .poll(() => page.getByTestId('stage-steps').allTextContents(), patience)
      .toEqual(['3 sent · 0 skipped for an opt-out · 0 refused', '0 sent · 0 skipped for an opt-out · 0 refused']);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), patience).toBe('paused');
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await shoot('04-campaign-paused');
    const campaign = await app.services.prisma.campaign.findFirstOrThrow({ where: { name: 'Welcome series' } });
    expect(campaign.status).toBe('paused');
  });

  it('updates Messages, a timeline and Conversations by themselves, over one event stream', async () => {
    const developer = await sendingWorkspace(app);
    const ours = developer.senders[0]!.number;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    // Counted from sign-in: Messages opens the tab's stream as it lands, at a moment the test does not control.
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/console-events')) streams.push(request.url());
    });
    await signInToConsole(page, app.baseUrl, developer.account.account.username);

    await page.getByText('No messages yet').waitFor();
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550150', body: 'Your order shipped' },
    });
    expect(sent.status).toBe(202);
    const id = sent.body.message.id as string;
    await page.locator(`tr[data-message-id="${id}"]`).waitFor({ timeout: 20_000 });

    // The timeline follows the carrier's reports without a reload.
    await page.locator(`tr[data-message-id="${id}"] a`).first().click();
    const steps = page.getByRole('list', { name: 'Timeline' }).locator('li');
    await expect
      .poll(() => steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-step'))), patience)
      .toEqual(expect.arrayContaining(['accepted', 'delivered']));

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Conversations' }).click();
    await page.getByRole('heading', { name: 'Conversations', exact: true }).waitFor();
    const reply = await postSigned(app, 'messaging', 'incoming', {
      id: eventId('in'),
      from: '+14155550150',
      to: ours,
      body: 'Thanks!',
    });
    expect(reply.status).toBe(202);
    await expect.poll(() => page.locator('main').textContent(), patience).toContain('+14155550150');
    await page
      .getByRole('link', { name: /\+14155550150/ })
      .first()
      .click();
    await page.getByText('Thanks!').waitFor();
    await postSigned(app, 'messaging', 'incoming', { id: eventId('in'), from: '+14155550150', to: ours, body: 'One more' });
    await page.getByText('One more').waitFor({ timeout: 20_000 });
    // One stream for the whole tab: the one Messages opened at sign-in served every page since.
    expect(streams).toHaveLength(1);
    await shoot('05-conversation-live');
  });

  it('sends a test event of the type picked', async () => {
    const sink = await startSink();
    try {
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Endpoints' }).click();
      const endpoint = await call(app, 'POST', `/trpc/webhookEndpoints.create`, {
        body: { url: sink.url },
        headers: await sessionHeaders(),
      });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
      await page.reload();
      await page.getByLabel('Test event type').selectOption('opt_out.created');
      await page.getByRole('button', { name: 'Send test event' }).click();
      await page.waitForURL(/\/console\/deliveries\/\w+/);
      await eventually('the test event to arrive', async () => sink.requests.length > 0);
      expect(JSON.parse(sink.requests[0]!.body).type).toBe('opt_out.created');
    } finally {
      await sink.close();
    }
  });
});

/** The signed-in browser's session cookie and CSRF token, for a call the page would make. */
async function sessionHeaders(): Promise<Record<string, string>> {
  const cookies = await page.context().cookies(app.baseUrl);
  const cookie = cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  const session = await call(app, 'GET', `/trpc/console.session?input=${encodeURIComponent('{}')}`, { headers: { cookie } });
  return { cookie, 'x-csrf-token': session.body.result.data.csrf_token };
}
