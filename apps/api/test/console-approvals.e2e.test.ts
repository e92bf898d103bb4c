import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import { ensureConsoleBuilt, launchBrowser, signInToConsole } from './browser-support.ts';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let developer: Awaited<ReturnType<typeof sendingWorkspace>>;

beforeAll(async () => {
  await ensureConsoleBuilt();
  // Real time: the page shows each approval's expiry relative to the browser's clock.
  app = await startTestApp({}, { clock: systemClock });
  browser = await launchBrowser();
  page = browser.page;
  developer = await sendingWorkspace(app);
  await signInToConsole(page, app.baseUrl, developer.account.account.username);
}, 180_000);

afterAll(async () => {
  await closeStarted(browser, app);
});

async function heldSend(agentToken: string, phoneNumber: string, body: string) {
  const response = await call(app, 'POST', '/api/v1/messages', { token: agentToken, body: { phone_number: phoneNumber, body } });
  expect(response.body.message.status).toBe('pending_approval');
  return response.body.message as { id: string; approval: { id: string } };
}

const statusOf = async (id: string) =>
  (await call(app, 'GET', `/api/v1/messages/${id}`, { token: developer.token })).body.message.status as string;

describe('the Approvals page', () => {
  it('shows what waits with its message, recipient, cost and token; Approve sends it, Reject cancels and refunds it', async () => {
    const agent = await call(app, 'POST', '/api/v1/tokens', {
      token: developer.token,
      body: { name: 'booking agent', scopes: ['messages:write'], approval: { required_for: 'all_sends' } },
    });
    const agentToken = agent.body.token.access_token as string;
    const approved = await heldSend(agentToken, '+14155550191', 'Your table for two is booked.');
    const rejected = await heldSend(agentToken, '+14155550192', 'Buy one, get one free!');

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Approvals', exact: true }).click();
    await page.getByRole('heading', { name: 'Approvals', exact: true }).waitFor();
    const rows = page.locator('tr[data-approval-id]');
    await expect.poll(() => rows.count()).toBe(2);
    const first = page.locator(`tr[data-approval-id="${approved.approval.id}"]`);
    expect(await first.textContent()).toContain('Your table for two is booked.');
    expect(await first.textContent()).toContain('+14155550191');
    expect(await first.textContent()).toContain('booking agent');
    expect(await first.textContent()).toContain('$0.02');

    await page.getByRole('button', { name: 'Approve the send to +14155550191' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: 'Reject the send to +14155550192' }).click();
    await page.getByText('Nothing waits for approval').waitFor();

    await expect.poll(() => statusOf(approved.id), { timeout: 30_000 }).toBe('delivered');
    expect(await statusOf(rejected.id)).toBe('canceled');
    const refunds = await app.services.prisma.ledgerEntry.count({ where: { messageId: rejected.id, kind: 'send_refund' } });
    expect(refunds).toBe(1);
    const timeline = await call(app, 'GET', `/api/v1/messages/${approved.id}/events`, { token: developer.token });
    const resolved = timeline.body.events.find((event: { type: string }) => event.type === 'approval_resolved');
    expect(resolved.detail.resolved_by).toEqual({ kind: 'console', token_id: null, name: 'Console' });

    // A message's approval_url opens this page.
    await page.goto(`${app.baseUrl}/console/approvals/${approved.approval.id}`);
    await page.getByRole('heading', { name: 'Approvals', exact: true }).waitFor();
  }, 120_000);
});
