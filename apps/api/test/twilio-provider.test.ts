import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { helpKeywords, optInKeywords, optOutKeywords } from '@textline/contract';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createMediaFetcher } from '../src/domain/messages/media.ts';
import { call, closeStarted, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { customerEvents, postSigned, spelledLoosely } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';
import { startTwilioStandIn, type StandInService, type TwilioStandIn } from './twilio-standin.ts';

const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
// Behind a TLS-terminating proxy: Twilio calls (and signs) these URLs; the app listens on loopback http.
const PUBLIC_BASE_URL = 'https://sms.example.test';
const SERVICE_PUBLIC_BASE_URL = 'https://service.example.test';
const GUARDED_PUBLIC_BASE_URL = 'https://guarded.example.test';

let standIn: TwilioStandIn;
let app: TestApp;
// Sends carry a Messaging Service, and bought numbers join it.
let serviceApp: TestApp;
let service: StandInService;
// ALLOW_LIVE_NUMBER_PURCHASE is off.
let guardedApp: TestApp;

beforeAll(async () => {
  standIn = await startTwilioStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, now: () => app.clock.now() });
  service = standIn.addService({ inboundRequestUrl: null, useInboundWebhookOnNumber: true });
  [app, serviceApp, guardedApp] = await Promise.all([
    startTestApp(standIn.appEnvironment(PUBLIC_BASE_URL, { ALLOW_LIVE_NUMBER_PURCHASE: '1' })),
    startTestApp(
      standIn.appEnvironment(SERVICE_PUBLIC_BASE_URL, {
        ALLOW_LIVE_NUMBER_PURCHASE: '1',
        TWILIO_MESSAGING_SERVICE_SID: service.sid,
      }),
    ),
    startTestApp(standIn.appEnvironment(GUARDED_PUBLIC_BASE_URL)),
  ]);
  // The apps share one manual clock with the stand-in, so "recent" means the same to both.
  for (const other of [serviceApp, guardedApp]) other.clock.set(app.clock.now());
  standIn.forward(PUBLIC_BASE_URL, app.baseUrl);
  standIn.forward(SERVICE_PUBLIC_BASE_URL, serviceApp.baseUrl);
  standIn.forward(GUARDED_PUBLIC_BASE_URL, guardedApp.baseUrl);
});

afterAll(async () => {
  // beforeAll may have stopped before it started them all.
  const started: (TestApp | undefined)[] = [app, serviceApp, guardedApp];
  for (const target of started) {
    if (!target) continue;
    // Neither the auth token nor the basic-auth header made from it may reach a log line.
    const basicAuth = Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64');
    expect(target.logs.filter((line) => line.includes(AUTH_TOKEN) || line.includes(basicAuth))).toEqual([]);
    // Nor may a full phone number, including those that only Twilio's callbacks carried.
    expect(target.logs.filter((line) => /\+1\d{10}/.test(line))).toEqual([]);
  }
  await closeStarted(...started);
  await closeStarted(standIn);
});

