import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import { axeViolations, ensureConsoleBuilt, launchBrowser, screenshotDir, signInToConsole } from './browser-support.ts';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

const screenshots = screenshotDir('console-messaging-settings');

let app: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let developer: Awaited<ReturnType<typeof sendingWorkspace>>;

async function expectNoAxeViolations(name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

beforeAll(async () => {
  await ensureConsoleBuilt();
  app = await startTestApp({}, { clock: systemClock });
  browser = await launchBrowser();
  page = browser.page;
  developer = await sendingWorkspace(app);
  await signInToConsole(page, app.baseUrl, developer.account.account.username);
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, app);
});

describe('the Messaging settings page in Chromium', () => {
  it('shows the defaults, saves keywords, allowed hours and destinations, and axe finds nothing', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Messaging settings' }).click();
    await page.getByRole('heading', { name: 'Messaging settings', exact: true }).waitFor();
    expect(await page.getByLabel('Allowed countries').inputValue()).toBe('US');
    await expectNoAxeViolations('defaults');

    await page.getByLabel('Help message').fill('Acme Dental: call 415-555-0100. Reply STOP to opt out.');
    await page.getByLabel('Opt-out confirmation').fill('Acme Dental: you will get no more texts. Reply START to resubscribe.');
    await page.getByLabel('Opt-in confirmation').fill('Acme Dental: welcome back. Reply STOP to opt out.');
    await page.getByLabel('Outside allowed hours').selectOption('hold');
    await page.getByLabel('From').fill('09:00');
    await page.getByLabel('Until').fill('20:00');
    await page.getByLabel('Apply the stricter windows of state laws').uncheck();
    await page.getByLabel('Allowed countries').fill('US, ca');
    await page.getByLabel('Custom keywords').fill('HOURS: Open 9-5.');
    await page.getByLabel('Refuse sends to landlines').check();
    await page.getByLabel('New numbers per block and hour').fill('12');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Messaging settings saved.').waitFor();

    const saved = await call(app, 'GET', '/api/v1/messaging-settings', { token: developer.token });
    expect(saved.body.messaging_settings).toMatchObject({
      help_message: 'Acme Dental: call 415-555-0100. Reply STOP to opt out.',
      opt_out_confirmation: 'Acme Dental: you will get no more texts. Reply START to resubscribe.',
      opt_in_confirmation: 'Acme Dental: welcome back. Reply STOP to opt out.',
      quiet_hours: { mode: 'hold', start: '09:00', end: '20:00', apply_state_rules: false },
      allowed_countries: ['US', 'CA'],
      keywords: [{ keyword: 'HOURS', reply: 'Open 9-5.' }],
      reject_landlines: true,
      pumping_guard: { enabled: true, max_new_numbers_per_hour: 12 },
    });
    await expectNoAxeViolations('saved');
  });

  it('shows a refused change with its reason', async () => {
    await page.getByLabel('Custom keywords').fill('STOP: no');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /keyword/i })
      .waitFor();
    await expectNoAxeViolations('refused');
  });
});
