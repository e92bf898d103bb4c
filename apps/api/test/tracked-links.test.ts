import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpLinkClicks } from '../src/domain/messages/link-clicks.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { recipient, send, sendingWorkspace } from './sending-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

/**
 * Counts every call the app makes to its database driver, whichever client makes it (Prisma's
 * adapter or the typed statements): node-postgres's client in the scaled mode, PGlite's in the
 * embedded one, each call a statement or a transaction.
 */
function countDatabaseCalls(): { readonly calls: number; restore(): void } {
  const counter = { calls: 0, restore: () => {} };
  const ownerOf = (prototype: object, method: string): Record<string, unknown> => {
    let owner: object | null = prototype;
    while (owner && !Object.hasOwn(owner, method)) owner = Object.getPrototypeOf(owner) as object | null;
    if (!owner) throw new Error(`no ${method} on the driver`);
    return owner as Record<string, unknown>;
  };
  const patched = [
    ...(['query', 'exec', 'transaction'] as const).map((method) => [ownerOf(PGlite.prototype, method), method] as const),
    [ownerOf(pg.Client.prototype, 'query'), 'query'] as const,
  ].map(([owner, method]) => {
    const original = owner[method] as (...args: unknown[]) => unknown;
    owner[method] = function counted(this: unknown, ...args: unknown[]) {
      counter.calls += 1;
      return original.apply(this, args);
    };
    return () => {
      owner[method] = original;
    };
  });
  counter.restore = () => patched.forEach((restore) => restore());
  return counter;
}

const codesOf = (body: string) => [...body.matchAll(/\/l\/([0-9A-Za-z]{12})/g)].map((match) => match[1]!);
const follow = (code: string, userAgent = 'Mozilla/5.0 (Macintosh) AppleWebKit/537.36 Chrome/120.0 Safari/537.36') =>
  fetch(`${app.baseUrl}/l/${code}`, {
    redirect: 'manual',
    headers: { 'user-agent': userAgent, 'x-forwarded-for': '198.51.100.7' },
  });

describe('shorten_links', () => {
  it('replaces each URL with a tracked link, prices the shortened body, and replays a retry', async () => {
    const developer = await sendingWorkspace(app);
    const body = `Menu: https://example.com/menu/${'x'.repeat(150)}. Book at http://example.org/a?b=1!`;
    const request = { phone_number: recipient, body, shorten_links: true, idempotency_key: 'links-1' };
    const preview = await call(app, 'POST', '/api/v1/messages/preview', { token: developer.token, body: request });
    expect(preview.body.preview).toMatchObject({ verdict: 'accept', segments: 1, kind: 'sms' });
    // The preview shows the body as it would be sent: each URL a short link of this service.
    expect(preview.body.preview.body).toMatch(
      new RegExp(`^Menu: ${app.baseUrl}/l/[0-9A-Za-z]{12}\\. Book at ${app.baseUrl}/l/[0-9A-Za-z]{12}!$`),
    );
    const unshortened = await call(app, 'POST', '/api/v1/messages/preview', {
      token: developer.token,
      body: { ...request, shorten_links: false },
    });
    expect(unshortened.body.preview.segments).toBe(2);

    const sent = await send(app, developer.token, request);
    expect(sent.status).toBe(202);
    const message = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
    expect(message.body).toMatch(
      new RegExp(`^Menu: ${app.baseUrl}/l/[0-9A-Za-z]{12}\\. Book at ${app.baseUrl}/l/[0-9A-Za-z]{12}!$`),
    );
    expect(message.segments).toBe(1);
    const links = await app.services.prisma.messageLink.findMany({ where: { messageId: message.id }, orderBy: { url: 'asc' } });
    expect(links.map((link) => link.url)).toEqual(['http://example.org/a?b=1', `https://example.com/menu/${'x'.repeat(150)}`]);
    expect(codesOf(message.body).sort()).toEqual(links.map((link) => link.code).sort());

    const again = await send(app, developer.token, request);
    expect(again.status).toBe(200);
    expect(again.body.message.id).toBe(message.id);
    expect(await app.services.prisma.messageLink.count({ where: { messageId: message.id } })).toBe(2);
  });

  it('leaves the punctuation that ends a sentence out of a link, in any script', async () => {
    const developer = await sendingWorkspace(app);
    const body = 'Offer https://example.com/offer… or «https://example.com/b/» or https://example.com/c?d=1。';
    const sent = await send(app, developer.token, { phone_number: recipient, body, shorten_links: true });
    expect(sent.status).toBe(202);
    const links = await app.services.prisma.messageLink.findMany({ where: { messageId: sent.body.message.id } });
    expect(links.map((link) => link.url).sort()).toEqual([
      'https://example.com/b/',
      'https://example.com/c?d=1',
      'https://example.com/offer',
    ]);
    const message = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
    expect(message.body).toMatch(/^Offer \S+\/l\/\w{12}… or «\S+\/l\/\w{12}» or \S+\/l\/\w{12}。$/);
  });

  it('shortens the links of every item of a batch', async () => {
    const developer = await sendingWorkspace(app);
    const response = await call(app, 'POST', '/api/v1/messages/batch', {
      token: developer.token,
      body: {
        shorten_links: true,
        messages: [
          { phone_number: '+14155550101', body: 'A https://example.com/a' },
          { phone_number: '+14155550102', body: 'B https://example.com/b' },
        ],
      },
    });
    expect(response.body.results.map((result: { status: number }) => result.status)).toEqual([202, 202]);
    const links = await app.services.prisma.messageLink.findMany({ where: { workspaceId: developer.workspaceId } });
    expect(links.map((link) => link.url).sort()).toEqual(['https://example.com/a', 'https://example.com/b']);
  });
});