const message = (id: string) => app.services.prisma.message.findUniqueOrThrow({ where: { id } });
const balance = async (workspaceId: string) =>
  (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;
const requestsTo = (suffix: string, method = 'POST') =>
  standIn.requests.filter((request) => request.method === method && request.path.endsWith(suffix));

function buy(target: TestApp, token: string, body?: object) {
  return call(target, 'POST', '/api/v1/numbers', { token, body });
}

/**
 * A funded workspace whose sender number was bought from Twilio through the API, its registration
 * approved as an approved use case leaves it (twilio-registration.test.ts registers one end to end).
 */
async function twilioWorkspace(target: TestApp = app, areaCode = '415') {
  const workspace = await sendingWorkspace(target, { numbers: 0 });
  const bought = await buy(target, workspace.token, { area_code: areaCode });
  expect(bought.status).toBe(201);
  await target.services.prisma.phoneNumber.update({
    where: { id: bought.body.number.id },
    data: { registrationStatus: 'approved' },
  });
  return { ...workspace, sender: bought.body.number.number as string };
}

async function send(
  workspace: { token: string },
  recipient: string,
  body = `Your order has shipped (${randomBytes(3).toString('hex')}).`,
  target: TestApp = app,
) {
  const response = await call(target, 'POST', '/api/v1/messages', {
    token: workspace.token,
    body: { phone_number: recipient, body },
  });
  expect(response.status).toBe(202);
  await target.services.jobs.drain();
  return response.body.message.id as string;
}

/** Reports a status for our message through the stand-in, then lets reconciliation run. */
async function report(messageId: string, status: string, extra: Record<string, string> = {}) {
  const { providerMessageId } = await message(messageId);
  const response = await standIn.reportStatus(providerMessageId!, status, extra);
  await app.services.jobs.drain();
  return response;
}

async function eventTypes(workspaceId: string, target: TestApp = app) {
  return (await customerEvents(target, workspaceId)).map((event) => event.type).sort();
}

describe('configuration', () => {
  it('refuses to start the Twilio provider without PUBLIC_BASE_URL or credentials, saying why', () => {
    const complete = {
      MESSAGING_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      PUBLIC_BASE_URL,
    };
    expect(loadConfig(complete).twilio).toMatchObject({
      accountSid: ACCOUNT_SID,
      publicBaseUrl: PUBLIC_BASE_URL,
      messagingServiceSid: undefined,
    });
    expect(() => loadConfig({ ...complete, PUBLIC_BASE_URL: undefined })).toThrow(
      /PUBLIC_BASE_URL: is required with MESSAGING_PROVIDER=twilio/,
    );
    expect(() => loadConfig({ ...complete, TWILIO_AUTH_TOKEN: undefined })).toThrow(/TWILIO_AUTH_TOKEN: is required/);
    expect(() => loadConfig({ ...complete, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(loadConfig({ ...complete, PUBLIC_BASE_URL: `${PUBLIC_BASE_URL}/` }).twilio!.publicBaseUrl).toBe(PUBLIC_BASE_URL);
    expect(loadConfig({}).twilio).toBeUndefined();
  });

  it('documents going live with Twilio and every TWILIO_ variable in the deployment guide', () => {
    const guide = readFileSync(new URL('../../../docs/deployment.md', import.meta.url), 'utf8');
    expect(guide).toContain('## Going live with Twilio');
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_MESSAGING_SERVICE_SID', 'TWILIO_API_BASE_URL'])
      expect(guide).toContain(`\`${name}\``);
  });
});

describe('Twilio numbers', () => {
  it('buys a local number by area code with its SMS URL pointing at /webhooks/twilio/incoming', async () => {
    const developer = await createDeveloper(app);
    const response = await buy(app, developer.token, { area_code: '512', friendly_name: 'Austin line' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      number: expect.objectContaining({
        number: '+15125550100',
        friendly_name: 'Austin line',
        status: 'connected',
        compliance_status: 'pending',
        type: 'local',
        registration: { status: 'unregistered', use_case_id: null, reasons: [] },
      }),
      webhook_configured: true,
    });
    const search = requestsTo('/AvailablePhoneNumbers/US/Local.json', 'GET').at(-1)!;
    expect(search.query.get('AreaCode')).toBe('512');
    expect(search.query.get('SmsEnabled')).toBe('true');
    const purchase = requestsTo('/IncomingPhoneNumbers.json').at(-1)!;
    expect(purchase).toMatchObject({ authorized: true, contentType: 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(purchase.form)).toMatchObject({
      PhoneNumber: '+15125550100',
      SmsUrl: `${PUBLIC_BASE_URL}/webhooks/twilio/incoming`,
      SmsMethod: 'POST',
    });
    const row = await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: response.body.number.id } });
    expect(row).toMatchObject({ provider: 'twilio', providerNumberId: expect.stringMatching(/^PN[0-9a-f]{32}$/) });
  });

  it('buys from any area code without one, and takes the next number when another buyer wins the race', async () => {
    const developer = await createDeveloper(app);
    const anyNumber = await buy(app, developer.token);
    expect(anyNumber.status).toBe(201);
    expect(requestsTo('/AvailablePhoneNumbers/US/Local.json', 'GET').at(-1)!.query.has('AreaCode')).toBe(false);
    standIn.raceNextPurchase();
    const first = (await buy(app, developer.token, { area_code: '212' })).body.number.number;
    expect(first).toBe('+12125550101');
    expect(
      requestsTo('/IncomingPhoneNumbers.json')
        .slice(-2)
        .map((request) => request.form.get('PhoneNumber')),
    ).toEqual(['+12125550100', '+12125550101']);
  });

  it('answers number_unavailable when Twilio has nothing in the area code', async () => {
    const developer = await createDeveloper(app);
    const before = requestsTo('/IncomingPhoneNumbers.json').length;
    const response = await buy(app, developer.token, { area_code: '907' });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'number_unavailable', retry: 'retry_with_different_area_code' });
    expect(requestsTo('/IncomingPhoneNumbers.json')).toHaveLength(before);
  });

  it('never buys from Twilio unless ALLOW_LIVE_NUMBER_PURCHASE is on', async () => {
    const developer = await createDeveloper(guardedApp);
    const before = standIn.requests.length;
    const response = await buy(guardedApp, developer.token, { area_code: '415' });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('ALLOW_LIVE_NUMBER_PURCHASE'),
    });
    expect(standIn.requests).toHaveLength(before);
  });

  it('adds a bought number to the Messaging Service, reporting whether inbound messages still reach us', async () => {
    const developer = await createDeveloper(serviceApp);
    const deferring = await buy(serviceApp, developer.token, { area_code: '415' });
    expect(deferring.body).toMatchObject({ webhook_configured: true });
    const numberSid = (
      await serviceApp.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: deferring.body.number.id } })
    ).providerNumberId;
    expect(service.phoneNumberSids).toContain(numberSid);

    service.useInboundWebhookOnNumber = false;
    service.inboundRequestUrl = 'https://elsewhere.example.test/sms';
    try {
      const elsewhere = await buy(serviceApp, developer.token, { area_code: '415' });
      expect(elsewhere.status).toBe(201);
      expect(elsewhere.body).toMatchObject({
        webhook_configured: false,
        warning: 'provider_inbound_webhook_configuration_api_not_documented',
      });
      service.inboundRequestUrl = `${SERVICE_PUBLIC_BASE_URL}/webhooks/twilio/incoming`;
      expect((await buy(serviceApp, developer.token, { area_code: '415' })).body).toMatchObject({ webhook_configured: true });
    } finally {
      service.useInboundWebhookOnNumber = true;
      service.inboundRequestUrl = null;
    }
  });
});

