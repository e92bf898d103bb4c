import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import { axeViolations, ensureConsoleBuilt, launchBrowser, screenshotDir, signInToConsole } from './browser-support.ts';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

const screenshots = screenshotDir('console-compliance');

let app: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let developer: Awaited<ReturnType<typeof sendingWorkspace>>;
let local: { id: string; number: string };
let tollFree: { id: string; number: string };

async function buy(body: Record<string, unknown>) {
  const bought = await call(app, 'POST', '/api/v1/numbers', { token: developer.token, body });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  return bought.body.number as { id: string; number: string };
}

/**
 * The sandbox decides a submission SANDBOX_DELAY_MS x 5 after it (2.5 s, long enough for the page to
 * show it pending on a loaded machine): reads the page again until nothing is pending.
 */
const sandboxDelayMs = 500;

async function afterTheDecision(): Promise<void> {
  await expect
    .poll(
      async () => {
        await app.services.jobs.drain();
        await page.reload();
        await page.getByRole('heading', { name: 'Brands', exact: true }).waitFor();
        return page.locator('tr .badge', { hasText: /^pending$/ }).count();
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(0);
}

/** The brand registration form (a rejected brand's correction form has the same fields). */
const brandForm = () => page.getByRole('form', { name: 'Register a brand' });
const fill = async (label: string, value: string) => brandForm().getByLabel(label).fill(value);

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
  app = await startTestApp({ SANDBOX_DELAY_MS: String(sandboxDelayMs) }, { clock: systemClock });
  browser = await launchBrowser();
  page = browser.page;
  developer = await sendingWorkspace(app, { numbers: 0 });
  local = await buy({ registration: 'unregistered' });
  tollFree = await buy({ type: 'toll_free', registration: 'unregistered' });
  await signInToConsole(page, app.baseUrl, developer.account.account.username);
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, app);
});

