import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import {
  ensureConsoleBuilt,
  expectAccessibleAtBothWidths,
  launchBrowser,
  screenshotDir,
  signInToConsole,
} from './browser-support.ts';
import { call, closeStarted, eventually, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

/** The Sender pools page, and the Numbers page's type and registration of each number, in Chromium. */

const screenshots = screenshotDir('console-sender-pools');

let app: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let developer: Awaited<ReturnType<typeof sendingWorkspace>>;
let unregistered: { id: string; number: string };
let rejected: { id: string; number: string };

async function api(method: string, url: string, body?: Record<string, unknown>) {
  const response = await call(app, method, url, { token: developer.token, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
}

/** `count` sends through the pool in one batch request, to +1312555 numbers from `firstLine` on. */
async function sendAtOnce(poolId: string, count: number, firstLine: number) {
  const { results } = await api('POST', '/api/v1/messages/batch', {
    sender_pool_id: poolId,
    messages: Array.from({ length: count }, (_, index) => ({
      phone_number: `+1312555${firstLine + index}`,
      body: 'Your order shipped.',
    })),
  });
  expect(results.map((result: { status: number }) => result.status)).toEqual(results.map(() => 202));
  return results.map((result: { message: unknown }) => result.message) as { id: string; estimated_send_at: string }[];
}

const expectAccessible = (name: string) => expectAccessibleAtBothWidths(page, screenshots, name);

async function go(link: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: link, exact: true }).waitFor();
}

const pools = async () => (await api('GET', '/api/v1/sender-pools')).sender_pools as any[];

beforeAll(async () => {
  await ensureConsoleBuilt();
  // Paced, as with a real carrier: a number hands over a segment a second, so sends wait for their slot.
  // Two errors of a number's own at the carrier make it failing (for the default cooldown, 15 minutes).
  app = await startTestApp({ SENDER_PACING: 'on', SENDER_FAILURE_THRESHOLD: '2' }, { clock: systemClock });
  browser = await launchBrowser();
  page = browser.page;
  page.on('dialog', (dialog) => void dialog.accept());
  developer = await sendingWorkspace(app, { numbers: 2 });
  unregistered = (await api('POST', '/api/v1/numbers', { registration: 'unregistered' })).number;
  // A toll-free number the carriers rejected, through the sandbox's registration: its brand is
  // verified, its verification's description carries the sandbox's rejection marker.
  rejected = (await api('POST', '/api/v1/numbers', { type: 'toll_free', registration: 'unregistered' })).number;
  const { brand } = await api('POST', '/api/v1/brands', {
    legal_name: 'Example Dental LLC',
    country: 'US',
    tax_id: '12-3456789',
    entity_type: 'private_company',
    vertical: 'healthcare',
    website: 'https://example.com',
    support_email: 'support@example.com',
    support_phone: '+14155550123',
  });
  await app.services.jobs.drain();
  await api('POST', `/api/v1/numbers/${rejected.id}/toll-free-verification`, {
    brand_id: brand.id,
    use_case: 'delivery_notifications',
    description: 'REJECT: delivery updates for customers who ordered online and asked for texts.',
    sample_messages: ['Example: your order shipped today.', 'Example: your order was delivered.'],
    message_flow: 'Customers tick an unchecked box for delivery texts at checkout.',
    monthly_volume: 5000,
  });
  await app.services.jobs.drain();
  await signInToConsole(page, app.baseUrl, developer.account.account.username);
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, app);
});