describe('sending through Twilio', () => {
  it('creates the message from the selected sender with a status callback, then follows signed status callbacks', async () => {
    const workspace = await twilioWorkspace();
    const messageId = await send(workspace, '+14155550142', 'Your order has shipped.');
    const created = requestsTo('/Messages.json').at(-1)!;
    expect(created).toMatchObject({
      authorized: true,
      contentType: 'application/x-www-form-urlencoded',
      path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
    });
    expect(Object.fromEntries(created.form)).toEqual({
      To: '+14155550142',
      From: workspace.sender,
      Body: 'Your order has shipped.',
      StatusCallback: `${PUBLIC_BASE_URL}/webhooks/twilio/events?message_id=${messageId}`,
    });
    const sending = await message(messageId);
    expect(sending).toMatchObject({ status: 'sending', providerMessageId: standIn.messages.at(-1)!.sid });

    const sent = await report(messageId, 'sent');
    expect(sent.status).toBe(202);
    expect(sent.json()).toEqual({
      id: expect.any(String),
      status: 'received',
      provider: 'twilio',
      event_type: 'message.sent',
      external_id: `${sending.providerMessageId}:sent`,
      duplicate: false,
    });
    expect((await message(messageId)).status).toBe('sent');
    const repeated = await report(messageId, 'sent');
    expect(repeated.status).toBe(200);
    expect(repeated.json()).toMatchObject({ duplicate: true, id: sent.json().id });

    expect((await report(messageId, 'delivered')).status).toBe(202);
    expect(await message(messageId)).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Date) });
    expect(await eventTypes(workspace.workspaceId)).toEqual(['message.delivered', 'message.sent']);
    expect((await call(app, 'GET', `/api/v1/messages/${messageId}`, { token: workspace.token })).body.message.status).toBe(
      'delivered',
    );
  });

  it('passes each media URL of an MMS to Twilio as a MediaUrl parameter, in order', async () => {
    const workspace = await twilioWorkspace();
    // A local media host, admitted as ALLOW_PRIVATE_WEBHOOK_URLS admits it: the send fetches each URL once.
    const media = createServer((req, res) => {
      if (req.url === '/table.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(512, 1));
      else if (req.url === '/menu.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
    const original = app.services.mediaFetcher;
    app.services.mediaFetcher = createMediaFetcher({
      allowPrivate: true,
      timeoutMs: 2_000,
      concurrency: 2,
      bytesPerMinute: 1_048_576,
      clock: app.clock,
    });
    try {
      const mediaUrls = [`${base}/table.jpg`, `${base}/menu.pdf`];
      const response = await call(app, 'POST', '/api/v1/messages', {
        token: workspace.token,
        body: { phone_number: '+14155550138', body: 'Your table', media_urls: mediaUrls },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      await app.services.jobs.drain();
      const created = requestsTo('/Messages.json').at(-1)!;
      expect(created.form.getAll('MediaUrl')).toEqual(mediaUrls);
      expect(created.form.get('Body')).toBe('Your table');
      expect(standIn.messages.at(-1)).toMatchObject({ to: '+14155550138', mediaUrls });
      expect(await message(response.body.message.id)).toMatchObject({ status: 'sending', kind: 'mms' });
    } finally {
      app.services.mediaFetcher.close();
      app.services.mediaFetcher = original;
      await new Promise<void>((resolve) => media.close(() => resolve()));
    }
  });

  it('stores statuses before sent (queued, sending) and otherwise ignores them', async () => {
    const workspace = await twilioWorkspace();
    const messageId = await send(workspace, '+14155550143');
    const queued = await report(messageId, 'queued');
    expect(queued.status).toBe(202);
    expect(queued.json()).toMatchObject({ event_type: 'message.queued' });
    const stored = await app.services.prisma.providerEvent.findFirstOrThrow({
      where: { provider: 'twilio', eventType: 'message.queued', externalId: queued.json().external_id as string },
    });
    expect(stored.status).toBe('ignored');
    expect((await message(messageId)).status).toBe('sending');
  });

  it('finds the message by our reference when the callback overtakes dispatch storing the MessageSid', async () => {
    const workspace = await twilioWorkspace();
    const messageId = await send(workspace, '+14155550144');
    const sid = (await message(messageId)).providerMessageId!;
    await app.services.prisma.message.update({ where: { id: messageId }, data: { providerMessageId: null } });
    await standIn.reportStatus(sid, 'delivered');
    await app.services.jobs.drain();
    expect(await message(messageId)).toMatchObject({ status: 'delivered', providerMessageId: sid });
  });

  it('undelivered for an unregistered sender (30034) fails the message as branded_number_missing with its retry hint, refunded', async () => {
    const workspace = await twilioWorkspace();
    const messageId = await send(workspace, '+14155550145');
    expect(await balance(workspace.workspaceId)).toBeLessThan(10_000);
    expect((await report(messageId, 'undelivered', { ErrorCode: '30034' })).json()).toMatchObject({
      event_type: 'message.failed',
    });
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: 'branded_number_missing' });
    expect(await balance(workspace.workspaceId)).toBe(10_000);
    const failed = (await customerEvents(app, workspace.workspaceId)).find((event) => event.type === 'message.failed')!;
    expect(failed.data).toMatchObject({
      message: { id: messageId, status: 'failed', error_code: 'branded_number_missing', retry: 'retry_after_sender_ready' },
    });
  });

  it('failed for an unreachable handset (30003) keeps a readable error code', async () => {
    const workspace = await twilioWorkspace();
    const messageId = await send(workspace, '+14155550146');
    await report(messageId, 'failed', { ErrorCode: '30003' });
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: 'unreachable' });
    const unknown = await send(workspace, '+14155550147');
    await report(unknown, 'failed', { ErrorCode: '30999' });
    expect(await message(unknown)).toMatchObject({ status: 'failed', errorCode: 'twilio_30999' });
  });
});

