import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaFetcher } from '../src/domain/messages/media.ts';
import { call, eventually, startTestApp, type TestApp } from './harness.ts';
import { tokenWithScopes } from './mcp-support.ts';
import { customerEvents } from './inbound-support.ts';
import { recipient, send, sendingWorkspace } from './sending-support.ts';

let app: TestApp;
let media: Server;
let mediaBase: string;
const png = Buffer.alloc(2_048, 1);

beforeAll(async () => {
  // A local media host: http and loopback are admitted by ALLOW_PRIVATE_WEBHOOK_URLS, as for endpoints.
  media = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (path === '/card.vcf') res.writeHead(200, { 'content-type': 'text/vcard; charset=utf-8' }).end('BEGIN:VCARD');
    else if (path === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    else if (path === '/moved.png') res.writeHead(302, { location: '/photo.png' }).end();
    else if (path === '/huge.jpg') {
      // No content-length: the size is found while reading, and the download stops there.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1_048_576);
      for (let index = 0; index < 6; index += 1) res.write(chunk);
      res.end();
    } else if (path === '/slow.gif') res.writeHead(200, { 'content-type': 'image/gif' }).write('GIF8');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', MEDIA_FETCH_TIMEOUT_MS: '500' });
});
afterAll(async () => {
  media.closeAllConnections();
  await new Promise<void>((resolve) => media.close(() => resolve()));
  await app.close();
});

describe('an MMS: media_urls on a send', () => {
  it('is accepted as kind mms at its own price without segments, needs no body, and the sandbox delivers it', async () => {
    const developer = await sendingWorkspace(app);
    const request = { phone_number: recipient, media_urls: [`${mediaBase}/photo.png`, `${mediaBase}/card.vcf`] };
    const preview = await call(app, 'POST', '/api/v1/messages/preview', { token: developer.token, body: request });
    expect(preview.body.preview).toMatchObject({
      verdict: 'accept',
      kind: 'mms',
      body: '',
      segments: 0,
      cost_cents: app.config.pricePerMmsCents,
    });

    const sent = await send(app, developer.token, { ...request, body: 'Your table' });
    expect(sent.status).toBe(202);
    const read = async () =>
      (await call(app, 'GET', `/api/v1/messages/${sent.body.message.id}`, { token: developer.token })).body;
    await eventually('the MMS is delivered', async () => (await read()).message.status === 'delivered');
    expect((await read()).message).toMatchObject({
      kind: 'mms',
      segments: 0,
      cost_cents: app.config.pricePerMmsCents,
      body: 'Your table',
      media_urls: request.media_urls,
    });
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: developer.workspaceId } });
    expect(workspace.balanceCents).toBe(10_000 - app.config.pricePerMmsCents);
  });

  it.each([
    ['a content type that is not media', '/page.html', /content type text\/html is not accepted/],
    ['a redirect', '/moved.png', /redirects \(302\)/],
    ['more than 5 MB', '/huge.jpg', /more than 5 MB/],
    ['no answer in time', '/slow.gif', /no complete answer within 0.5 s/],
    ['an error status', '/missing.png', /answered 404/],
  ])('is refused with 422 media_refused for %s, naming the URL and the reason', async (_label, path, reason) => {
    const developer = await sendingWorkspace(app);
    const url = `${mediaBase}${path}`;
    const response = await send(app, developer.token, {
      phone_number: recipient,
      body: 'x',
      media_urls: [`${mediaBase}/photo.png`, url],
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'media_refused', url, reason: expect.stringMatching(reason) });
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('refuses media at private addresses and over plain http unless private URLs are allowed', async () => {
    const developer = await sendingWorkspace(app);
    // media.example.test resolves to loopback: the connection is refused when it is made, as for webhooks.
    const lookup = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    }) as unknown as LookupFunction;
    const original = app.services.mediaFetcher;
    app.services.mediaFetcher = createMediaFetcher({
      allowPrivate: false,
      timeoutMs: 2_000,
      concurrency: 4,
      bytesPerMinute: 50 * 1_048_576,
      clock: app.clock,
      lookup,
    });
    try {
      const rebinding = await send(app, developer.token, {
        phone_number: recipient,
        media_urls: ['https://media.example.test/a.png'],
      });
      expect(rebinding.status).toBe(422);
      expect(rebinding.body.error.reason).toMatch(/non-public address/);
      const plain = await send(app, developer.token, { phone_number: recipient, media_urls: [`${mediaBase}/photo.png`] });
      expect(plain.body.error).toMatchObject({ code: 'media_refused', reason: 'only https media URLs are accepted' });
    } finally {
      app.services.mediaFetcher.close();
      app.services.mediaFetcher = original;
    }
  });

  it("bounds each workspace's media bytes per minute", async () => {
    const developer = await sendingWorkspace(app);
    const original = app.services.mediaFetcher;
    app.services.mediaFetcher = createMediaFetcher({
      allowPrivate: true,
      timeoutMs: 2_000,
      concurrency: 1,
      bytesPerMinute: 1_048_576,
      clock: app.clock,
    });
    try {
      const first = await send(app, developer.token, { phone_number: recipient, media_urls: [`${mediaBase}/huge.jpg`] });
      expect(first.body.error.reason).toMatch(/media allowance for this minute/);
      const other = await sendingWorkspace(app);
      expect((await send(app, other.token, { phone_number: recipient, media_urls: [`${mediaBase}/photo.png`] })).status).toBe(
        202,
      );
      app.clock.advance(60_000);
      expect((await send(app, developer.token, { phone_number: recipient, media_urls: [`${mediaBase}/photo.png`] })).status).toBe(
        202,
      );
    } finally {
      app.services.mediaFetcher.close();
      app.services.mediaFetcher = original;
    }
  });

  it('is validated: 1-10 URLs, a body or media, and messages:write', async () => {
    const developer = await sendingWorkspace(app);
    const tooMany = Array.from({ length: 11 }, () => `${mediaBase}/photo.png`);
    expect((await send(app, developer.token, { phone_number: recipient, media_urls: tooMany })).status).toBe(422);
    expect((await send(app, developer.token, { phone_number: recipient, media_urls: ['ftp://x/y.png'] })).status).toBe(422);
    expect((await send(app, developer.token, { phone_number: recipient, media_urls: [] })).status).toBe(422);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['messages:read']);
    expect((await send(app, reader, { phone_number: recipient, media_urls: [`${mediaBase}/photo.png`] })).status).toBe(403);
  });
});

