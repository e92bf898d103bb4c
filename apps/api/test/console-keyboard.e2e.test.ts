import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import { ensureConsoleBuilt, focusedElement, launchBrowser, screenshotDir, tabTo } from './browser-support.ts';
import { consolePassword, consoleUser, createEndpoint, startSink, type ConsoleSession } from './console-support.ts';
import { closeStarted, eventually, startTestApp, type TestApp } from './harness.ts';

/**
 * The console with the keyboard alone, in Chromium: Tab, Shift+Tab, Enter, Space and typing reach
 * and operate funding, numbers, campaigns and the test event picker, and the focus stays on the
 * page's content after each action (never dropped to the document's body).
 */

const screenshots = screenshotDir('console-keyboard');
const patience = { timeout: 20_000, interval: 100 };

let app: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let session: ConsoleSession;

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

/** Opens a console page from the navigation bar: Shift+Tab up to its link, then Enter. */
async function openFromNavigation(label: string, heading: string): Promise<void> {
  await tabTo(page, label, { backwards: true });
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  expect(await focusedElement(page)).toMatch(/^MAIN /);
}

/** The focus settles on the page's content (a button disabled while busy drops it for a moment). */
async function expectFocusKept(): Promise<void> {
  await expect.poll(() => focusedElement(page), patience).not.toMatch(/^BODY /);
}

beforeAll(async () => {
  await ensureConsoleBuilt();
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }, { clock: systemClock });
  browser = await launchBrowser();
  page = browser.page;
  // Releasing a number asks for confirmation: Enter on the browser's dialog accepts it.
  page.on('dialog', (dialog) => void dialog.accept());
  ({ session } = await consoleUser(app));
  await page.goto(`${app.baseUrl}/console/sign-in`);
  await tabTo(page, 'Username');
  await page.keyboard.type(session.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(consolePassword);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, app);
});

describe('the console with the keyboard alone', () => {
  it('creates a funding invoice, pays it at its checkout and sees it turn paid', async () => {
    await openFromNavigation('Billing', 'Balance and invoices');
    await tabTo(page, 'Amount in US dollars');
    await page.keyboard.type('25');
    await page.keyboard.press('Enter');
    const row = page.locator('tr[data-invoice-id]');
    await row.waitFor();
    await expectFocusKept();
    await tabTo(page, 'Open checkout');
    const [checkout] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await checkout.getByRole('button', { name: /^Pay \$25\.00/ }).waitFor();
    await tabTo(checkout, (await checkout.getByRole('button', { name: /^Pay \$25\.00/ }).textContent())!.trim());
    await checkout.keyboard.press('Enter');
    await checkout.waitForURL(/payment=sent/);
    await checkout.close();
    await expect.poll(() => row.locator('.badge').textContent(), patience).toBe('paid');
    await shoot('01-invoice-paid');
  });

  it('searches, buys, renames and releases a number', async () => {
    await openFromNavigation('Numbers', 'Numbers');
    await tabTo(page, 'Area code');
    await page.keyboard.type('415');
    await page.keyboard.press('Enter');
    const offer = page.locator('tr[data-available-number]').first();
    await offer.waitFor();
    const number = (await offer.getAttribute('data-available-number'))!;
    await tabTo(page, `Buy ${number}`);
    await page.keyboard.press('Space');
    const owned = page.locator('tr[data-number-id]').filter({ hasText: number });
    await owned.waitFor();
    // The bought number's row takes the focus, where it can be renamed.
    await expect.poll(() => focusedElement(page), patience).toBe(`BUTTON Rename ${number}`);

    await page.keyboard.press('Enter');
    // The name field has the focus, holding the current name: replaced by typing over it.
    await expect.poll(() => focusedElement(page), patience).toMatch(/^INPUT /);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Front desk');
    await page.keyboard.press('Enter');
    await expect.poll(() => owned.locator('.friendly-name').textContent(), patience).toBe('Front desk');
    // The form closes back onto its button.
    await expect.poll(() => focusedElement(page), patience).toBe(`BUTTON Rename ${number}`);
    await shoot('02-number-renamed');

    await tabTo(page, `Release ${number}`);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => owned.locator('td[data-label="Status"] .badge').textContent(), patience)
      .toMatch(/releasing|released/);
    // The row's buttons are gone; the list's heading has the focus.
    await expect.poll(() => focusedElement(page), patience).toBe('H2 Your numbers');
    const stored = await app.services.prisma.phoneNumber.findFirstOrThrow({ where: { number } });
    expect(stored.friendlyName).toBe('Front desk');
    expect(stored.status).not.toBe('connected');
  });

  it('creates a campaign, adds a stage, enrolls numbers, activates and pauses it', async () => {
    await openFromNavigation('Campaigns', 'Campaigns');
    await tabTo(page, 'New campaign name');
    await page.keyboard.type('Keyboard series');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Keyboard series' }).waitFor();
    // A new page: the focus starts at its content, not at the top of the document.
    expect(await focusedElement(page)).toMatch(/^MAIN /);

    await tabTo(page, 'Stage text');
    await page.keyboard.type('Hello from the keyboard. Reply STOP to opt out.');
    await tabTo(page, 'Add stage');
    await page.keyboard.press('Enter');
    await page.locator('[data-stage-id]').first().waitFor();
    await expectFocusKept();

    await tabTo(page, 'Phone numbers');
    await page.keyboard.type('+14155550171');
    await page.keyboard.press('Enter');
    await page.keyboard.type('+14155550172');
    await tabTo(page, 'Enroll');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('tr[data-enrollment-id]').count(), patience).toBe(2);
    await expectFocusKept();

    await tabTo(page, 'Activate', { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), patience).toBe('active');
    // The same button now pauses, and keeps the focus.
    await expect.poll(() => focusedElement(page), patience).toBe('BUTTON Pause');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), patience).toBe('paused');
    await expect.poll(() => focusedElement(page), patience).toBe('BUTTON Resume');
    await shoot('03-campaign-paused');
    const campaign = await app.services.prisma.campaign.findFirstOrThrow({ where: { name: 'Keyboard series' } });
    expect(campaign.status).toBe('paused');
  });

  it('picks a test event type and sends it to an endpoint', async () => {
    const sink = await startSink();
    try {
      await createEndpoint(app, session, { url: sink.url });
      await openFromNavigation('Endpoints', 'Webhook endpoints');
      await tabTo(page, 'Test event type');
      // Typing on a closed select picks the first option it matches.
      await page.keyboard.type('opt_out.c');
      expect(await page.getByLabel('Test event type').inputValue()).toBe('opt_out.created');
      await tabTo(page, 'Send test event');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/console\/deliveries\/\w+/);
      expect(await focusedElement(page)).toMatch(/^MAIN /);
      await eventually('the test event to arrive', async () => sink.requests.length > 0);
      expect(JSON.parse(sink.requests[0]!.body).type).toBe('opt_out.created');
    } finally {
      await sink.close();
    }
  });
});