describe('Twilio refusals at send', () => {
  it('an unsubscribed recipient (21610) fails the message as workspace_suppressed and suppresses the number', async () => {
    const workspace = await twilioWorkspace();
    const messageId = await send(workspace, '+15005550004');
    expect(await message(messageId)).toMatchObject({
      status: 'failed',
      errorCode: 'workspace_suppressed',
      providerMessageId: null,
    });
    expect(await balance(workspace.workspaceId)).toBe(10_000);
    const suppression = await app.services.prisma.workspaceSuppression.findFirstOrThrow({
      where: { workspaceId: workspace.workspaceId },
    });
    expect(suppression).toMatchObject({
      phoneNumber: '+15005550004',
      active: true,
      provider: 'twilio',
      reason: 'recipient_unsubscribed',
      providerMetadata: { error_code: '21610' },
    });
    const again = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: '+15005550004', body: 'hello?' },
    });
    expect(again.status).toBe(403);
    expect(again.body.error).toMatchObject({ code: 'workspace_suppressed', retry: 'do_not_retry' });
  });

  it('a sender Twilio does not know (21606) fails the message as branded_number_missing', async () => {
    const workspace = await sendingWorkspace(app);
    const messageId = await send(workspace, '+14155550148');
    expect(requestsTo('/Messages.json').at(-1)!.form.get('From')).toBe(workspace.senders[0]!.number);
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: 'branded_number_missing' });
    expect(await balance(workspace.workspaceId)).toBe(10_000);
    const failed = (await customerEvents(app, workspace.workspaceId)).find((event) => event.type === 'message.failed')!;
    expect(failed.data).toMatchObject({ message: { error_code: 'branded_number_missing', retry: 'retry_after_sender_ready' } });
  });

  it('an invalid recipient (21211) fails at once as invalid_recipient', async () => {
    const workspace = await twilioWorkspace();
    const messageId = await send(workspace, '+15005550001');
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: 'invalid_recipient' });
    expect(await app.services.prisma.twilioMessage.count({ where: { messageId } })).toBe(0);
  });

  it('retries after 429 at once, and after a 5xx only once a lookup shows Twilio created nothing', async () => {
    const workspace = await twilioWorkspace();
    standIn.failNextMessage({ status: 429, code: 20429, message: 'Too Many Requests' });
    const throttled = await send(workspace, '+14155550149');
    expect(await message(throttled)).toMatchObject({ status: 'sending', providerMessageId: null });
    app.clock.advance(1_000);
    await app.services.jobs.drain();
    expect((await message(throttled)).providerMessageId).toMatch(/^SM/);

    standIn.failNextMessage({ status: 503, code: 20500, message: 'Service Unavailable' });
    const unavailable = await send(workspace, '+14155550150');
    const lookups = requestsTo('/Messages.json', 'GET').length;
    app.clock.advance(1_000);
    await app.services.jobs.drain();
    // Within the request timeout the first request might still be in flight: no second request yet.
    expect(await message(unavailable)).toMatchObject({ providerMessageId: null });
    expect(requestsTo('/Messages.json', 'GET')).toHaveLength(lookups);
    app.clock.advance(30_000);
    await app.services.jobs.drain();
    expect(requestsTo('/Messages.json', 'GET')).toHaveLength(lookups + 1);
    expect((await message(unavailable)).providerMessageId).toMatch(/^SM/);
    expect(standIn.messages.filter((created) => created.to === '+14155550150')).toHaveLength(1);
  });

  it('never sends twice when the answer to a created message is lost: the retry finds it at Twilio', async () => {
    const workspace = await twilioWorkspace();
    standIn.dropNextMessageAnswer();
    const messageId = await send(workspace, '+14155550151', 'Lost answer');
    expect(await message(messageId)).toMatchObject({ status: 'sending', providerMessageId: null });
    app.clock.advance(16_000);
    await app.services.jobs.drain();
    const created = standIn.messages.filter((candidate) => candidate.to === '+14155550151');
    expect(created).toHaveLength(1);
    expect((await message(messageId)).providerMessageId).toBe(created[0]!.sid);
    await report(messageId, 'delivered');
    expect((await message(messageId)).status).toBe('delivered');
  });

  it('lets one of two concurrent dispatches of a message reach Twilio; a repeat gets the same MessageSid', async () => {
    const workspace = await twilioWorkspace();
    const sms = {
      messageId: `msg_concurrent_${randomBytes(4).toString('hex')}`,
      from: workspace.sender,
      to: '+14155550153',
      body: 'Exactly once',
    };
    const outcomes = await Promise.allSettled([
      app.services.messagingProvider.send(sms),
      app.services.messagingProvider.send(sms),
    ]);
    const created = standIn.messages.filter((candidate) => candidate.to === '+14155550153');
    expect(created).toHaveLength(1);
    // The loser (if the two overlapped, as they do here) is told to retry; nobody gets another sid.
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') expect(outcome.value).toEqual({ providerMessageId: created[0]!.sid });
      else expect(outcome.reason).toMatchObject({ name: 'ProviderRejection', code: 'provider_error', retryable: true });
    }
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(await app.services.messagingProvider.send(sms)).toEqual({ providerMessageId: created[0]!.sid });
    expect(standIn.messages.filter((candidate) => candidate.to === '+14155550153')).toHaveLength(1);
  });

  it('sends with the Messaging Service when one is configured', async () => {
    const workspace = await twilioWorkspace(serviceApp);
    await send(workspace, '+14155550152', 'Via the service', serviceApp);
    expect(Object.fromEntries(requestsTo('/Messages.json').at(-1)!.form)).toMatchObject({
      From: workspace.sender,
      MessagingServiceSid: service.sid,
      StatusCallback: expect.stringMatching(new RegExp(`^${SERVICE_PUBLIC_BASE_URL}/webhooks/twilio/events\\?message_id=msg_`)),
    });
  });
});