describe('an inbound MMS (sandbox)', () => {
  it('keeps its media URLs on the inbound message, its message.received event and its conversation', async () => {
    const developer = await sendingWorkspace(app);
    const mediaUrls = ['https://media.example.com/reply.jpg', 'https://media.example.com/reply.mp4'];
    const received = await call(app, 'POST', '/api/v1/sandbox/inbound-messages', {
      token: developer.token,
      body: { from: '+14155550177', media_urls: mediaUrls },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    const { message } = received.body;
    expect(message).toMatchObject({ direction: 'inbound', kind: 'mms', media_urls: mediaUrls, body: '' });
    const conversation = await call(app, 'GET', `/api/v1/conversations/${received.body.conversation.id}`, {
      token: developer.token,
    });
    expect(conversation.body.messages).toEqual([expect.objectContaining({ id: message.id, kind: 'mms', media_urls: mediaUrls })]);
    const events = await customerEvents(app, developer.workspaceId);
    expect(events.find((event) => event.type === 'message.received')?.data).toMatchObject({
      message: { id: message.id, body: '', media_urls: mediaUrls },
    });
  });

  it('carries empty media_urls on the message.received event of an SMS', async () => {
    const developer = await sendingWorkspace(app);
    const received = await call(app, 'POST', '/api/v1/sandbox/inbound-messages', {
      token: developer.token,
      body: { from: '+14155550178', body: 'Just text' },
    });
    expect(received.body.message).toMatchObject({ kind: 'sms', media_urls: [] });
    const events = await customerEvents(app, developer.workspaceId);
    expect(events.find((event) => event.type === 'message.received')?.data).toMatchObject({
      message: { body: 'Just text', media_urls: [] },
    });
  });
});
