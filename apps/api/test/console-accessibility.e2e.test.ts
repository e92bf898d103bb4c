import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import { ensureConsoleBuilt, launchBrowser, screenshotDir } from './browser-support.ts';
import { consolePassword, startSink } from './console-support.ts';
import { call, closeStarted, createAccount, eventually, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * The console as a person meets it in Chromium: axe finds no violation on any page at 1280 and
 * 375 px (empty states and full ones), and what it shows reads as words rather than the API's
 * codes: statuses, failures, test events, refused input, empty charts.
 */

const screenshots = screenshotDir('console-accessibility');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const widths = [1280, 375] as const;
// The sandbox carrier's magic recipient that is sent, then fails as unreachable.
const unreachable = '+15005550001';
const ann = '+14155550181';
const dee = '+14155550184';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let developer: Awaited<ReturnType<typeof sendingWorkspace>>;
let ours: string;
let endpointId: string;

async function send(phoneNumber: string, body: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await call(app, 'POST', '/api/v1/messages', {
    token: developer.token,
    body: { phone_number: phoneNumber, body, ...extra },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.message.id as string;
}

async function reply(from: string, body: string): Promise<void> {
  const response = await postSigned(app, 'messaging', 'incoming', { id: eventId('in'), from, to: ours, body });
  expect(response.status).toBe(202);
  await eventually('the reply to be reconciled', async () =>
    Boolean(await app.services.prisma.inboundMessage.findFirst({ where: { workspaceId: developer.workspaceId, body } })),
  );
}

/** A campaign of the developer's with a stage and two enrollments, activated. */
async function campaignWithEnrollments(): Promise<string> {
  const created = await call(app, 'POST', '/api/v1/campaigns', { token: developer.token, body: { name: 'Spring offer' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.campaign.id as string;
  const stage = await call(app, 'POST', `/api/v1/campaigns/${id}/stages`, {
    token: developer.token,
    body: { body: 'Spring is here: 10% off this week.', delay_minutes: 60 },
  });
  expect(stage.status, JSON.stringify(stage.body)).toBe(201);
  const enrolled = await call(app, 'POST', `/api/v1/campaigns/${id}/enrollments`, {
    token: developer.token,
    body: { phone_numbers: [ann, dee] },
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBeLessThan(300);
  expect((await call(app, 'POST', `/api/v1/campaigns/${id}/activate`, { token: developer.token })).status).toBe(200);
  return id;
}

async function signIn(username: string): Promise<void> {
  await page.goto(`${app.baseUrl}/console/sign-in`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(consolePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
}

/** Every axe violation on the page as it is now: rule id and the elements it names. */
async function axeViolations(): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  type AxeResults = { violations: { id: string; nodes: { target: string[] }[] }[] };
  const results = await page.evaluate<AxeResults>("axe.run(document, { resultTypes: ['violations'] })");
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

// --bad and --warn of the console's styles.css.
const errorColour = 'rgb(180, 35, 24)';
const warningColour = 'rgb(138, 90, 0)';

/** The text colour of the first element `selector` finds. */
function colourOf(selector: string): Promise<string> {
  return page.evaluate<string>(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).color`);
}

type ConsolePage = { path: string; ready: (page: Page) => Promise<unknown> };

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true }).waitFor();
const shown = (selector: string) => (page: Page) => page.locator(selector).first().waitFor();

/** Opens each page at each width, waits for its content, and collects axe's violations per page. */
async function auditPages(name: string, pages: ConsolePage[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    for (const { path: pagePath, ready } of pages) {
      await page.goto(`${app.baseUrl}/console/${pagePath}`);
      await ready(page);
      // Live pages re-render every 2 s; axe reads one settled rendering.
      await page.waitForLoadState('networkidle');
      const violations = await axeViolations();
      if (violations.length) found[`${pagePath || '(home)'} at ${width} px`] = violations;
      await page.screenshot({
        path: path.join(
          screenshots,
          `${name}-${width}-${pagePath.replace(/\/.*/, '-detail').replace(/\W+/g, '-') || 'home'}.png`,
        ),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

beforeAll(async () => {
  await ensureConsoleBuilt();
  // Real time: the browser shows times relative to its own clock, and the usage chart ends today.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }, { clock: systemClock });
  sink = await startSink();
  // The endpoint is down: every delivery fails and has its retry scheduled.
  sink.respond = { status: 500, body: 'down for maintenance', delayMs: 0 };
  browser = await launchBrowser();
  page = browser.page;
  page.on('dialog', (dialog) => void dialog.accept());

  developer = await sendingWorkspace(app);
  ours = developer.senders[0]!.number;
  const endpoint = await call(app, 'POST', '/api/v1/webhook-endpoints', {
    token: developer.token,
    body: { url: sink.url, event_types: ['message.sent', 'message.failed'] },
  });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  endpointId = endpoint.body.endpoint.id;
  await send(ann, 'Your table is ready.');
  await reply(ann, 'Coming!');
  await send(unreachable, 'This phone is off.');
  const scheduled = await send(ann, 'Reminder for tomorrow', { send_at: new Date(Date.now() + 3_600_000).toISOString() });
  expect((await call(app, 'POST', `/api/v1/messages/${scheduled}/cancel`, { token: developer.token })).status).toBe(200);
  expect(
    (await call(app, 'POST', '/api/v1/suppressions', { token: developer.token, body: { phone_number: '+14155550189' } })).status,
  ).toBe(201);
  expect((await call(app, 'POST', `/api/v1/webhook-endpoints/${endpointId}/test`, { token: developer.token })).status).toBe(200);
  await eventually('the message to fail as unreachable', async () => {
    const failed = await app.services.prisma.message.findFirst({ where: { phoneNumber: unreachable, status: 'failed' } });
    return failed !== null;
  });
  await eventually('a delivery to have failed', async () =>
    Boolean(await app.services.prisma.webhookDelivery.findFirst({ where: { endpointId, status: 'failed' } })),
  );
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, sink, app);
});

describe('the console in Chromium: accessibility and plain words', () => {
  it('a new workspace: lands on Messages, empty charts say so with whole ticks, and axe finds nothing', async () => {
    const fresh = await createAccount(app);
    await page.goto(`${app.baseUrl}/console/`);
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    expect(
      await auditPages('signed-out', [
        { path: 'sign-in', ready: heading('Sign in to the console') },
        { path: 'reset-password', ready: heading('Reset your password') },
        { path: 'sign-up', ready: heading('Create your account') },
      ]),
    ).toEqual({});
    await signIn(fresh.account.username);
    await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/messages');
    await page.getByText('No messages yet').waitFor();

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Usage' }).click();
    const chart = page.locator('figure[data-chart="messages"]');
    await chart.locator('.chart-empty').waitFor();
    expect(await chart.locator('.chart-empty').textContent()).toBe('No usage yet');
    expect(await chart.locator('.chart-readout').textContent()).toBe('No messages sent or received in the last 30 days yet.');
    expect(await chart.locator('.tick text').allTextContents()).toEqual(['0', '1']);
    expect(await page.locator('figure[data-chart="spend"] .tick text').allTextContents()).toEqual(['$0.00', '$0.01']);
    expect(await page.locator('main').textContent()).not.toContain('Hover over');

    const empty = await auditPages('empty', [
      { path: 'messages', ready: shown('.state.empty') },
      { path: 'conversations', ready: shown('.state.empty') },
      { path: 'opt-outs', ready: shown('.state.empty') },
      { path: 'endpoints', ready: shown('.state.empty') },
      { path: 'deliveries', ready: shown('.state.empty') },
      { path: 'usage', ready: shown('.chart-empty') },
      { path: 'tokens', ready: shown('tr[data-token-id]') },
      { path: 'oauth-clients', ready: shown('.state.empty') },
      { path: 'billing', ready: shown('[data-testid="balance"]') },
      { path: 'numbers', ready: shown('.state.empty') },
      { path: 'campaigns', ready: shown('.state.empty') },
    ]);
    expect(empty).toEqual({});
    await signOut();
  }, 180_000); // fourteen pages at two widths, two test files at a time on two cores

  it('every page with data: axe finds no violation at 1280 and 375 px', async () => {
    await signIn(developer.account.account.username);
    await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
    const message = await app.services.prisma.message.findFirstOrThrow({ where: { phoneNumber: unreachable } });
    const conversation = await app.services.prisma.conversation.findFirstOrThrow({
      where: { workspaceId: developer.workspaceId },
    });
    const delivery = await app.services.prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId, status: 'failed' } });
    const campaignId = await campaignWithEnrollments();
    const invoice = await call(app, 'POST', '/api/v1/onboarding/funding-invoices', {
      token: developer.token,
      body: { amount_cents: 1000 },
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const agent = await call(app, 'POST', '/api/v1/tokens', {
      token: developer.token,
      body: { name: 'booking agent', scopes: ['messages:write'], approval: { required_for: 'all_sends' } },
    });
    const held = await call(app, 'POST', '/api/v1/messages', {
      token: agent.body.token.access_token,
      body: { phone_number: '+14155550188', body: 'Your booking is confirmed.' },
    });
    expect(held.body.message.status).toBe('pending_approval');
    const found = await auditPages('full', [
      { path: '', ready: shown('tr.message-row') },
      { path: `messages/${message.id}`, ready: shown('li[data-step="failed"]') },
      { path: 'conversations', ready: shown('tr.conversation-row') },
      { path: `conversations/${conversation.id}`, ready: shown('li.bubble') },
      { path: 'opt-outs', ready: shown('tr.suppression-row') },
      { path: 'approvals', ready: shown('tr[data-approval-id]') },
      { path: `messages/${held.body.message.id}`, ready: shown('li[data-step="approval_requested"]') },
      { path: 'endpoints', ready: shown('article.endpoint') },
      { path: 'event-types', ready: shown('article.event-type') },
      { path: 'deliveries', ready: shown('tr.delivery-row') },
      { path: `deliveries/${delivery.id}`, ready: shown('.attempt') },
      { path: 'usage', ready: shown('rect.bar') },
      { path: 'tokens', ready: shown('tr[data-token-id]') },
      { path: 'oauth-clients', ready: shown('.state.empty') },
      { path: 'billing', ready: shown('tr[data-invoice-id]') },
      { path: 'numbers', ready: shown('tr[data-number-id]') },
      { path: 'campaigns', ready: shown('tr[data-campaign-id]') },
      { path: `campaigns/${campaignId}`, ready: shown('tr[data-enrollment-id]') },
      { path: 'no-such-page', ready: heading('Page not found') },
    ]);
    expect(found).toEqual({});
  }, 180_000); // nineteen pages at two widths

  it('a failed message and a canceled one read as words, and canceled is not an error', async () => {
    const message = await app.services.prisma.message.findFirstOrThrow({ where: { phoneNumber: unreachable } });
    await page.goto(`${app.baseUrl}/console/messages/${message.id}`);
    const failed = page.getByRole('list', { name: 'Timeline' }).locator('li[data-step="failed"]');
    await failed.waitFor();
    expect(await failed.locator('.step-head').textContent()).toContain("The recipient's phone could not be reached");
    const dispatch = page.getByRole('list', { name: 'Timeline' }).locator('li[data-step="dispatch"] .step-head');
    expect(await dispatch.textContent()).toContain('The carrier accepted it on the first attempt');
    const summary = (await page.locator('.summary').innerText()).replace(/\s+/g, ' ');
    expect(summary).toContain("WHY IT FAILED The recipient's phone could not be reached unreachable");
    expect(summary).not.toMatch(/ERROR unreachable/);
    const visible = await page.locator('main').innerText();
    expect(visible).not.toContain('accepted_by_carrier');
    expect(visible).not.toContain('attempt(s)');

    await page.goto(`${app.baseUrl}/console/messages?status=canceled`);
    const badge = page.locator('tr.message-row .badge').first();
    await badge.waitFor();
    expect(await badge.textContent()).toBe('Canceled');
    expect(await colourOf('tr.message-row .badge')).not.toBe(errorColour);
  });

  it('a delivery that failed with a retry scheduled is a warning, and a test event says it is one', async () => {
    await page.goto(`${app.baseUrl}/console/deliveries`);
    const rows = page.locator('tr.delivery-row');
    await rows.first().waitFor();
    const retrying = rows.filter({ has: page.locator('.badge.retrying') }).first();
    await retrying.waitFor();
    expect(await retrying.locator('.badge').textContent()).toMatch(/^Failed, retrying (now|in \d+ (s|min))$/);
    expect(await colourOf('tr.delivery-row .badge.retrying')).toBe(warningColour);

    const deliveries = await app.services.prisma.webhookDelivery.findMany({ where: { endpointId } });
    const test = deliveries.find((delivery) => delivery.eventId.startsWith('evt_test_'))!;
    const real = deliveries.find((delivery) => !delivery.eventId.startsWith('evt_test_'))!;
    expect(await page.locator(`tr[data-delivery-id="${test.id}"] .test-event`).textContent()).toBe('Test');
    expect(await page.locator(`tr[data-delivery-id="${real.id}"] .test-event`).count()).toBe(0);
    await page.goto(`${app.baseUrl}/console/deliveries/${test.id}`);
    await page.locator('.summary .test-event').waitFor();
  });

  it('an opt-out typed the way people write numbers gets one message in plain words', async () => {
    await page.goto(`${app.baseUrl}/console/opt-outs`);
    const form = page.getByRole('form', { name: 'Add an opt-out' });
    await form.getByLabel('Phone number').fill('(415) 555-0188');
    await form.getByRole('button', { name: 'Add opt-out' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).not.toBe('');
    const said = (await form.getByRole('alert').textContent())!;
    expect(said).toBe('Phone number must be a valid international number with a leading +, e.g. +14155550100.');
    // Spelled with its country code, the same number is accepted as typed.
    await form.getByLabel('Phone number').fill('+1 (415) 555-0188');
    await form.getByRole('button', { name: 'Add opt-out' }).click();
    await page.locator('tr.suppression-row[data-phone-number="+14155550188"]').waitFor();
  });

  it('a conversation names the other party and counts its messages in good English', async () => {
    await reply(dee, 'Who is this?');
    const conversation = await app.services.prisma.conversation.findFirstOrThrow({
      where: { workspaceId: developer.workspaceId, phoneNumber: dee },
    });
    await page.goto(`${app.baseUrl}/console/conversations/${conversation.id}`);
    const summary = page.locator('.conversation-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(new RegExp(`^1 message with \\${dee} on your number \\${ours} · started`));
  });

  it('on a 375 px phone the message filters fold away, so the first screen shows messages', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(`${app.baseUrl}/console/messages`);
      const first = page.locator('tr.message-row').first();
      await first.waitFor();
      const status = page.getByRole('combobox', { name: 'Status' });
      expect(await status.isVisible()).toBe(false);
      expect((await first.boundingBox())!.y).toBeLessThan(812 - 100);
      const toggle = page.getByRole('button', { name: 'Filters' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await status.selectOption('failed');
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('failed');
      await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
      await page.screenshot({ path: path.join(screenshots, 'phone-messages-filtered.png'), fullPage: true });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('/docs names no document the repository does not hold', async () => {
    await page.goto(`${app.baseUrl}/docs`);
    await page.getByText('SMS messaging API for developers and AI agents.').waitFor();
    const repository = path.resolve(import.meta.dirname, '../../..');
    const named = [...((await page.locator('body').textContent()) ?? '').matchAll(/[\w./-]+\.md\b/g)].map((match) => match[0]);
    const missing = named.filter((name) => ![name, path.join('docs', name)].some((at) => existsSync(path.join(repository, at))));
    expect(missing).toEqual([]);
  });
});