describe('POST /webhooks/twilio/incoming', () => {
  it('stores a reply in its conversation and answers Twilio with empty TwiML, once per MessageSid', async () => {
    const workspace = await twilioWorkspace();
    const { messageSid, response } = standIn.receive({
      from: '+14155550160',
      to: workspace.sender,
      body: 'Sounds good, thanks!',
    });
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/xml/);
    expect(answer.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    await app.services.jobs.drain();
    const repeat = await standIn.receive({ from: '+14155550160', to: workspace.sender, body: 'Sounds good, thanks!', messageSid })
      .response;
    expect(repeat.status).toBe(200);
    await app.services.jobs.drain();
    const inbound = await app.services.prisma.inboundMessage.findMany({ where: { workspaceId: workspace.workspaceId } });
    expect(inbound).toEqual([
      expect.objectContaining({
        fromNumber: '+14155550160',
        toNumber: workspace.sender,
        body: 'Sounds good, thanks!',
        providerMessageId: messageSid,
      }),
    ]);
    expect(await eventTypes(workspace.workspaceId)).toEqual(['conversation.created', 'message.received']);
  });

  it('keeps the media URLs of an inbound MMS (NumMedia, MediaUrl0...) on the message, its event and its conversation', async () => {
    const workspace = await twilioWorkspace();
    const mediaUrls = ['ME1', 'ME2'].map((sid) => `https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/${sid}`);
    const answer = await standIn.receive({
      from: '+14155550162',
      to: workspace.sender,
      body: '',
      extra: {
        NumMedia: '2',
        MediaUrl0: mediaUrls[0]!,
        MediaContentType0: 'image/jpeg',
        MediaUrl1: mediaUrls[1]!,
        MediaContentType1: 'video/mp4',
      },
    }).response;
    expect(answer.status).toBe(200);
    await app.services.jobs.drain();
    const [inbound] = await app.services.prisma.inboundMessage.findMany({ where: { workspaceId: workspace.workspaceId } });
    expect(inbound!.mediaUrls).toEqual(mediaUrls);
    const received = (await customerEvents(app, workspace.workspaceId)).find((event) => event.type === 'message.received');
    expect(received?.data).toMatchObject({ message: { id: inbound!.id, body: '', media_urls: mediaUrls } });
    const conversation = await call(app, 'GET', `/api/v1/conversations/${inbound!.conversationId}`, { token: workspace.token });
    expect(conversation.body.messages).toEqual([
      expect.objectContaining({ id: inbound!.id, direction: 'inbound', kind: 'mms', media_urls: mediaUrls }),
    ]);
  });

  it('STOP, or any reply Twilio classifies as OptOutType STOP, suppresses the sender; OptOutType START lifts it', async () => {
    const workspace = await twilioWorkspace();
    const suppression = (phoneNumber: string) =>
      app.services.prisma.workspaceSuppression.findUnique({
        where: { workspaceId_phoneNumber: { workspaceId: workspace.workspaceId, phoneNumber } },
      });

    await standIn.receive({ from: '+14155550161', to: workspace.sender, body: 'Stop' }).response;
    await app.services.jobs.drain();
    expect(await suppression('+14155550161')).toMatchObject({ active: true, source: 'inbound_keyword', provider: 'twilio' });

    // A keyword of the account's Advanced Opt-Out settings that is not ours.
    await standIn.receive({ from: '+14155550162', to: workspace.sender, body: 'ARRET', extra: { OptOutType: 'STOP' } }).response;
    await app.services.jobs.drain();
    expect(await suppression('+14155550162')).toMatchObject({
      active: true,
      providerMetadata: expect.objectContaining({ opt_out_type: 'STOP' }),
    });
    const blocked = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: '+14155550162', body: 'hi' },
    });
    expect(blocked.status).toBe(403);

    await standIn.receive({ from: '+14155550162', to: workspace.sender, body: 'REPRENDRE', extra: { OptOutType: 'START' } })
      .response;
    await app.services.jobs.drain();
    expect(await suppression('+14155550162')).toMatchObject({ active: false });
  });
});

