import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryScheduleMs } from '../src/domain/customer-webhooks/worker.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { consoleUser, createEndpoint, recordEvent, signIn, startSink } from './console-support.ts';
import { postSigned, type ProviderKind } from './inbound-support.ts';
import { payInvoice } from './onboarding-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * Duplicates: provider events replayed 1,000 times change nothing. Outage: a customer endpoint
 * that is down and then up again still receives every event, and every attempt is on record.
 */

let app: TestApp;
beforeAll(async () => {
  // No endpoint here hangs (they reset, answer 503 or 204), so a time-out would only be the machine's load:
  // a generous one keeps a loaded run from recording a timed-out attempt the test did not plan.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TIMEOUT_MS: '5000', CONSOLE_SESSION_TTL_HOURS: '720' });
});
afterAll(async () => {
  await app.close();
});

/** Runs `work` over `items` with at most `concurrency` at a time. */
async function inParallel<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

describe('duplicates: 1,000 replays of provider events', () => {
  const REPLAYS = 1_000;

  /** Everything a provider event can change, summed up. */
  async function stateOf(workspaceId: string) {
    const { prisma } = app.services;
    const ledger = await prisma.ledgerEntry.findMany({ where: { workspaceId }, orderBy: { id: 'asc' } });
    return {
      messages: await prisma.message.findMany({
        where: { workspaceId },
        select: { id: true, status: true, errorCode: true, updatedAt: true },
        orderBy: { id: 'asc' },
      }),
      ledger: ledger.map((entry) => ({ id: entry.id, kind: entry.kind, amountCents: entry.amountCents })),
      balance: (await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents,
      customerEvents: await prisma.event.findMany({
        where: { workspaceId },
        select: { id: true, type: true },
        orderBy: { id: 'asc' },
      }),
      suppressions: await prisma.workspaceSuppression.findMany({ where: { workspaceId }, orderBy: { id: 'asc' } }),
      inbound: await prisma.inboundMessage.count({ where: { workspaceId } }),
      conversations: await prisma.conversation.findMany({ where: { workspaceId }, orderBy: { id: 'asc' } }),
      invoices: await prisma.fundingInvoice.findMany({ where: { workspaceId }, orderBy: { id: 'asc' } }),
      providerEvents: await prisma.providerEvent.count(),
      jobs: await prisma.job.count(),
      deliveries: await prisma.webhookDelivery.count({ where: { workspaceId } }),
    };
  }

  it('changes no state and adds no ledger entry or customer event', async () => {
    const sender = await sendingWorkspace(app);
    // With an endpoint, a customer event recorded twice would also show as a second delivery.
    const sink = await startSink();
    afterAll(() => sink.close());
    await createEndpoint(app, await signIn(app, sender.account.account.username), { url: sink.url });
    // The sandbox carrier's magic recipients produce every kind of event: delivered, failed (a refund),
    // an opt-out, and an inbound reply; a paid invoice adds a funding credit.
    for (const phoneNumber of ['+14155550140', '+15005550001', '+15005550002', '+15005550005', '+15005550006']) {
      const sent = await call(app, 'POST', '/api/v1/messages', {
        token: sender.token,
        body: { phone_number: phoneNumber, body: 'replay me' },
      });
      expect(sent.status).toBe(202);
    }
    const invoice = await call(app, 'POST', '/api/v1/onboarding/funding-invoices', {
      token: sender.token,
      body: { amount_cents: 2_500 },
    });
    await payInvoice(app, invoice.body.invoice);
    await app.services.jobs.drain();

    const events = await app.services.prisma.providerEvent.findMany({ orderBy: { receivedAt: 'asc' } });
    const kinds = new Set(events.map((event) => event.eventType));
    expect([...kinds]).toEqual(
      expect.arrayContaining(['message.sent', 'message.delivered', 'message.failed', 'recipient.opted_out', 'funding.completed']),
    );
    expect(events.length).toBeGreaterThanOrEqual(10);
    const before = await stateOf(sender.workspaceId);
    expect(before.ledger.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['send_debit', 'send_refund', 'funding_credit']),
    );
    expect(before.inbound).toBeGreaterThan(0);

    const funding = app.services.inboundWebhooks.funding.provider;
    const replays = Array.from({ length: REPLAYS }, (_, index) => events[index % events.length]!);
    const answers = await inParallel(replays, 16, (event) => {
      const payload = event.payload as Record<string, unknown>;
      const kind: ProviderKind = event.provider === funding ? 'funding' : 'messaging';
      // Inbound messages carry no `type`; they arrive on the messaging provider's incoming route.
      const route = kind === 'messaging' && !('type' in payload) ? 'incoming' : 'events';
      return postSigned(app, kind, route, payload);
    });
    expect(answers.filter((answer) => answer.status !== 200 || answer.body.duplicate !== true)).toEqual([]);
    await app.services.jobs.drain();

    expect(await stateOf(sender.workspaceId)).toEqual(before);
  }, 120_000);
});