describe('the Numbers page in Chromium', () => {
  it("shows each number's type, registration and health, with the carriers' reasons for a rejection", async () => {
    // The sandbox refuses the sending number at hand-off for this recipient: two sends make it failing.
    for (let send = 0; send < 2; send += 1) {
      await api('POST', '/api/v1/messages', { from: unregistered.number, phone_number: '+15005550013', body: 'Refused' });
    }
    await eventually('the number failing', async () => {
      const { numbers } = await api('GET', '/api/v1/numbers');
      return numbers.find((number: { id: string }) => number.id === unregistered.id).health.status === 'failing';
    });
    await go('Numbers');
    const row = (id: string) => page.locator(`tr[data-number-id="${id}"]`);
    await row(rejected.id).waitFor();
    const cell = (id: string, column: string) => row(id).locator(`td[data-label="${column}"]`);
    expect(await cell(developer.senders[0]!.id, 'Type').textContent()).toBe('Local');
    expect(await cell(developer.senders[0]!.id, 'Registration').locator('.badge').textContent()).toBe('approved');
    expect(await cell(unregistered.id, 'Registration').locator('.badge').textContent()).toBe('unregistered');
    expect(await cell(developer.senders[0]!.id, 'Pace').textContent()).toBe('1 segment a second');
    expect(await cell(developer.senders[0]!.id, 'Health').textContent()).toBe('healthy');
    expect(await cell(unregistered.id, 'Health').locator('.badge').textContent()).toBe('failing');
    expect(await cell(unregistered.id, 'Health').textContent()).toMatch(/2 carrier errors; a sender again in 1[45] minutes/);
    expect(await cell(rejected.id, 'Type').textContent()).toBe('Toll-free');
    expect(await cell(rejected.id, 'Pace').textContent()).toBe('3 segments a second');
    expect(await cell(rejected.id, 'Registration').locator('.badge').textContent()).toBe('rejected');
    const reason = cell(rejected.id, 'Registration').locator('[data-reason-field="description"]');
    expect(await reason.textContent()).toContain('The description does not say what is sent');
    expect(await reason.locator('.fix').textContent()).not.toBe('');
    await expectAccessible('numbers');
  });
});

describe('the console without ALLOW_PRIVATE_WEBHOOK_URLS', () => {
  it('allows pictures from https media URLs only', async () => {
    const response = await fetch(`${app.baseUrl}/console/`);
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self' data: https:;");
  });
});

