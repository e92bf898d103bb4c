import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { customerEvents, eventId, postSigned } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await closeStarted(app);
});

/** +15005550003 is the sandbox's slow recipient: it reports nothing for 60 s, so the test's reports are the only ones. */
const SLOW_RECIPIENT = '+15005550003';

async function dispatched() {
  const workspace = await sendingWorkspace(app);
  const sent = await call(app, 'POST', '/api/v1/messages', {
    token: workspace.token,
    body: { phone_number: SLOW_RECIPIENT, body: 'Your table is ready.' },
  });
  await app.services.jobs.drain();
  const message = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
  return { workspace, message, providerMessageId: message.providerMessageId! };
}

async function report(type: string, providerMessageId: string, occurredAt: string, extra: Record<string, unknown> = {}) {
  const response = await postSigned(app, 'messaging', 'events', {
    type,
    id: eventId(),
    message_id: providerMessageId,
    occurred_at: occurredAt,
    ...extra,
  });
  expect(response.status).toBe(202);
  await app.services.jobs.drain();
  // Each report arrives after the one before.
  app.clock.advance(1_000);
}

/** A time before the test's reports arrive (fixed when the test starts). */
let start: number;
const minutesAgo = (minutes: number) => new Date(start - minutes * 60_000).toISOString();

/**
 * The message events of the workspace as webhooks carry them (type, sequence and occurred_at),
 * ordered as a consumer orders them: by sequence (two recorded in one transaction share a time).
 */
async function messageEvents(workspaceId: string) {
  return (await customerEvents(app, workspaceId))
    .filter((event) => event.type.startsWith('message.'))
    .map((event) => {
      const data = event.data as { sequence: number; occurred_at: string };
      return { type: event.type, sequence: data.sequence, occurred_at: data.occurred_at };
    })
    .sort((a, b) => a.sequence - b.sequence);
}

describe('one true status', () => {
  it("numbers a message's events 1, 2, ... with the carrier's own time, and ignores a late report after a final status, marked superseded", async () => {
    const { workspace, message, providerMessageId } = await dispatched();
    start = app.clock.now();
    // Delivered overtakes sent: sent is recorded first, so the sequence follows what happened.
    await report('message.delivered', providerMessageId, minutesAgo(2));
    await report('message.sent', providerMessageId, minutesAgo(3));
    await report('message.failed', providerMessageId, minutesAgo(1), { metadata: { error_code: 'late_failure' } });

    const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored.status).toBe('delivered');
    expect(await app.services.prisma.ledgerEntry.count({ where: { messageId: message.id, kind: 'send_refund' } })).toBe(0);
    expect(await messageEvents(workspace.workspaceId)).toEqual([
      { type: 'message.sent', sequence: 1, occurred_at: minutesAgo(2) },
      { type: 'message.delivered', sequence: 2, occurred_at: minutesAgo(2) },
    ]);

    const timeline = await call(app, 'GET', `/api/v1/messages/${message.id}/events`, { token: workspace.token });
    const reports = timeline.body.events
      .filter((step: { type: string }) => step.type === 'provider_event')
      .map((step: { detail: Record<string, unknown> }) => ({
        event_type: step.detail.event_type,
        occurred_at: step.detail.occurred_at,
        superseded: step.detail.superseded,
        sequence: step.detail.sequence,
      }));
    expect(reports).toEqual([
      { event_type: 'message.delivered', occurred_at: minutesAgo(2), superseded: false, sequence: 2 },
      { event_type: 'message.sent', occurred_at: minutesAgo(3), superseded: true, sequence: null },
      { event_type: 'message.failed', occurred_at: minutesAgo(1), superseded: true, sequence: null },
    ]);
  });

  it('keeps counting across a failure: a delivery report after it changes nothing and the refund stays single', async () => {
    const { workspace, message, providerMessageId } = await dispatched();
    start = app.clock.now();
    await report('message.sent', providerMessageId, minutesAgo(5));
    await report('message.failed', providerMessageId, minutesAgo(4), { metadata: { error_code: 'unreachable' } });
    await report('message.delivered', providerMessageId, minutesAgo(3));
    const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored).toMatchObject({ status: 'failed', errorCode: 'unreachable', eventSequence: 2 });
    expect(await app.services.prisma.ledgerEntry.count({ where: { messageId: message.id, kind: 'send_refund' } })).toBe(1);
    expect((await messageEvents(workspace.workspaceId)).map((event) => [event.type, event.sequence])).toEqual([
      ['message.sent', 1],
      ['message.failed', 2],
    ]);
  });
  it('queues a delivery of each event it records to each endpoint subscribed to it, for one endpoint as for three', async () => {
    const cases = [[[]], [[], ['message.delivered'], ['message.sent', 'message.failed']]] as string[][][];
    for (const subscriptions of cases) {
      const { workspace, message, providerMessageId } = await dispatched();
      const endpoints: { id: string; eventTypes: string[] }[] = [];
      for (const [index, eventTypes] of subscriptions.entries()) {
        const created = await call(app, 'POST', '/api/v1/webhook-endpoints', {
          token: workspace.token,
          body: { url: `https://hooks-${index}.example.com/events`, event_types: eventTypes },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        endpoints.push({ id: created.body.endpoint.id, eventTypes });
      }
      start = app.clock.now();
      // The delivery report overtakes the sent one: both events are recorded, then the late report changes nothing.
      await report('message.delivered', providerMessageId, minutesAgo(2));
      await report('message.sent', providerMessageId, minutesAgo(3));

      const events = await app.services.prisma.event.findMany({ where: { workspaceId: workspace.workspaceId } });
      const eventIdOf = (type: string) => events.find((event) => event.type === type)?.id;
      const deliveries = await app.services.prisma.webhookDelivery.findMany({ where: { messageId: message.id } });
      const jobs = await app.services.prisma.job.findMany({ where: { queue: 'webhook_delivery' } });
      const expected = endpoints.flatMap(({ id, eventTypes }) =>
        ['message.sent', 'message.delivered']
          .filter((type) => eventTypes.length === 0 || eventTypes.includes(type))
          .map((type) => ({ endpointId: id, eventType: type, eventId: eventIdOf(type) })),
      );
      const sortedPairs = (rows: { endpointId: string; eventType: string }[]) =>
        rows.map((row) => `${row.endpointId} ${row.eventType}`).sort();
      expect(sortedPairs(deliveries)).toEqual(sortedPairs(expected));
      for (const delivery of deliveries) {
        expect(delivery).toMatchObject({
          workspaceId: workspace.workspaceId,
          eventId: eventIdOf(delivery.eventType),
          // The event's place among its message's events, which per_message ordering follows.
          sequence: delivery.eventType === 'message.sent' ? 1 : 2,
        });
        expect(delivery.id).toMatch(/^whd_[0-9A-Za-z]{22}$/);
        // Each delivery's first automatic attempt is queued with it.
        const firstAttempts = jobs.filter((job) => {
          const payload = job.payload as { delivery_id: string; attempt?: number };
          return payload.delivery_id === delivery.id && payload.attempt === 1;
        });
        expect(firstAttempts).toHaveLength(1);
      }
    }
  });
});
