import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLedgerEntry } from '../src/domain/ledger.ts';
import { newId } from '../src/lib/crypto.ts';
import { systemClock } from '../src/lib/clock.ts';
import { ensureConsoleBuilt, launchBrowser, screenshotDir, signInToConsole } from './browser-support.ts';
import { call, closeStarted, eventually, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

const screenshots = screenshotDir('console-pages');
const DAY_MS = 86_400_000;

const ann = '+14155550171';
const ben = '+14155550172';
const cid = '+14155550173';

let app: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let developer: Awaited<ReturnType<typeof sendingWorkspace>>;
let ours: string;

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

async function send(phoneNumber: string, body: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await call(app, 'POST', '/api/v1/messages', {
    token: developer.token,
    body: { phone_number: phoneNumber, body, ...extra },
  });
  expect(response.status).toBe(202);
  return response.body.message.id as string;
}

/** A reply from `from` to the workspace's number through the signed provider webhook, reconciled by the worker. */
async function reply(from: string, body: string): Promise<void> {
  const before = await app.services.prisma.inboundMessage.count({ where: { workspaceId: developer.workspaceId } });
  const response = await postSigned(app, 'messaging', 'incoming', { id: eventId('in'), from, to: ours, body });
  expect(response.status).toBe(202);
  await eventually(
    'the reply to be reconciled',
    async () => (await app.services.prisma.inboundMessage.count({ where: { workspaceId: developer.workspaceId } })) > before,
  );
}

async function go(link: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

async function balanceCents(): Promise<number> {
  return (await call(app, 'GET', '/api/v1/balance', { token: developer.token })).body.balance_cents as number;
}

/** Posts the ledger entry that moves the balance to `cents`, as an operator adjustment would. */
async function setBalance(cents: number): Promise<void> {
  const difference = cents - (await balanceCents());
  if (difference === 0) return;
  await postLedgerEntry(app.services.prisma, {
    workspaceId: developer.workspaceId,
    amountCents: difference,
    kind: difference > 0 ? 'operator_credit' : 'operator_debit',
    reference: newId('test'),
  });
}

let sentToAnn: string;

beforeAll(async () => {
  await ensureConsoleBuilt();
  // Real time: the browser shows times relative to its own clock, and the usage chart ends today.
  app = await startTestApp({}, { clock: systemClock });
  browser = await launchBrowser();
  page = browser.page;
  page.on('dialog', (dialog) => void dialog.accept());

  developer = await sendingWorkspace(app);
  ours = developer.senders[0]!.number;
  sentToAnn = await send(ann, 'Your order is ready for pickup.', { idempotency_key: 'order-1234-ready' });
  await reply(ann, 'Great, on my way!');
  await send(ben, 'Reminder: your appointment is tomorrow.');
  await reply(ben, 'STOP');

  await signInToConsole(page, app.baseUrl, developer.account.account.username);
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, app);
});

describe('console pages in a real browser', () => {
  it('messages: lists both directions, finds a message by number and by id, filters, and shows its timeline', async () => {
    await go('Messages', 'Messages');
    const rows = page.locator('tr.message-row');
    // Two sends, two replies, and the opt-out confirmation that Ben's STOP was answered with.
    await expect.poll(() => rows.count()).toBe(5);
    await shoot('01-messages');

    // A number as people type it: the rows with that other party, sent and received.
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('+1 (415) 555-0171');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.locator('code').allTextContents()).toEqual([ann, ann]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('+1 (415) 555-0171');

    // Direction filter on top of the search: only the reply.
    await page.getByRole('combobox', { name: 'Direction' }).selectOption('inbound');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Great, on my way!');

    // A message id finds exactly that message, whatever the filters; so does the idempotency key.
    await page.goto(`${app.baseUrl}/console/messages`);
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(sentToAnn);
    await page.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-message-id')).toBe(sentToAnn);
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('order-1234-ready');
    await page.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
    await expect
      .poll(async () => (await rows.count()) === 1 && (await rows.first().getAttribute('data-message-id')))
      .toBe(sentToAnn);
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('msg_doesnotexist');
    await page.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
    await page.getByText('No messages match').waitFor();

    // The timeline: accepted with its cost, then the carrier's reports through delivery, each shown
    // as the event stream announces it, without a reload.
    await page.goto(`${app.baseUrl}/console/messages/${sentToAnn}`);
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    const steps = page.getByRole('list', { name: 'Timeline' }).locator('li');
    await expect
      .poll(() => steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-step'))), {
        timeout: 30_000,
        interval: 500,
      })
      .toEqual(expect.arrayContaining(['accepted', 'dispatch', 'delivered']));
    expect(await steps.first().getAttribute('data-step')).toBe('accepted');
    expect(await steps.first().textContent()).toContain('debited');
    expect(await page.locator('.summary').textContent()).toContain('order-1234-ready');
    await shoot('02-message-timeline');
  });

  it('compose: sends a one-off message, previews, and shows the error with its fix when refused', async () => {
    await go('Messages', 'Messages');
    await page.getByRole('button', { name: 'New message' }).click();
    const form = page.getByRole('form', { name: 'New message' });
    await form.getByLabel('To', { exact: true }).fill(cid);
    await form.getByLabel('Message').fill('Hi Cid, your “package” is here.');
    await form.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => form.locator('.preview').textContent()).toContain('Would be accepted');
    expect(await form.locator('.preview').textContent()).toContain('UCS-2');
    await shoot('03-compose-preview');
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Message', exact: true }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({
      workspaceId: developer.workspaceId,
      phoneNumber: cid,
      body: 'Hi Cid, your “package” is here.',
    });
    const accepted = page.getByRole('list', { name: 'Timeline' }).locator('li[data-step="accepted"]');
    await accepted.waitFor();
    expect(await accepted.textContent()).toMatch(/Through the console, \$\d+\.\d\d debited/);
    expect(stored.source).toBe('console');

    // A number that replied STOP: the send is refused as over the API, with the catalogue's fix.
    await go('Messages', 'Messages');
    await page.getByRole('button', { name: 'New message' }).click();
    await form.getByLabel('To', { exact: true }).fill(ben);
    await form.getByLabel('Message').fill('Are you still there?');
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('opted out');
    expect(await form.getByRole('alert').textContent()).toContain('How to fix it: Do not message this recipient');

    // An empty balance: refused with insufficient_balance, its fix saying how to fund, and nothing sent.
    const balance = await balanceCents();
    await setBalance(0);
    try {
      const before = await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } });
      await form.getByLabel('To', { exact: true }).fill(cid);
      await form.getByRole('button', { name: 'Preview' }).click();
      await expect.poll(() => form.locator('.preview').textContent()).toContain('Would be refused');
      expect(await form.locator('.preview').textContent()).toContain('funding invoice');
      await form.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toContain('balance is too small');
      expect(await form.getByRole('alert').textContent()).toMatch(/How to fix it: .*funding invoice/);
      await shoot('04-compose-insufficient-balance');
      expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(before);
    } finally {
      await setBalance(balance);
    }
  });

  it('conversations: lists the threads and shows the replies in one', async () => {
    await go('Conversations', 'Conversations');
    const rows = page.locator('tr.conversation-row');
    await expect.poll(() => rows.count()).toBe(2);
    const benRow = rows.filter({ hasText: ben });
    expect(await benRow.textContent()).toContain('Opted out');
    await shoot('05-conversations');

    await rows.filter({ hasText: ann }).getByRole('link').click();
    await page.getByRole('heading', { name: 'Conversation', exact: true }).waitFor();
    const bubbles = page.getByRole('list', { name: 'Messages' }).locator('li');
    await expect.poll(() => bubbles.count()).toBeGreaterThanOrEqual(2);
    // Oldest first, as a thread reads: our message, then the reply.
    const texts = await bubbles.locator('p:first-child').allTextContents();
    expect(texts.indexOf('Your order is ready for pickup.')).toBeLessThan(texts.indexOf('Great, on my way!'));
    expect(await page.locator('li.bubble.inbound').first().textContent()).toContain('Great, on my way!');

    // Replying from the thread sends from the conversation's number.
    const replyForm = page.getByRole('form', { name: 'Reply' });
    await replyForm.getByLabel('Message').fill('See you soon.');
    await replyForm.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.locator('li.bubble.outbound').filter({ hasText: 'See you soon.' }).count()).toBe(1);
    const sent = await app.services.prisma.message.findFirstOrThrow({ where: { body: 'See you soon.' } });
    expect(sent).toMatchObject({ phoneNumber: ann, senderNumber: ours });
    await shoot('06-conversation-thread');

    // A thread with someone who opted out says so instead of offering a reply.
    await go('Conversations', 'Conversations');
    await rows.filter({ hasText: ben }).getByRole('link').click();
    await page.getByRole('note').filter({ hasText: 'opted out' }).waitFor();
    expect(await page.getByRole('form', { name: 'Reply' }).count()).toBe(0);
  });

  it('opt-outs: adds one, lifts it, and says why a STOP cannot be lifted', async () => {
    await go('Opt-outs', 'Opt-outs');
    const stop = page.locator(`tr.suppression-row[data-phone-number="${ben}"]`);
    await stop.waitFor();
    expect(await stop.textContent()).toContain('STOP reply');
    expect(await stop.getByRole('button', { name: 'Lift' }).count()).toBe(0);
    expect(await stop.getByRole('note').textContent()).toContain('only they can lift it, by replying START');

    const dana = '+14155550174';
    const addForm = page.getByRole('form', { name: 'Add an opt-out' });
    await addForm.getByLabel('Phone number').fill('+1 415-555-0174');
    await addForm.getByLabel('Reason').fill('Asked by phone');
    await addForm.getByRole('button', { name: 'Add opt-out' }).click();
    const manual = page.locator(`tr.suppression-row[data-phone-number="${dana}"]`);
    await manual.waitFor();
    expect(await manual.textContent()).toMatch(/Active.*Added by you.*Asked by phone/);
    const check = await call(app, 'GET', `/api/v1/suppressions/${encodeURIComponent(dana)}`, { token: developer.token });
    expect(check.body.suppression).toMatchObject({ active: true, source: 'manual', removable: true });
    await shoot('07-opt-outs');

    // A bad number is refused in the form, naming the field.
    await addForm.getByLabel('Phone number').fill('12');
    await addForm.getByRole('button', { name: 'Add opt-out' }).click();
    await expect.poll(() => addForm.getByRole('alert').textContent()).toContain('Phone number must be');

    await manual.getByRole('button', { name: 'Lift' }).click();
    await expect.poll(() => manual.textContent()).toContain('Lifted');
    const lifted = await call(app, 'GET', `/api/v1/suppressions/${encodeURIComponent(dana)}`, { token: developer.token });
    expect(lifted.body.suppression.active).toBe(false);

    // The active filter hides the lifted one.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('true');
    await expect.poll(() => page.locator('tr.suppression-row').count()).toBe(1);
    expect(await page.locator('tr.suppression-row').getAttribute('data-phone-number')).toBe(ben);
  });

  it('usage: shows the balance, a bar per active day over 30 days, and the ledger', async () => {
    // Two sends moved into the past: activity on three distinct days of the last 30.
    const now = Date.now();
    const [older, oldest] = await Promise.all([send(cid, 'Three days ago'), send(cid, 'Ten days ago')]);
    await app.services.prisma.message.update({ where: { id: older }, data: { createdAt: new Date(now - 3 * DAY_MS) } });
    await app.services.prisma.message.update({ where: { id: oldest }, data: { createdAt: new Date(now - 10 * DAY_MS) } });
    const [messages, inbound] = await Promise.all([
      app.services.prisma.message.findMany({ where: { workspaceId: developer.workspaceId }, select: { createdAt: true } }),
      app.services.prisma.inboundMessage.findMany({ where: { workspaceId: developer.workspaceId }, select: { createdAt: true } }),
    ]);
    const activeDays = new Set([...messages, ...inbound].map((row) => row.createdAt.toISOString().slice(0, 10)));
    expect(activeDays.size).toBe(3);

    await go('Usage', 'Usage');
    const balance = (await call(app, 'GET', '/api/v1/balance', { token: developer.token })).body;
    await expect.poll(() => page.getByTestId('usage-balance').textContent()).toBe(`$${(balance.balance_cents / 100).toFixed(2)}`);

    const chart = page.locator('figure[data-chart="messages"]');
    const bars = chart.locator('rect.bar');
    await expect.poll(() => bars.count()).toBe(activeDays.size);
    expect((await bars.evaluateAll((items) => items.map((item) => item.getAttribute('data-day')))).sort()).toEqual(
      [...activeDays].sort(),
    );
    expect(await chart.locator('svg title').first().textContent()).toBe('Messages per day');
    expect(await chart.locator('svg desc').textContent()).toContain('on 3 active days');
    expect(await chart.locator('svg').textContent()).toContain('Day (UTC)');
    // Hovering a bar shows its day's value.
    const tenDaysAgo = new Date(now - 10 * DAY_MS).toISOString().slice(0, 10);
    await chart.locator(`rect.bar[data-day="${tenDaysAgo}"]`).hover();
    await expect.poll(() => chart.locator('.chart-readout').textContent()).toMatch(/: 1 sent .* 0 received/);
    expect(await page.locator('figure[data-chart="spend"] rect.bar').count()).toBe(activeDays.size);

    // The ledger, newest first: the sends' debits after the opening credit.
    const ledgerRows = page.locator('tr.ledger-row');
    await expect.poll(() => ledgerRows.count()).toBeGreaterThan(3);
    expect(await ledgerRows.first().textContent()).toContain('Send');
    expect(await ledgerRows.last().textContent()).toContain('Credit');
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('operator_credit');
    await expect.poll(async () => (await ledgerRows.allTextContents()).every((text) => text.startsWith('Credit'))).toBe(true);
    await shoot('08-usage');
  });

  it('tokens: creates a capped token and shows it once, draws the tree and revokes a subtree', async () => {
    // A delegated token made over the API by the developer's key, and one made by that token in turn.
    const child = await call(app, 'POST', '/api/v1/tokens', {
      token: developer.token,
      body: { name: 'reminder agent', scopes: ['messages:write', 'tokens:write'], spend_cap_cents_daily: 500 },
    });
    expect(child.status).toBe(201);
    const grandchild = await call(app, 'POST', '/api/v1/tokens', {
      token: child.body.token.access_token,
      body: { name: 'reminder helper', scopes: ['messages:read'] },
    });
    expect(grandchild.status).toBe(201);

    await go('API tokens', 'API tokens');
    const childRow = page.locator(`tr[data-token-id="${child.body.token.id}"]`);
    const grandchildRow = page.locator(`tr[data-token-id="${grandchild.body.token.id}"]`);
    await grandchildRow.waitFor();
    expect(await childRow.getAttribute('data-depth')).toBe('1');
    expect(await grandchildRow.getAttribute('data-depth')).toBe('2');
    expect(await grandchildRow.getAttribute('data-parent-id')).toBe(child.body.token.id);
    // Depth first: each token right under the token that created it.
    const order = await page
      .locator('tr[data-token-id]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-token-id')));
    expect(order.indexOf(grandchild.body.token.id)).toBe(order.indexOf(child.body.token.id) + 1);
    // Each level sits further right than its parent.
    const indent = async (row: typeof childRow) => (await row.locator('.branch').boundingBox())!.x;
    expect(await indent(grandchildRow)).toBeGreaterThan(await indent(childRow));
    expect(await childRow.locator('.spend-cap').textContent()).toBe('$0.00 of $5.00 today');

    // Create a capped token in the console: its secret is shown once, and it works with its cap.
    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('form', { name: 'New token' });
    await form.getByLabel('Name').fill('nightly report');
    await form.getByLabel('billing:read').check();
    await form.getByLabel('Expires in').selectOption('86400');
    await form.getByLabel('Daily spend cap (USD)').fill('2.50');
    await form.getByLabel('Send rate tier').selectOption('starter');
    await form.getByRole('button', { name: 'Create token' }).click();
    const secret = page.getByTestId('new-token-secret');
    await expect.poll(() => secret.textContent()).toMatch(/^txt_/);
    const accessToken = (await secret.textContent())!;
    const created = await app.services.prisma.accessToken.findFirstOrThrow({
      where: { workspaceId: developer.workspaceId, name: 'nightly report' },
    });
    expect(created).toMatchObject({ spendCapCentsDaily: 250, sendRateTier: 'starter', parentTokenId: null, origin: 'delegated' });
    expect([...created.scopes].sort()).toEqual(['billing:read', 'messages:read']);
    expect(Math.abs(created.expiresAt.getTime() - created.createdAt.getTime() - DAY_MS)).toBeLessThan(5_000);
    expect((await call(app, 'GET', '/api/v1/balance', { token: accessToken })).status).toBe(200);
    const createdRow = page.locator(`tr[data-token-id="${created.id}"]`);
    await createdRow.waitFor();
    expect(await createdRow.textContent()).toContain('$0.00 of $2.50 today');
    expect(await page.locator('body').textContent()).toContain(accessToken);
    await shoot('09-tokens-tree');
    // Shown once: a reload lists the token without its secret.
    await page.reload();
    await createdRow.waitFor();
    expect(await page.locator('body').textContent()).not.toContain(accessToken);

    // A refused token: more than the creator may give is 422 naming the field, shown in the form.
    await page.getByRole('button', { name: 'Create token' }).click();
    await form.getByLabel('Name').fill('no scopes');
    await form.getByLabel('messages:read').uncheck();
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('Scopes');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Revoking the middle token revokes its subtree, and only that.
    await childRow.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.locator('#toast').textContent()).toBe('2 tokens revoked.');
    await expect.poll(() => childRow.textContent()).toContain('Revoked');
    expect(await grandchildRow.textContent()).toContain('Revoked');
    expect(await createdRow.textContent()).toContain('Active');
    expect(await childRow.getByRole('button', { name: 'Revoke' }).isHidden()).toBe(true);
    // Within the token cache's lifetime, the grandchild stops working too.
    await expect
      .poll(async () => (await call(app, 'GET', '/api/v1/tokens', { token: grandchild.body.token.access_token })).status, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(401);
    await shoot('10-tokens-revoked');
  });

  it('every new page renders on a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      for (const [link, heading, ready] of [
        ['Messages', 'Messages', 'tr.message-row'],
        ['Conversations', 'Conversations', 'tr.conversation-row'],
        ['Opt-outs', 'Opt-outs', 'tr.suppression-row'],
        ['Usage', 'Usage', 'rect.bar'],
        ['API tokens', 'API tokens', 'tr[data-token-id]'],
      ] as const) {
        await go(link, heading);
        await page.locator(ready).first().waitFor();
        const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
        expect(overflow, link).toBeLessThanOrEqual(0);
        await shoot(`11-phone-${link.toLowerCase().replace(/\W+/g, '-')}`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