describe('GET /l/{code}', () => {
  it('redirects to the URL, counts each click on the message, and reports the first click of each link', async () => {
    const developer = await sendingWorkspace(app);
    const sent = await send(app, developer.token, {
      phone_number: recipient,
      body: 'See https://example.com/menu and https://example.com/hours',
      shorten_links: true,
    });
    const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
    const [menu, hours] = codesOf(stored.body);

    const first = await follow(menu!);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('https://example.com/menu');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await follow(menu!, 'curl/8.0')).status).toBe(302);
    expect((await follow(hours!)).headers.get('location')).toBe('https://example.com/hours');

    // The clicks count on the message within a second, without anyone asking for it.
    const linkClicks = async () =>
      (await call(app, 'GET', `/api/v1/messages/${stored.id}`, { token: developer.token })).body.message.link_clicks;
    await expect.poll(linkClicks, { timeout: 5_000, interval: 100 }).toBe(3);
    const clicks = await app.services.prisma.linkClick.findMany({
      where: { messageId: stored.id },
      orderBy: { clickedAt: 'asc' },
    });
    expect(clicks.map((click) => click.userAgentFamily).sort()).toEqual(['chrome', 'chrome', 'curl']);
    // The IP is kept only as its keyed hash.
    expect(clicks[0]!.ipHash).toBe(app.services.hashIp('198.51.100.7'));
    expect(JSON.stringify(clicks)).not.toContain('198.51.100.7');

    const events = await app.services.prisma.event.findMany({
      where: { workspaceId: developer.workspaceId, type: 'message.link_clicked' },
    });
    expect(events.map((event) => (event.data as { url: string }).url).sort()).toEqual([
      'https://example.com/hours',
      'https://example.com/menu',
    ]);
    expect(events[0]!.data).toMatchObject({ message_id: stored.id, clicked_at: expect.any(String) });

    // The timeline has the first click of each link, with that link's count.
    const timeline = await call(app, 'GET', `/api/v1/messages/${stored.id}/events`, { token: developer.token });
    expect(timeline.status).toBe(200);
    const clicked = timeline.body.events.filter((step: { type: string }) => step.type === 'link_clicked');
    expect(
      clicked.map((step: { detail: { url: string } }) => step.detail).sort((a: any, b: any) => a.url.localeCompare(b.url)),
    ).toEqual([
      { url: 'https://example.com/hours', clicks: 1 },
      { url: 'https://example.com/menu', clicks: 2 },
    ]);
    const firstClicks = clicks.filter((click, index) => clicks.findIndex((other) => other.code === click.code) === index);
    expect(clicked.map((step: { at: string }) => step.at).sort()).toEqual(
      firstClicks.map((click) => click.clickedAt.toISOString()).sort(),
    );
  });

  it("counts each click once and reports a link's first click once, however many roll-ups run", async () => {
    const developer = await sendingWorkspace(app);
    const sent = await send(app, developer.token, {
      phone_number: recipient,
      body: 'https://example.com/once',
      shorten_links: true,
    });
    const [code] = codesOf((await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } })).body);
    const clicksCounted = async () =>
      [
        (await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } })).linkClicks,
        (await app.services.prisma.messageLink.findUniqueOrThrow({ where: { code: code! } })).clicks,
        await app.services.prisma.event.count({ where: { workspaceId: developer.workspaceId, type: 'message.link_clicked' } }),
      ] as const;

    await Promise.all([follow(code!), follow(code!)]);
    // The process's own roll-up and the maintenance job's (which counts what a stopped process left), at once.
    await Promise.all([app.services.linkClicks.rollUp(), rollUpLinkClicks(app.services), app.services.linkClicks.rollUp()]);
    expect(await clicksCounted()).toEqual([2, 2, 1]);
    await follow(code!);
    await app.services.linkClicks.rollUp();
    expect(await clicksCounted()).toEqual([3, 3, 1]);
    expect(await app.services.prisma.linkClick.count({ where: { code: code!, rolledUp: false } })).toBe(0);
  });

  it('answers 404 for codes it did not make, with at most one query for each and none for a repeat or a malformed one', async () => {
    const counter = countDatabaseCalls();
    const queries = () => counter.calls;
    try {
      const unknown = await follow('AbCdEfGh1234');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('location')).toBeNull();
      expect(queries()).toBe(1);
      expect((await follow('AbCdEfGh1234')).status).toBe(404);
      expect((await follow('not-a-code')).status).toBe(404);
      expect((await follow('https%3A%2F%2Fevil.example')).status).toBe(404);
      expect(queries()).toBe(1);
      // The counter sees the app's database calls: it counts the click on a code the service made.
      const developer = await sendingWorkspace(app);
      const sent = await send(app, developer.token, {
        phone_number: recipient,
        body: 'https://example.com/x',
        shorten_links: true,
      });
      const [code] = codesOf((await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } })).body);
      const before = queries();
      expect((await follow(code!)).status).toBe(302);
      expect(queries()).toBeGreaterThan(before);
    } finally {
      counter.restore();
    }
  });
});