describe('the Sender pools page in Chromium', () => {
  it('starts empty, is in the navigation, and axe finds nothing', async () => {
    await go('Sender pools');
    await page.getByText('No sender pools yet').waitFor();
    await expectAccessible('empty');
  });

  it("creates a pool of the workspace's numbers with its selection settings", async () => {
    const form = page.getByRole('form', { name: 'New sender pool' });
    await form.getByLabel('Name').fill('Support lines');
    // Only connected numbers are offered: the two senders and the two bought here.
    expect(await form.getByRole('checkbox', { name: /^\+1/ }).count()).toBe(4);
    await form.getByRole('checkbox', { name: developer.senders[0]!.number }).check();
    await form.getByRole('checkbox', { name: developer.senders[1]!.number }).check();
    await form.getByLabel(/area code/).uncheck();
    await form.getByLabel(/Default pool/).check();
    await form.getByRole('button', { name: 'Create pool' }).click();
    await page.getByText('Sender pool created.').waitFor();

    const [pool] = await pools();
    expect(pool).toMatchObject({
      name: 'Support lines',
      number_ids: [developer.senders[0]!.id, developer.senders[1]!.id],
      sticky_sender: true,
      area_code_match: false,
      is_default: true,
    });
    const row = page.locator(`tr[data-pool-id="${pool.id}"]`);
    await row.waitFor();
    expect(await row.locator('td[data-label="Numbers"] code').allTextContents()).toEqual([
      developer.senders[0]!.number,
      developer.senders[1]!.number,
    ]);
    expect(await row.locator('td[data-label="Default"]').textContent()).toBe('Default');
    expect(await row.locator('td[data-label="Sender chosen by"]').textContent()).toBe(
      'the recipient’s number, then least loaded',
    );
    // The form is ready for the next pool.
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    await expectAccessible('created');
  });

  it('edits a pool: renames it, replaces its numbers and makes another pool the default', async () => {
    const second = (
      await api('POST', '/api/v1/sender-pools', { name: 'Marketing', number_ids: [unregistered.id], is_default: false })
    ).sender_pool;
    await page.reload();
    const row = page.locator(`tr[data-pool-id="${second.id}"]`);
    await row.getByRole('button', { name: 'Edit Marketing' }).click();
    const form = page.getByRole('form', { name: 'Edit Marketing' });
    // The form holds the pool as it is, and takes the focus.
    expect(await form.getByLabel('Name').inputValue()).toBe('Marketing');
    expect(await page.evaluate<string>('document.activeElement?.getAttribute("name") ?? ""')).toBe('name');
    expect(await form.getByRole('checkbox', { name: unregistered.number }).isChecked()).toBe(true);
    await form.getByLabel('Name').fill('Promotions');
    await form.getByRole('checkbox', { name: unregistered.number }).uncheck();
    await form.getByRole('checkbox', { name: developer.senders[1]!.number }).check();
    await form.getByLabel(/Default pool/).check();
    await form.getByRole('button', { name: 'Save pool' }).click();
    await page.getByText('Sender pool saved.').waitFor();
    expect(await form.count()).toBe(0);

    const saved = await api('GET', `/api/v1/sender-pools/${second.id}`);
    expect(saved.sender_pool).toMatchObject({ name: 'Promotions', number_ids: [developer.senders[1]!.id], is_default: true });
    await expect.poll(() => row.locator('.pool-name').textContent()).toBe('Promotions');
    expect(await row.locator('td[data-label="Default"]').textContent()).toBe('Default');
    // One default: the first pool is an ordinary one now.
    expect(await page.locator('td[data-label="Default"] .badge').count()).toBe(1);
  });

  it("shows the catalogue's error when a number cannot be in a pool, and keeps what was typed", async () => {
    const form = page.getByRole('form', { name: 'New sender pool' });
    await form.getByLabel('Name').fill('Released one');
    await form.getByRole('checkbox', { name: unregistered.number }).check();
    // Released after the page listed it: the API refuses it, naming the field.
    await api('DELETE', `/api/v1/numbers/${unregistered.id}`);
    await form.getByRole('button', { name: 'Create pool' }).click();
    const alert = form.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(`Number ids ${unregistered.id} is not a connected number`);
    expect(await form.getByLabel('Name').inputValue()).toBe('Released one');
    expect(await form.getByRole('checkbox', { name: unregistered.number }).isChecked()).toBe(true);
    expect((await pools()).map((pool) => pool.name).sort()).toEqual(['Promotions', 'Support lines']);
    await expectAccessible('refused');
  });

  it('deletes a pool; its numbers stay', async () => {
    const [promotions] = (await pools()).filter((pool) => pool.name === 'Promotions');
    const row = page.locator(`tr[data-pool-id="${promotions.id}"]`);
    await row.getByRole('button', { name: 'Delete Promotions' }).click();
    await page.getByText('Sender pool deleted.').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect((await pools()).map((pool) => pool.name)).toEqual(['Support lines']);
    const { numbers } = await api('GET', '/api/v1/numbers');
    expect(numbers.find((number: { id: string }) => number.id === developer.senders[1]!.id).status).toBe('connected');
  });

  it("shows in a message's timeline that its sender was released and which number of the pool it went from instead", async () => {
    const [support] = await pools();
    const [released, kept] = developer.senders;
    // Fourteen sends at once on a pool of two numbers at a segment a second: the last ones wait
    // seconds for their slot, which one request leaves them whatever a loaded machine's latency.
    const accepted = await sendAtOnce(support.id, 14, 2000);
    const rows = await app.services.prisma.message.findMany({ where: { id: { in: accepted.map((message) => message.id) } } });
    const waiting = accepted
      .filter((message) => rows.find((row) => row.id === message.id)?.senderNumberId === released!.id)
      .sort((a, b) => Date.parse(b.estimated_send_at) - Date.parse(a.estimated_send_at))[0]!;
    expect(Date.parse(waiting.estimated_send_at)).toBeGreaterThan(Date.now() + 1_000);
    await api('DELETE', `/api/v1/numbers/${released!.id}`);
    await eventually('the waiting message to go from the kept number', async () => {
      const row = await app.services.prisma.message.findUniqueOrThrow({ where: { id: waiting.id } });
      return row.status === 'delivered' && row.senderNumberId === kept!.id;
    });

    await page.goto(`${app.baseUrl}/console/messages/${waiting.id}`);
    const step = page.getByRole('list', { name: 'Timeline' }).locator('li[data-step="sender_skipped"]');
    await step.waitFor();
    expect(await step.locator('.step-head').textContent()).toContain(
      `Sender changed${released!.number} was released: it goes from ${kept!.number} instead`,
    );
    await expectAccessible('message-sender-skipped');
  });

  it("shows when a message waiting for its sender's pace is expected to go out, and the pool it was sent through", async () => {
    const [support] = await pools();
    // Ten sends at once on the pool's one number left, at a segment a second: the last waits about ten seconds.
    const accepted = await sendAtOnce(support.id, 10, 3000);
    const last = accepted.at(-1)!;
    expect(Date.parse(last.estimated_send_at)).toBeGreaterThan(Date.now() + 3_000);
    await page.goto(`${app.baseUrl}/console/messages/${last.id}`);
    const summary = page.locator('.summary');
    await summary.waitFor();
    const expected = summary.locator('div', { has: page.locator('dt', { hasText: 'Expected to go out' }) }).locator('time');
    expect(await expected.getAttribute('datetime')).toBe(last.estimated_send_at);
    expect(await summary.locator('a[href="/console/sender-pools"]').textContent()).toBe(support.id);
  });
});