describe('keywords through Twilio ingestion', () => {
  it('answers HELP with the help message, created at Twilio once from the number that received it', async () => {
    const workspace = await twilioWorkspace();
    const before = requestsTo('/Messages.json').length;
    const { messageSid } = standIn.receive({ from: '+14155550163', to: workspace.sender, body: 'help' });
    await app.services.jobs.drain();
    await standIn.receive({ from: '+14155550163', to: workspace.sender, body: 'help', messageSid }).response;
    await app.services.jobs.drain();
    const replies = requestsTo('/Messages.json').slice(before);
    expect(replies.map((request) => Object.fromEntries(request.form))).toEqual([
      expect.objectContaining({
        To: '+14155550163',
        From: workspace.sender,
        Body: 'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.',
      }),
    ]);
    const listed = await call(app, 'GET', '/api/v1/messages?direction=outbound&phone_number=%2B14155550163', {
      token: workspace.token,
    });
    expect(listed.body.messages).toEqual([expect.objectContaining({ origin: 'auto_reply', status: 'sending' })]);
  });

  const confirmations = {
    opt_out: 'You are unsubscribed and will get no more messages. Reply START to resubscribe.',
    opt_in: 'You are resubscribed. Reply STOP to unsubscribe, HELP for help.',
    help: 'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.',
  };
  let recipientCounter = 0;

  /**
   * `body` from a new recipient through Twilio's webhook: the one auto-reply it caused, as Twilio got
   * it (created once, from the number that received it) and as the API lists it (origin auto_reply,
   * costed and debited, in the conversation).
   */
  async function answerTo(
    body: string,
    prepare?: (from: string, workspace: Awaited<ReturnType<typeof twilioWorkspace>>) => Promise<void>,
  ) {
    const workspace = await twilioWorkspace();
    recipientCounter += 1;
    const from = `+1415555${String(500 + recipientCounter).padStart(4, '0')}`;
    await prepare?.(from, workspace);
    const before = { balance: await balance(workspace.workspaceId), created: requestsTo('/Messages.json').length };
    const { messageSid, response } = standIn.receive({ from, to: workspace.sender, body });
    expect((await response).status).toBe(200);
    await app.services.jobs.drain();
    // Twilio sends the same message again: it is recorded, and answered, once.
    await standIn.receive({ from, to: workspace.sender, body, messageSid }).response;
    await app.services.jobs.drain();
    const created = requestsTo('/Messages.json').slice(before.created);
    expect(created.map((request) => request.form.get('To'))).toEqual([from]);
    expect(created[0]!.form.get('From')).toBe(workspace.sender);
    const listed = await call(app, 'GET', `/api/v1/messages?direction=outbound&phone_number=${encodeURIComponent(from)}`, {
      token: workspace.token,
    });
    const [reply, ...others] = listed.body.messages;
    expect(others).toEqual([]);
    expect(reply).toMatchObject({ origin: 'auto_reply', body: created[0]!.form.get('Body') });
    expect(reply.cost_cents).toBeGreaterThan(0);
    expect(await balance(workspace.workspaceId)).toBe(before.balance - reply.cost_cents);
    const conversations = await call(app, 'GET', `/api/v1/conversations?phone_number=${encodeURIComponent(from)}`, {
      token: workspace.token,
    });
    const conversation = await call(app, 'GET', `/api/v1/conversations/${conversations.body.conversations[0].id}`, {
      token: workspace.token,
    });
    expect(conversation.body.messages.map((message: { id: string }) => message.id)).toContain(reply.id);
    const suppression = await app.services.prisma.workspaceSuppression.findUnique({
      where: { workspaceId_phoneNumber: { workspaceId: workspace.workspaceId, phoneNumber: from } },
    });
    return { text: reply.body as string, suppressed: suppression?.active ?? false };
  }

  it.each([
    ...optOutKeywords.map((keyword) => [keyword, spelledLoosely(keyword), 'opt_out'] as const),
    ...optInKeywords.map((keyword) => [keyword, spelledLoosely(keyword), 'opt_in'] as const),
    ...helpKeywords.map((keyword) => [keyword, spelledLoosely(keyword), 'help'] as const),
  ])('answers %s (as %j) with its confirmation once, costed and listed as auto_reply', async (_keyword, spelled, kind) => {
    // START, UNSTOP and YES lift an opt-out made before, here one Twilio's Advanced Opt-Out handled.
    const optedOut = async (from: string, workspace: { sender: string }) => {
      await standIn.receive({ from, to: workspace.sender, body: 'STOP', extra: { OptOutType: 'STOP' } }).response;
      await app.services.jobs.drain();
    };
    const answer = await answerTo(spelled, kind === 'opt_in' ? optedOut : undefined);
    expect(answer).toEqual({ text: confirmations[kind], suppressed: kind === 'opt_out' });
  });

  it("answers the workspace's own keyword, spelled loosely, with its reply once", async () => {
    const answer = await answerTo(' Open hours! ', async (_from, workspace) => {
      const patched = await call(app, 'PATCH', '/api/v1/messaging-settings', {
        token: workspace.token,
        body: { keywords: [{ keyword: 'OPENHOURS', reply: 'Open 9-5, Monday to Friday.' }] },
      });
      expect(patched.status).toBe(200);
    });
    expect(answer).toEqual({ text: 'Open 9-5, Monday to Friday.', suppressed: false });
  });
});

