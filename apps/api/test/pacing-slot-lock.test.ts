import { queryRowsIn } from '@textline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeSlotOfNewSender } from '../src/domain/messages/reselect-sender.sql.ts';
import { closeStarted, eventually, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * A number's slots are taken by two writers: the send (accept_message_batch) and a failover move onto
 * the number (takeSlotOfNewSender). Both lock the number's row before reading its next free slot, so
 * when they meet neither overwrites the other's slot. Only PostgreSQL runs them at once (PGlite has
 * one connection), hence the scaled mode.
 */

let app: TestApp;
describe.runIf(scaledMode)('a send and a failover move taking slots of one number at once (scaled mode)', () => {
  beforeAll(async () => {
    app = await startTestApp({ SENDER_PACING: 'on' }, { startJobs: false });
  });
  afterAll(async () => {
    await closeStarted(app);
  });

  /** Whether a statement of accept_message_batch waits for a lock (here: the move's, on the number's row). */
  async function sendWaitsForLock(): Promise<boolean> {
    const rows = await app.services.sql.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%accept_message_batch%'`,
      [],
    );
    return (rows[0]?.waiting ?? 0) > 0;
  }

  it('gives the send the slot after the move, and the number keeps both', async () => {
    const developer = await sendingWorkspace(app);
    const [number] = developer.senders;
    const at = (ms: number) => new Date(app.clock.now() + ms).toISOString();
    // A message of the number at its first slot; the move below gives it the number's next one, as a
    // failover move onto this number does.
    const moved = (await send(app, developer.token, sms({ phone_number: '+14155550601' }))).body.message;
    expect(moved.estimated_send_at).toBe(at(0));

    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const move = app.services.prisma.$transaction(async (tx) => {
      const [slot] = await queryRowsIn(tx, takeSlotOfNewSender, [moved.id, number!.id, at(0)]);
      holding();
      await released;
      return slot?.estimatedSendAt.toISOString();
    });
    // The move holds the number's row, uncommitted, when the send comes.
    await holds;
    const sending = send(app, developer.token, sms({ phone_number: '+14155550602' }));
    await eventually('the send waits for the number', sendWaitsForLock, 10_000);
    release();
    expect(await move).toBe(at(1_000));
    const sent = await sending;
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);

    // Three slots of one second: the first message's, its move's, the new send's; none shared.
    expect(sent.body.message.estimated_send_at).toBe(at(2_000));
    const row = await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: number!.id } });
    expect(row.nextSlotAt?.toISOString()).toBe(at(3_000));
  });
});
