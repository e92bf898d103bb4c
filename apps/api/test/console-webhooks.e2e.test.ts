import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEventEnvelope, customerEventTypes } from '@textline/contract';
import { systemClock } from '../src/lib/clock.ts';
import { ensureConsoleBuilt, launchBrowser, screenshotDir } from './browser-support.ts';
import { consolePassword, recordEvent, startSink } from './console-support.ts';
import { call, closeStarted, createDeveloper, eventually, startTestApp, type TestApp } from './harness.ts';

const screenshots = screenshotDir('console-webhooks');
const DAY_MS = 86_400_000;
/** The browser, the app and its workers share two loaded cores: a re-render can take seconds. */
const patience = { timeout: 15_000 };

let app: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let developer: Awaited<ReturnType<typeof createDeveloper>>;
/** Receives message.sent and message.delivered; held while a test watches a delivery pending. */
let sink: Awaited<ReturnType<typeof startSink>>;
/** Receives message.failed only: taken down and brought back for the recovery. */
let brokenSink: Awaited<ReturnType<typeof startSink>>;
let endpointId: string;
let brokenEndpointId: string;

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

async function createEndpoint(url: string, eventTypes: string[]): Promise<string> {
  const response = await call(app, 'POST', '/api/v1/webhook-endpoints', {
    token: developer.token,
    body: { url, event_types: eventTypes },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.endpoint.id as string;
}

const messageData = (id: string) => ({
  message: { id, status: 'delivered', phone_number: '+14155550100', segments: 1, cost_cents: 2 },
});

/** The delivery of an event to the first endpoint. */
async function deliveryOf(eventId: string): Promise<string> {
  let id: string | undefined;
  await eventually('the delivery to be recorded', async () => {
    id = (await app.services.prisma.webhookDelivery.findFirst({ where: { eventId, endpointId } }))?.id;
    return id !== undefined;
  });
  return id!;
}

/** A datetime-local value for `at` in the browser's time zone (the same machine's). */
function localInput(at: Date): string {
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Every <time> on the page shows its absolute time on hover: title is the datetime in full. */
async function expectAbsoluteTimesOnHover(): Promise<void> {
  const times = page.locator('main time');
  expect(await times.count()).toBeGreaterThan(0);
  for (const element of await times.all()) {
    const datetime = await element.getAttribute('datetime');
    expect(datetime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await element.getAttribute('title')).toBe(new Date(datetime!).toUTCString());
  }
}

async function searchDeliveries(text: string): Promise<void> {
  await page.getByLabel('Event or message id').fill(text);
  await page.getByLabel('Event or message id').press('Enter');
}

const shownDeliveries = () =>
  page.locator('tr.delivery-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-delivery-id')));

beforeAll(async () => {
  await ensureConsoleBuilt();
  // Real time: the browser shows times relative to its own clock.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TIMEOUT_MS: '10000' }, { clock: systemClock });
  [sink, brokenSink] = await Promise.all([startSink(), startSink()]);
  developer = await createDeveloper(app);
  endpointId = await createEndpoint(sink.url, ['message.sent', 'message.delivered']);
  brokenEndpointId = await createEndpoint(brokenSink.url, ['message.failed']);
  browser = await launchBrowser();
  page = browser.page;
  await page.goto(`${app.baseUrl}/console/`);
  await page.getByLabel('Username').fill(developer.account.account.username);
  await page.getByLabel('Password').fill(consolePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Endpoints' }).click();
  await page.getByRole('heading', { name: 'Webhook endpoints' }).waitFor();
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, sink, brokenSink, app);
});

describe('customer webhooks in the console, in a real browser', () => {
  it('updates the deliveries list and a delivery page by themselves while a delivery is pending', async () => {
    // The endpoint answers once the page has shown the delivery pending (within the 10 s time-out).
    const release = sink.hold();
    const eventId = await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_live1'));
    const deliveryId = await deliveryOf(eventId);
    await page.goto(`${app.baseUrl}/console/deliveries`);
    const row = page.locator(`tr[data-delivery-id="${deliveryId}"]`);
    await row.getByText('Pending').waitFor();
    await page.evaluate('window.notReloaded = true');
    await shoot('01-list-pending');
    release();
    await row.getByText('Succeeded').waitFor({ timeout: 20_000 });
    expect(await page.evaluate<boolean>('window.notReloaded === true')).toBe(true);
    await shoot('02-list-succeeded');

    // The delivery page too: pending, then succeeded with its attempt, without a reload.
    const releaseSecond = sink.hold();
    const second = await deliveryOf(await recordEvent(app, developer.workspaceId, 'message.sent', messageData('msg_live2')));
    await page.goto(`${app.baseUrl}/console/deliveries/${second}`);
    await page.locator('.summary').getByText('Pending').waitFor();
    await page.getByText('No attempts yet').waitFor();
    await page.evaluate('window.notReloaded = true');
    releaseSecond();
    await page.locator('.summary').getByText('Succeeded').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.attempt').first().textContent(), patience).toMatch(/200.*automatic/);
    expect(await page.evaluate<boolean>('window.notReloaded === true')).toBe(true);
    await expectAbsoluteTimesOnHover();
    await shoot('03-delivery-succeeded-live');

    // Nothing is pending any more: the page stops asking.
    const requests: string[] = [];
    const record = (request: { url(): string }) => {
      if (request.url().includes('/trpc/')) requests.push(request.url());
    };
    page.on('request', record);
    await page.waitForTimeout(5_000);
    page.off('request', record);
    expect(requests).toEqual([]);
  });

  it('shows each attempt with the request headers it carried, the signature but no secret', async () => {
    const deliveryId = await deliveryOf(
      await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_headers')),
    );
    await page.goto(`${app.baseUrl}/console/deliveries/${deliveryId}`);
    const attempt = page.locator('.attempt').first();
    await attempt.waitFor({ timeout: 20_000 });
    await attempt.getByText(/Request headers/).click();
    const headers = attempt.locator('dl.headers');
    await headers.waitFor();
    const text = (await headers.textContent()) ?? '';
    const eventId = (await app.services.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).eventId;
    expect(text).toContain('webhook-id');
    expect(text).toContain(eventId);
    expect(text).toContain('webhook-timestamp');
    expect(text).toMatch(/webhook-signature\s*v1,/);
    expect(text).toContain('content-type');
    expect(await page.locator('main').textContent()).not.toContain('whsec_');
    // Hovering a relative time shows the absolute one.
    const when = attempt.locator('time');
    await when.hover();
    expect(await when.getAttribute('title')).toBe(new Date((await when.getAttribute('datetime'))!).toUTCString());
    await shoot('04-attempt-headers');
  });

  it('finds deliveries by event id and by message id, and filters by creation time', async () => {
    const byEvent = await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_search_a'));
    const byEventDelivery = await deliveryOf(byEvent);
    const byMessageDelivery = await deliveryOf(
      await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_search_b')),
    );
    // One delivery from three days ago, for the date range.
    const oldDelivery = await deliveryOf(
      await recordEvent(app, developer.workspaceId, 'message.sent', messageData('msg_search_old')),
    );
    await app.services.prisma.webhookDelivery.update({
      where: { id: oldDelivery },
      data: { createdAt: new Date(Date.now() - 3 * DAY_MS) },
    });

    await page.goto(`${app.baseUrl}/console/deliveries`);
    await page.locator('tr.delivery-row').first().waitFor();
    await searchDeliveries(byEvent);
    await expect.poll(shownDeliveries, patience).toEqual([byEventDelivery]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(byEvent);
    await shoot('05-search-event-id');
    await searchDeliveries('msg_search_b');
    await expect.poll(shownDeliveries, patience).toEqual([byMessageDelivery]);
    await searchDeliveries('not an id');
    await page.getByText('Nothing to search for').waitFor();
    await searchDeliveries('');
    await expect
      .poll(shownDeliveries, patience)
      .toEqual(expect.arrayContaining([byEventDelivery, byMessageDelivery, oldDelivery]));

    // Created before two days ago: only the old one; from a day ago: every one but it. Filling a
    // datetime-local input fires its change event (one more would render the page a second time).
    await page.getByLabel('Created before').fill(localInput(new Date(Date.now() - 2 * DAY_MS)));
    await expect.poll(shownDeliveries, patience).toEqual([oldDelivery]);
    await shoot('06-date-filter');
    await page.getByLabel('Created before').fill('');
    await page.getByLabel('Created from').fill(localInput(new Date(Date.now() - DAY_MS)));
    // Clearing "Created before" may show every delivery first: wait for the "from" filter's answer.
    await expect
      .poll(async () => {
        const shown = await shownDeliveries();
        return shown.includes(byEventDelivery) && !shown.includes(oldDelivery);
      }, patience)
      .toBe(true);
    expect(new URL(page.url()).searchParams.get('from')).toBeTruthy();
    await expectAbsoluteTimesOnHover();
  });

  it('recovers the failed deliveries of an endpoint since a time, and shows a refusal with its fix', async () => {
    brokenSink.respond = { status: 500, body: 'down', delayMs: 0 };
    for (const id of ['msg_recover1', 'msg_recover2']) {
      await recordEvent(app, developer.workspaceId, 'message.failed', {
        ...messageData(id),
        message: { ...messageData(id).message, status: 'failed' },
      });
    }
    await eventually('both deliveries to fail', async () => {
      const failed = await app.services.prisma.webhookDelivery.count({
        where: { endpointId: brokenEndpointId, status: 'failed' },
      });
      return failed === 2;
    });
    // Their retries are scheduled, but the list asks nothing until the event stream says a delivery
    // changed: no polling.
    await page.goto(`${app.baseUrl}/console/deliveries?endpoint_id=${brokenEndpointId}`);
    await expect.poll(async () => (await shownDeliveries()).length, patience).toBe(2);
    let reads = 0;
    const count = (request: { url(): string }) => {
      if (request.url().includes('/trpc/webhookDeliveries.list')) reads += 1;
    };
    page.on('request', count);
    await page.waitForTimeout(4_500);
    expect(reads).toBe(0);
    await recordEvent(app, developer.workspaceId, 'message.failed', {
      ...messageData('msg_recover3'),
      message: { ...messageData('msg_recover3').message, status: 'failed' },
    });
    await expect.poll(async () => (await shownDeliveries()).length, patience).toBe(3);
    page.off('request', count);
    expect(reads).toBeGreaterThan(0);
    // Each failed twice: the first retry (seconds later) is done and the next is minutes away, so no
    // automatic attempt runs while the recovery below picks the failed deliveries.
    await eventually('every delivery to fail its first retry too', async () => {
      const deliveries = await app.services.prisma.webhookDelivery.findMany({
        where: { endpointId: brokenEndpointId },
        select: { status: true, _count: { select: { attempts: true } } },
      });
      return (
        deliveries.length === 3 && deliveries.every((delivery) => delivery.status === 'failed' && delivery._count.attempts >= 2)
      );
    });

    await page.goto(`${app.baseUrl}/console/endpoints`);
    const card = page.locator(`article[data-endpoint-id="${brokenEndpointId}"]`);
    await card.getByRole('button', { name: 'Recover failed since…' }).click();
    const since = card.getByLabel('Recover failed since');

    // A time in the future: the API's refusal, with what to do about it.
    await since.fill(localInput(new Date(Date.now() + DAY_MS)));
    await card.getByRole('button', { name: 'Recover', exact: true }).click();
    const problem = card.locator('.recover .form-error');
    // Once, in plain words: the field says what to change, with no catalogue text about "issues".
    await expect.poll(() => problem.textContent(), patience).toBe('Since must not be in the future.');
    await shoot('07-recover-refused');

    brokenSink.respond = { status: 200, body: 'back', delayMs: 0 };
    const requestsBefore = brokenSink.requests.length;
    await since.fill(localInput(new Date(Date.now() - 3_600_000)));
    await card.getByRole('button', { name: 'Recover', exact: true }).click();
    await expect.poll(() => card.locator('.recover-outcome').textContent(), patience).toContain('Queued 3 failed deliveries');
    expect(await problem.textContent()).toBe('');
    await eventually('the recovered deliveries to succeed', async () => {
      const succeeded = await app.services.prisma.webhookDelivery.count({
        where: { endpointId: brokenEndpointId, status: 'succeeded' },
      });
      return succeeded === 3;
    });
    expect(brokenSink.requests.length).toBeGreaterThanOrEqual(requestsBefore + 3);
    await shoot('08-recovered');
  });

  it('shows the health figures and the 24 h chart of each endpoint, and re-enables one the service disabled', async () => {
    await page.goto(`${app.baseUrl}/console/endpoints`);
    const card = page.locator(`article[data-endpoint-id="${endpointId}"]`);
    const health = (await call(app, 'GET', `/api/v1/webhook-endpoints/${endpointId}`, { token: developer.token })).body.endpoint
      .health;
    const figure = (name: string) => card.locator(`[data-figure="${name}"] dd`);
    await expect.poll(() => figure('success-rate').textContent(), patience).toBe(`100% of ${health.attempts_24h}`);
    expect(await figure('latency').textContent()).toBe(`${health.latency_p50_ms_24h} ms / ${health.latency_p99_ms_24h} ms`);
    expect(await figure('consecutive-failures').textContent()).toBe('0');
    expect(await figure('last-success').locator('time').getAttribute('datetime')).toBe(health.last_success_at);

    // The chart: 24 hours, the current one last, holding this hour's attempts.
    const hours = card.locator('.hourly-chart g.hour');
    await expect.poll(() => hours.count(), patience).toBe(24);
    const perHour = await hours.evaluateAll((groups) => groups.map((group) => Number(group.getAttribute('data-attempts'))));
    // This file's attempts were made minutes ago: in the last hour, or the one before when the hour has just turned.
    expect(perHour.at(-1)! + perHour.at(-2)!).toBeGreaterThan(0);
    const total = perHour.reduce((sum, attempts) => sum + attempts, 0);
    expect(total).toBe(health.attempts_24h);
    expect(await card.locator('.hourly-chart svg').getAttribute('aria-label')).toBe(
      `${health.attempts_24h} attempts in the last 24 hours, ${health.attempts_24h} succeeded`,
    );
    expect(await hours.last().locator('title').textContent()).toMatch(/UTC: \d+ attempts, \d+ succeeded/);
    // The broken endpoint's failures show in red.
    const broken = page.locator(`article[data-endpoint-id="${brokenEndpointId}"]`);
    await expect.poll(() => broken.locator('[data-figure="consecutive-failures"] dd').textContent(), patience).toBe('0');
    expect(Number(await broken.locator('.hourly-chart g.hour').last().getAttribute('data-succeeded'))).toBeLessThan(
      Number(await broken.locator('.hourly-chart g.hour').last().getAttribute('data-attempts')),
    );
    await expectAbsoluteTimesOnHover();
    await shoot('09-endpoint-health');

    // Disabled by the service after 5 days of failures: the reason, and one click enables it again.
    await app.services.prisma.webhookEndpoint.update({
      where: { id: brokenEndpointId },
      data: { enabled: false, disabledReason: 'Disabled automatically: every delivery attempt failed for 5 days.' },
    });
    await page.reload();
    await broken.locator('.disabled-reason').getByText('every delivery attempt failed for 5 days').waitFor();
    await shoot('10-endpoint-disabled');
    await broken.getByRole('button', { name: 'Re-enable' }).click();
    await broken.locator('.badge', { hasText: 'Enabled' }).waitFor();
    expect(await broken.locator('.disabled-reason').count()).toBe(0);
    const after = (await call(app, 'GET', `/api/v1/webhook-endpoints/${brokenEndpointId}`, { token: developer.token })).body
      .endpoint;
    expect(after).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('lists every event type in the catalogue with its payload fields and a valid example', async () => {
    await page.goto(`${app.baseUrl}/console/endpoints`);
    await page.getByRole('link', { name: 'Event catalogue' }).click();
    await page.getByRole('heading', { name: 'Event catalogue' }).waitFor();
    const cards = page.locator('article.event-type');
    expect(await cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-event-type')))).toEqual([
      ...customerEventTypes,
    ]);
    for (const type of customerEventTypes) {
      const card = page.locator(`article.event-type[data-event-type="${type}"]`);
      const example = JSON.parse((await card.locator('pre.example').textContent())!);
      expect(example.type).toBe(type);
      expect(customerEventEnvelope(type).safeParse(example).success, type).toBe(true);
      const fieldNames = await card.locator('tbody td:first-child').allTextContents();
      expect(fieldNames).toEqual(expect.arrayContaining(['id', 'type', 'created_at', 'data']));
      // The resource it carries (a message, an opt-out...) is listed field by field, e.g. data.message.id.
      const resource = Object.entries(example.data).find(([, value]) => value !== null && typeof value === 'object');
      const firstField = resource
        ? `data.${resource[0]}.${Object.keys(resource[1] as object)[0]}`
        : `data.${Object.keys(example.data)[0]}`;
      expect(fieldNames, type).toContain(firstField);
    }
    await shoot('11-event-catalogue');

    // A link to one event type opens at it; on a phone the page stays within the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${app.baseUrl}/console/event-types#opt_out.created`);
    await page.locator('article.event-type[data-event-type="opt_out.created"]').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await shoot('12-event-catalogue-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('says who created each endpoint, and that revoking a delegated token disabled the one it created', async () => {
    const minted = await call(app, 'POST', '/api/v1/tokens', {
      token: developer.token,
      body: { name: 'sub-agent', scopes: ['webhooks:write'] },
    });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    const created = await call(app, 'POST', '/api/v1/webhook-endpoints', {
      token: minted.body.token.access_token,
      body: { url: `${sink.url}/sub-agent` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await page.goto(`${app.baseUrl}/console/endpoints`);
    const delegated = page.locator(`article[data-endpoint-id="${created.body.endpoint.id}"]`);
    await delegated.getByText('by the delegated token “sub-agent” (disabled if it is revoked)').waitFor(patience);
    await page.locator(`article[data-endpoint-id="${endpointId}"]`).getByText('by the API key “test”').waitFor(patience);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API tokens' }).click();
    const row = page.locator('tr', { hasText: 'sub-agent' });
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: /Revoke/ }).click();
    await row.locator('.badge', { hasText: 'Revoked' }).waitFor(patience);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Endpoints' }).click();
    await delegated.locator('.badge', { hasText: 'Disabled' }).waitFor(patience);
    expect(await delegated.locator('.disabled-reason').textContent()).toMatch(
      /the token "sub-agent" \(tok_\w+\) that created it was revoked/,
    );
    await shoot('13-endpoint-of-revoked-token');
  });
});