describe('Twilio callbacks: signature verification', () => {
  const eventsUrl = `${PUBLIC_BASE_URL}/webhooks/twilio/events?message_id=msg_unknown`;
  const params = { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'delivered', AccountSid: ACCOUNT_SID };
  const storedEvents = () => app.services.prisma.providerEvent.count({ where: { provider: 'twilio' } });

  async function post(path: string, body: string, headers: Record<string, string> = {}) {
    return call(app, 'POST', path, {
      rawBody: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  }

  it('accepts a correctly signed callback for an unknown message, stored and ignored', async () => {
    const response = await standIn.callback(eventsUrl, params);
    expect(response.status).toBe(202);
  });

  it('rejects a missing signature, another auth token, and a tampered parameter with 401 invalid_signature, storing nothing', async () => {
    const before = await storedEvents();
    const unsigned = await post('/webhooks/twilio/events?message_id=msg_unknown', new URLSearchParams(params).toString());
    expect(unsigned).toMatchObject({ status: 401, body: { error: 'invalid_signature' } });
    expect(
      (await standIn.callback(eventsUrl, { ...params, MessageStatus: 'sent' }, randomBytes(16).toString('hex'))).json(),
    ).toEqual({ error: 'invalid_signature' });

    const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, eventsUrl, params);
    const tampered = await post(
      '/webhooks/twilio/events?message_id=msg_unknown',
      new URLSearchParams({ ...params, MessageStatus: 'failed' }).toString(),
      {
        'x-twilio-signature': signature,
      },
    );
    expect(tampered).toMatchObject({ status: 401, body: { error: 'invalid_signature' } });
    // The query string is signed too: another message id is another URL.
    const moved = await post('/webhooks/twilio/events?message_id=msg_other', new URLSearchParams(params).toString(), {
      'x-twilio-signature': signature,
    });
    expect(moved.status).toBe(401);
    expect(await storedEvents()).toBe(before);
  });

  it('verifies against PUBLIC_BASE_URL, not the address the app sees behind the proxy', async () => {
    const internalUrl = `${app.baseUrl}/webhooks/twilio/events?message_id=msg_unknown`;
    const response = await post('/webhooks/twilio/events?message_id=msg_unknown', new URLSearchParams(params).toString(), {
      'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, internalUrl, params),
    });
    expect(response).toMatchObject({ status: 401, body: { error: 'invalid_signature' } });
  });

  it('does not take the sandbox signature scheme on the Twilio routes', async () => {
    const response = await postSigned(app, 'messaging', 'events', { type: 'message.delivered', id: 'evt_1', message_id: 'SM1' });
    expect(response).toMatchObject({ status: 401, body: { error: 'invalid_signature' } });
  });

  it('answers 422 invalid_webhook_payload for a signed callback without MessageSid or status', async () => {
    const response = await standIn.callback(`${PUBLIC_BASE_URL}/webhooks/twilio/events`, {
      AccountSid: ACCOUNT_SID,
      MessageStatus: 'sent',
    });
    expect(response.status).toBe(422);
    expect(response.json()).toEqual({ error: 'invalid_webhook_payload' });
    const inbound = await standIn.callback(`${PUBLIC_BASE_URL}/webhooks/twilio/incoming`, {
      AccountSid: ACCOUNT_SID,
      Body: 'hi',
    });
    expect(inbound.status).toBe(422);
  });

  it('bounds the form: too many parameters is 413', async () => {
    const many = new URLSearchParams(Array.from({ length: 150 }, (_, index): [string, string] => [`P${index}`, 'x'])).toString();
    const response = await post('/webhooks/twilio/events', many, { 'x-twilio-signature': 'x' });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
  });

  it('keeps the funding provider webhook route', async () => {
    const response = await postSigned(app, 'funding', 'events', {
      event: 'funding.completed',
      event_id: 'evt_twilio_app',
      session_id: 'nope',
    });
    expect(response.status).toBe(202);
  });
});