describe('the Compliance page in Chromium', () => {
  it('starts empty, with both numbers unregistered, and axe finds nothing', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Compliance' }).click();
    await page.getByRole('heading', { name: 'Compliance', exact: true }).waitFor();
    await page.getByText('No brands yet').waitFor();
    const rows = page.locator(`tr[data-number-id]`);
    expect(await rows.count()).toBe(2);
    expect(await page.locator(`tr[data-number-id="${local.id}"] .badge`).textContent()).toBe('unregistered');
    await expectNoAxeViolations('empty');
  });

  it('registers a brand, shows a rejected one with the field to fix, and a verified one', async () => {
    await page.getByText('Register a brand', { exact: true }).click();
    const register = async (legalName: string) => {
      await fill('Legal name', legalName);
      await fill('Country', 'US');
      await fill('Tax id', '12-3456789');
      await brandForm().getByLabel('Kind of organisation').selectOption('private_company');
      await brandForm().getByLabel('Industry').selectOption('healthcare');
      await fill('Website', 'https://example.com');
      await fill('Support email', 'support@example.com');
      await fill('Support phone', '+14155550123');
      await page.getByRole('button', { name: 'Register brand' }).click();
      await page.locator('tr[data-brand-id]', { hasText: legalName }).waitFor();
    };
    await register('REJECT Dental LLC');
    await afterTheDecision();
    const rejected = page.locator('tr[data-brand-id]', { hasText: 'REJECT Dental LLC' });
    expect(await rejected.locator('.badge').textContent()).toBe('rejected');
    expect(await rejected.locator('[data-reason-field]').getAttribute('data-reason-field')).toBe('legal_name');
    expect(await rejected.locator('.reasons .fix').textContent()).toContain('update_brand');

    await page.getByText('Register a brand', { exact: true }).click();
    await register('Example Dental LLC');
    await afterTheDecision();
    expect(await page.locator('tr[data-brand-id]', { hasText: 'Example Dental LLC' }).locator('.badge').textContent()).toBe(
      'verified',
    );
  });

  it('registers a use case, shows its throughput once approved, and assigns the local number to it', async () => {
    await page.getByText('Register a use case', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Register a use case' });
    await form.getByRole('combobox', { name: /^Use case/ }).selectOption('account_notifications');
    await form.getByLabel('Description').fill('Appointment reminders and changes for patients who booked online.');
    await form
      .getByLabel('Sample messages')
      .fill('Example Dental: your cleaning is tomorrow at 9:00.\nExample Dental: your visit moved to Friday 10:30.');
    await form.getByLabel('How recipients opt in').fill('Patients tick an unchecked box for text reminders on the booking form.');
    await form.getByLabel('Answer to HELP').fill('Example Dental: call +14155550123 for help.');
    await form.getByLabel('Answer to STOP').fill('Example Dental: you will get no more texts.');
    await form.getByLabel('Messages contain phone numbers').check();
    await form.getByRole('button', { name: 'Register use case' }).click();
    await page.locator('tr[data-use-case-id]').first().waitFor();
    await afterTheDecision();
    const useCase = page.locator('tr[data-use-case-id]');
    expect(await useCase.locator('.badge').textContent()).toBe('approved');
    expect(await useCase.textContent()).toContain('4,500 a minute');

    const row = page.locator(`tr[data-number-id="${local.id}"]`);
    await row.getByLabel(`Use case for ${local.number}`).selectOption({ index: 0 });
    await row.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => row.locator('.badge').textContent()).toBe('approved');
    expect(await row.textContent()).toContain('account notifications');
  });

  it('submits the toll-free number for verification, and axe finds nothing on the filled page', async () => {
    const row = page.locator(`tr[data-number-id="${tollFree.id}"]`);
    await row.getByText(`Verify ${tollFree.number}`).click();
    const form = page.getByRole('form', { name: `Verify ${tollFree.number}` });
    await form.getByRole('combobox', { name: /^Use case/ }).selectOption('delivery_notifications');
    await form.getByLabel('Description').fill('Delivery updates for customers who ordered online and asked for texts.');
    await form.getByLabel('Sample messages').fill('Example: your order shipped today.\nExample: your order was delivered.');
    await form.getByLabel('How recipients opt in').fill('Customers tick an unchecked box for delivery texts at checkout.');
    await form.getByLabel('Messages a month').fill('5000');
    await form.getByRole('button', { name: 'Submit verification' }).click();
    await expect.poll(() => row.locator('.badge').textContent()).not.toBe('unregistered');
    await afterTheDecision();
    expect(await page.locator(`tr[data-number-id="${tollFree.id}"] .badge`).textContent()).toBe('approved');
    await expectNoAxeViolations('registered');
  });

  it('corrects a rejected brand beside the field the carriers named: pending, then verified', async () => {
    const rejectedId = await page.locator('tr[data-brand-id]', { hasText: 'REJECT Dental LLC' }).getAttribute('data-brand-id');
    await page.getByText('Correct REJECT Dental LLC', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Correct REJECT Dental LLC' });
    const legalName = form.getByRole('textbox', { name: /^Legal name/ });
    expect(await legalName.inputValue()).toBe('REJECT Dental LLC');
    expect(await legalName.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('textbox', { name: /^Tax id/ }).getAttribute('aria-invalid')).toBeNull();
    expect(await form.locator('[data-reason-field="legal_name"]').textContent()).toContain('legal name does not match');
    expect(await form.getByLabel('Industry').inputValue()).toBe('healthcare');
    await expectNoAxeViolations('brand-correction');

    await legalName.fill('Corrected Dental LLC');
    await form.getByRole('button', { name: 'Resubmit brand' }).click();
    const corrected = page.locator('tr[data-brand-id]', { hasText: 'Corrected Dental LLC' });
    await expect.poll(() => corrected.locator('.badge').textContent()).toBe('pending');
    expect(await corrected.locator('.reasons').count()).toBe(0);
    expect(await page.getByText('Correct REJECT Dental LLC', { exact: true }).count()).toBe(0);
    await afterTheDecision();
    expect(await corrected.locator('.badge').textContent()).toBe('verified');
    expect(await corrected.getAttribute('data-brand-id')).toBe(rejectedId);
  });

  it('corrects a rejected use case: its sample messages stay, its description is fixed, and it is approved', async () => {
    await page.getByText('Register a use case', { exact: true }).click();
    const register = page.getByRole('form', { name: 'Register a use case' });
    await register.getByRole('combobox', { name: /^Use case/ }).selectOption('customer_care');
    await register.getByLabel('Description').fill('REJECT: answers to questions patients ask about their appointments.');
    await register
      .getByLabel('Sample messages')
      .fill('Example Dental: we open at 8:00.\nExample Dental: parking is behind the clinic.');
    await register.getByLabel('How recipients opt in').fill('Patients text us first from the number on the booking page.');
    await register.getByLabel('Answer to HELP').fill('Example Dental: call +14155550123 for help.');
    await register.getByLabel('Answer to STOP').fill('Example Dental: you will get no more texts.');
    await register.getByRole('button', { name: 'Register use case' }).click();
    const row = page.locator('tr[data-use-case-id]', { hasText: 'customer care' });
    await row.waitFor();
    await afterTheDecision();
    expect(await row.locator('.badge').textContent()).toBe('rejected');

    await page.getByText('Correct the customer care use case', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Correct the customer care use case' });
    const description = form.getByRole('textbox', { name: /^Description/ });
    expect(await description.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('[data-reason-field="description"]').textContent()).toContain('does not say what is sent');
    expect(await form.getByRole('textbox', { name: /^Sample messages/ }).inputValue()).toBe(
      'Example Dental: we open at 8:00.\nExample Dental: parking is behind the clinic.',
    );
    expect(await form.getByRole('combobox', { name: /^Use case/ }).inputValue()).toBe('customer_care');
    await expectNoAxeViolations('use-case-correction');

    await description.fill('Answers to questions patients ask about their appointments, parking and opening hours.');
    await form.getByRole('button', { name: 'Resubmit use case' }).click();
    await expect.poll(() => row.locator('.badge').textContent()).toBe('pending');
    await afterTheDecision();
    expect(await row.locator('.badge').textContent()).toBe('approved');
    expect(await row.textContent()).toContain('4,500 a minute');
    const stored = await call(app, 'GET', `/api/v1/use-cases/${await row.getAttribute('data-use-case-id')}`, {
      token: developer.token,
    });
    expect(stored.body.use_case).toMatchObject({
      status: 'approved',
      description: 'Answers to questions patients ask about their appointments, parking and opening hours.',
      sample_messages: ['Example Dental: we open at 8:00.', 'Example Dental: parking is behind the clinic.'],
      has_links: false,
      has_phone_numbers: false,
      rejection_reasons: [],
    });
  });

  it('sets the messaging settings beside the registrations: keywords, confirmations, allowed hours, destinations', async () => {
    const settings = page.getByRole('region', { name: 'Messaging settings' });
    await settings.getByLabel('Opt-out confirmation').fill('Example Dental: no more texts from us. Reply START to resubscribe.');
    await settings.getByLabel('Custom keywords').fill('PARKING: Behind the clinic.');
    await settings.getByLabel('Outside allowed hours').selectOption('refuse');
    await settings.getByLabel('Allowed countries').fill('US, CA');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Messaging settings saved.').waitFor();
    const saved = await call(app, 'GET', '/api/v1/messaging-settings', { token: developer.token });
    expect(saved.body.messaging_settings).toMatchObject({
      opt_out_confirmation: 'Example Dental: no more texts from us. Reply START to resubscribe.',
      keywords: [{ keyword: 'PARKING', reply: 'Behind the clinic.' }],
      quiet_hours: { mode: 'refuse' },
      allowed_countries: ['US', 'CA'],
    });
    await expectNoAxeViolations('messaging-settings');
  });
});