/** A customer endpoint that can be down (connections reset, or 503) and up again (204). */
async function flakyEndpoint() {
  const received: { eventId: string; answered: number }[] = [];
  const endpoint = {
    mode: 'reset' as 'reset' | 'unavailable' | 'up',
    received,
    url: '',
    server: undefined as unknown as Server,
  };
  endpoint.server = createServer((req, res) => {
    const eventId = String(req.headers['webhook-id']);
    req.resume();
    req.on('end', () => {
      if (endpoint.mode === 'reset') {
        received.push({ eventId, answered: 0 });
        req.socket.destroy();
        return;
      }
      const status = endpoint.mode === 'up' ? 204 : 503;
      received.push({ eventId, answered: status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.server.listen(0, '127.0.0.1', resolve));
  endpoint.url = `http://127.0.0.1:${(endpoint.server.address() as AddressInfo).port}/hooks`;
  return endpoint;
}

describe('outage: a customer endpoint down, then up', () => {
  it('delivers every event once it is back and records every attempt', async () => {
    const endpoint = await flakyEndpoint();
    try {
      const { session } = await consoleUser(app);
      await createEndpoint(app, session, { url: endpoint.url });
      const types = ['message.sent', 'message.delivered', 'message.failed', 'message.received', 'opt_out.created'] as const;
      const eventIds: string[] = [];
      for (let index = 0; index < 40; index += 1)
        eventIds.push(await recordEvent(app, session.workspaceId, types[index % types.length]));

      // Down: the first attempt finds connections reset, the next two a 503.
      await app.services.jobs.drain();
      endpoint.mode = 'unavailable';
      for (const delay of retryScheduleMs.slice(0, 2)) {
        app.clock.advance(delay);
        await app.services.jobs.drain();
      }
      const { prisma } = app.services;
      const workspaceId = session.workspaceId;
      expect(await prisma.webhookDelivery.count({ where: { workspaceId, status: 'failed', nextRetryAt: { not: null } } })).toBe(
        eventIds.length,
      );

      // Up again: the next scheduled retry delivers everything.
      endpoint.mode = 'up';
      app.clock.advance(retryScheduleMs[2]);
      await app.services.jobs.drain();

      const deliveries = await prisma.webhookDelivery.findMany({
        where: { workspaceId },
        include: { attempts: { orderBy: { number: 'asc' } } },
      });
      expect(deliveries).toHaveLength(eventIds.length);
      expect(new Set(deliveries.map((delivery) => delivery.eventId))).toEqual(new Set(eventIds));
      for (const delivery of deliveries) {
        expect(delivery).toMatchObject({ status: 'succeeded', lastResponseCode: 204, nextRetryAt: null });
        expect(delivery.attempts.map((attempt) => attempt.responseCode)).toEqual([null, 503, 503, 204]);
        expect(delivery.attempts[0]!.error).toBeTruthy();
      }
      // Every request the endpoint saw is an attempt on record, and each event was accepted exactly once.
      const attempts = deliveries.reduce((sum, delivery) => sum + delivery.attempts.length, 0);
      expect(endpoint.received).toHaveLength(attempts);
      const accepted = endpoint.received.filter((request) => request.answered === 204).map((request) => request.eventId);
      expect(accepted.sort()).toEqual([...eventIds].sort());
    } finally {
      endpoint.server.closeAllConnections();
      await new Promise<void>((resolve) => endpoint.server.close(() => resolve()));
    }
  }, 120_000);
});
