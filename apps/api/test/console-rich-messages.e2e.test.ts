import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLedgerEntry } from '../src/domain/ledger.ts';
import { newId } from '../src/lib/crypto.ts';
import { systemClock } from '../src/lib/clock.ts';
import {
  ensureConsoleBuilt,
  expectAccessibleAtBothWidths,
  launchBrowser,
  screenshotDir,
  signInToConsole,
} from './browser-support.ts';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * Rich messages in the console, in Chromium: compose with a template, media URLs, shortened links
 * and smart encoding, each previewed; the message view with its media and link clicks; an inbound
 * MMS in its conversation.
 */

const screenshots = screenshotDir('console-rich-messages');

// A 2x2 PNG: a picture the browser decodes, so the test can tell it is shown.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGMwTpsJRAwQCgAf7gTJ/qZDUgAAAABJRU5ErkJggg==',
  'base64',
);

let app: TestApp;
let media: Server;
let mediaBase: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let developer: Awaited<ReturnType<typeof sendingWorkspace>>;

const ann = '+14155550181';
const ben = '+14155550182';

async function api(method: string, url: string, body?: Record<string, unknown>) {
  const response = await call(app, method, url, { token: developer.token, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
}

const expectAccessible = (name: string) => expectAccessibleAtBothWidths(page, screenshots, name);

async function openCompose() {
  await page.goto(`${app.baseUrl}/console/messages`);
  await page.getByRole('button', { name: 'New message' }).click();
  const form = page.getByRole('form', { name: 'New message' });
  await form.getByLabel('To', { exact: true }).waitFor();
  return form;
}

/** Sends the form and answers the stored message the console opened. */
async function sendFrom(form: ReturnType<Page['getByRole']>) {
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('heading', { name: 'Message', exact: true }).waitFor();
  const id = new URL(page.url()).pathname.split('/').pop()!;
  return app.services.prisma.message.findUniqueOrThrow({ where: { id } });
}

/** The natural width of each picture shown in `scope`: 0 for one the browser could not load. */
const pictureWidths = (scope: ReturnType<Page['locator']>) =>
  scope
    .locator('img')
    .evaluateAll((images) => images.map((image) => (image as unknown as { naturalWidth: number }).naturalWidth));

beforeAll(async () => {
  await ensureConsoleBuilt();
  media = createServer((req, res) => {
    if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/card.vcf') res.writeHead(200, { 'content-type': 'text/vcard' }).end('BEGIN:VCARD\nEND:VCARD');
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  // http media on loopback, as in local development: admitted by ALLOW_PRIVATE_WEBHOOK_URLS.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }, { clock: systemClock });
  browser = await launchBrowser();
  page = browser.page;
  developer = await sendingWorkspace(app);
  await api('POST', '/api/v1/templates', { name: 'Table ready', body: 'Hi {{name}}, your table for {{party}} is ready.' });
  await signInToConsole(page, app.baseUrl, developer.account.account.username);
}, 180_000);

afterAll(async () => {
  media.closeAllConnections();
  await new Promise<void>((resolve) => media.close(() => resolve()));
  await closeStarted(browser, app);
});

describe('compose in Chromium', () => {
  it('sends a template with its variables, previewing the text it becomes', async () => {
    const form = await openCompose();
    await form.getByLabel('To', { exact: true }).fill(ann);
    await form.getByLabel('Template').selectOption({ label: 'Table ready' });
    // The template's text replaces the text field; each variable has its own field.
    expect(await form.getByLabel('Message').isHidden()).toBe(true);
    await form.getByLabel('Value of {{name}}').fill('Ann');
    await form.getByLabel('Value of {{party}}').fill('4');
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.locator('.preview');
    await expect.poll(() => preview.textContent()).toContain('Would be accepted');
    expect(await preview.locator('.sent-as').textContent()).toContain('Hi Ann, your table for 4 is ready.');
    expect(await preview.textContent()).toContain('SMS · 1 segment');
    await expectAccessible('compose-template');

    const stored = await sendFrom(form);
    expect(stored).toMatchObject({ phoneNumber: ann, body: 'Hi Ann, your table for 4 is ready.', source: 'console' });
  });

  it('sends media URLs alone as an MMS at its price, and the message view shows the picture and the file', async () => {
    const form = await openCompose();
    await form.getByLabel('To', { exact: true }).fill(ann);
    await form.getByLabel('Media URLs').fill(`${mediaBase}/photo.png\n${mediaBase}/card.vcf`);
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.locator('.preview');
    await expect.poll(() => preview.textContent()).toContain('Would be accepted');
    const price = `$${(app.config.pricePerMmsCents / 100).toFixed(2)}`;
    expect(await preview.textContent()).toContain(`MMS (one message with media) · costs ${price}`);
    expect(await preview.textContent()).not.toContain('segment');

    const stored = await sendFrom(form);
    expect(stored).toMatchObject({ body: '', costCents: app.config.pricePerMmsCents });
    const { message } = await api('GET', `/api/v1/messages/${stored.id}`);
    expect(message).toMatchObject({ kind: 'mms', media_urls: [`${mediaBase}/photo.png`, `${mediaBase}/card.vcf`] });

    const summary = page.locator('.summary');
    await summary.waitFor();
    expect((await summary.innerText()).replace(/\s+/g, ' ')).toContain('KIND MMS');
    expect(await summary.textContent()).not.toContain('Segments');
    const shown = page.getByRole('list', { name: 'Media' });
    await shown.waitFor();
    const picture = shown.getByRole('img', { name: 'Picture 1 of 2 sent with this message (photo.png)' });
    await expect.poll(() => picture.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBe(2);
    // The vCard is a file to open, not a picture.
    expect(await shown.getByRole('link', { name: 'card.vcf' }).getAttribute('href')).toBe(`${mediaBase}/card.vcf`);
    expect(await pictureWidths(shown)).toEqual([2]);
    await expectAccessible('message-mms');

    // In the list, an MMS says it is one, even without text.
    await page.getByRole('link', { name: '← All messages' }).click();
    const row = page.locator(`tr[data-message-id="${stored.id}"]`);
    await row.waitFor();
    expect(await row.locator('td[data-label="Message"]').textContent()).toBe('MMS');
  });

  it('shortens links and applies smart encoding: the preview shows the body sent and each replacement', async () => {
    const form = await openCompose();
    await form.getByLabel('To', { exact: true }).fill(ann);
    const typed = 'Menu \u2014 https://example.com/menu?day=friday \u2026 see you';
    await form.getByLabel('Message').fill(typed);
    await form.getByLabel('Shorten links and count their clicks').check();
    await form.getByRole('checkbox', { name: /Smart encoding/ }).check();
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.locator('.preview');
    await expect.poll(() => preview.textContent()).toContain('Would be accepted');
    const sentAs = new RegExp(`^Menu - ${app.baseUrl}/l/[0-9A-Za-z]{12} \\.\\.\\. see you$`);
    expect(await preview.locator('.sent-as .message-body').textContent()).toMatch(sentAs);
    const replacements = await preview.locator('.smart-encoding code').allTextContents();
    expect(replacements).toEqual(['\u2014 → -', '\u2026 → ...']);
    expect(await preview.locator('.smart-encoding').textContent()).toContain('Smart encoding replaced');
    expect(await preview.textContent()).toContain('(GSM-7)');
    await expectAccessible('compose-links');

    const stored = await sendFrom(form);
    expect(stored.body).toMatch(sentAs);
    const clicks = page.locator('[data-link-clicks]');
    await clicks.waitFor();
    expect(await clicks.textContent()).toBe('0');

    // A recipient follows the link: the message view counts the click.
    const code = /\/l\/([0-9A-Za-z]+)/.exec(stored.body)![1];
    const followed = await fetch(`${app.baseUrl}/l/${code}`, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('https://example.com/menu?day=friday');
    await expect
      .poll(
        async () => {
          await page.reload();
          await clicks.waitFor();
          return clicks.textContent();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('1');
  });

  it('lists every blocker of a refused send with its fix, and shows a refused media URL with its reason', async () => {
    await api('POST', '/api/v1/suppressions', { phone_number: ben });
    const balance = (await api('GET', '/api/v1/balance')).balance_cents as number;
    const setBalance = (cents: number) =>
      postLedgerEntry(app.services.prisma, {
        workspaceId: developer.workspaceId,
        amountCents: cents,
        kind: cents > 0 ? 'operator_credit' : 'operator_debit',
        reference: newId('test'),
      });
    await setBalance(-balance);
    try {
      const form = await openCompose();
      await form.getByLabel('To', { exact: true }).fill(ben);
      await form.getByLabel('Message').fill('Are you still there?');
      await form.getByRole('button', { name: 'Preview' }).click();
      const preview = form.locator('.preview');
      await expect.poll(() => preview.textContent()).toContain('Would be refused');
      const blockers = preview.getByRole('list', { name: 'Why it would be refused' }).locator('li');
      expect(await blockers.evaluateAll((items) => items.map((item) => item.getAttribute('data-blocker')))).toEqual([
        'workspace_suppressed',
        'insufficient_balance',
      ]);
      expect(await blockers.last().textContent()).toMatch(/How to fix it: .*funding invoice/);
      await expectAccessible('compose-blocked');

      await form.getByLabel('To', { exact: true }).fill(ann);
      await form.getByLabel('Media URLs').fill(`${mediaBase}/page.html`);
      await form.getByRole('button', { name: 'Preview' }).click();
      const alert = form.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain(`${mediaBase}/page.html`);
      expect(await alert.textContent()).toContain('text/html');
      expect(await preview.textContent()).toBe('');
    } finally {
      await setBalance(balance);
    }
  });
});

describe('an inbound MMS in Chromium', () => {
  it('shows its picture in the conversation and in the message view', async () => {
    const received = await api('POST', '/api/v1/sandbox/inbound-messages', {
      from: ann,
      body: 'Here is the spot',
      media_urls: [`${mediaBase}/photo.png`],
    });
    await page.goto(`${app.baseUrl}/console/conversations/${received.conversation.id}`);
    const bubble = page.locator(`li.bubble.inbound[data-message-id="${received.message.id}"]`);
    await bubble.waitFor();
    expect(await bubble.locator('p').first().textContent()).toBe('Here is the spot');
    const picture = bubble.getByRole('img', { name: 'Picture 1 of 1 received with this message (photo.png)' });
    await expect.poll(() => picture.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBe(2);
    await expectAccessible('conversation-mms');

    await page.goto(`${app.baseUrl}/console/messages/${received.message.id}`);
    const shown = page.getByRole('list', { name: 'Media' });
    await shown.waitFor();
    await expect.poll(() => pictureWidths(shown)).toEqual([2]);
    expect(await page.locator('[data-link-clicks]').count()).toBe(0);
  });

  it('serves the console with pictures allowed from media URLs, http ones only where media URLs may be http', async () => {
    const response = await fetch(`${app.baseUrl}/console/`);
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self' data: https: http:;");
  });
});
