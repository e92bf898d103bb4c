import { queryRows } from '@textline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptBatch } from '../src/domain/messages/accept-queue.sql.ts';
import { failOverWaiting } from '../src/domain/messages/reselect-sender.ts';
import { waitingOnFailingSender } from '../src/domain/messages/reselect-sender.sql.ts';
import { acceptParametersOf } from '../src/domain/messages/send.ts';
import { call, closeStarted, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * A batch of sends on several numbers (accept_message_batch) and failover moves onto one of those
 * numbers (failOverWaiting) lock the same rows: the numbers' (each paced send's slot, each move's new
 * sender) and the recipients' sticky senders. Taken in opposite orders, a batch holding a recipient's
 * sticky row and waiting for a number a move holds, while the move waits for that sticky row, is a
 * deadlock PostgreSQL breaks by aborting one of them. Only PostgreSQL runs them at once: the embedded
 * mode has one connection, on which every transaction runs alone from BEGIN to COMMIT (PGlite's
 * transactions queue for it), so no two can ever hold locks at the same time, and none can deadlock.
 *
 * Each round queues messages of pool A on a number, makes that number fail, and then at once sends a
 * batch through pool B to those messages' recipients and to others, and moves the messages to the
 * number pool A and pool B share: the batch writes the recipients' sticky senders, then reaches the
 * shared number once its other number's slots run past it; the moves take the shared number, then write
 * the same recipients' sticky senders.
 */

const rounds = 8;
const movedPerRound = 30;
const batchSize = 100;
const lanes = 4;

const briefly = (error: unknown) => String(error).replace(/\s+/g, ' ').slice(-160);

let app: TestApp;
describe.runIf(scaledMode)('a batch send and failover moves at once (scaled mode)', () => {
  beforeAll(async () => {
    app = await startTestApp({ SENDER_PACING: 'on' }, { startJobs: false });
  });
  afterAll(async () => {
    await closeStarted(app);
  });

  it('never deadlocks: every batch and every move commits', async () => {
    const workspace = await sendingWorkspace(app, { numbers: 3, balanceCents: 1_000_000 });
    const [failing, other, shared] = workspace.senders;
    const pool = async (name: string, numberIds: string[]) => {
      const created = await call(app, 'POST', '/api/v1/sender-pools', {
        token: workspace.token,
        body: { name, number_ids: numberIds, area_code_match: false },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.sender_pool.id as string;
    };
    const poolA = await pool('A', [failing!.id, shared!.id]);
    const poolB = await pool('B', [other!.id, shared!.id]);
    const sender = { workspaceId: workspace.workspaceId };
    let recipientCounter = 0;
    const freshRecipient = () => `+1312${String(5_000_000 + (recipientCounter += 1))}`;
    /** The sends' parameters, as the accept queue passes them to accept_message_batch. */
    const shape = async (sends: { phoneNumber: string; senderPoolId: string }[]) => {
      const batch = [];
      for (const send of sends) {
        batch.push(await acceptParametersOf(app.services, sender, { ...send, body: 'Lock order' }, { source: 'api' }));
      }
      return batch;
    };
    const accept = async (batch: Awaited<ReturnType<typeof shape>>) => {
      const rows = await queryRows(app.services.sql, acceptBatch, [JSON.stringify(batch)]);
      expect(rows.map((row) => row.outcome)).toEqual(batch.map(() => 'accept'));
    };
    const setNumbers = (changes: string) =>
      app.services.sql.query(`UPDATE phone_numbers SET ${changes} WHERE workspace_id = $1`, [workspace.workspaceId]);
    const at = (ms: number) => new Date(app.clock.now() + ms).toISOString();

    const aborted: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      app.clock.advance(3_600_000);
      // Pool A's messages all wait on the number about to fail: the shared one is busy for a day.
      await setNumbers(
        `failing_until = NULL, next_slot_at = CASE WHEN id = '${shared!.id}' THEN '${at(86_400_000)}'::timestamptz END`,
      );
      const waitingRecipients = Array.from({ length: movedPerRound }, freshRecipient);
      await accept(await shape(waitingRecipients.map((phoneNumber) => ({ phoneNumber, senderPoolId: poolA }))));
      // The number fails; the shared one is free again a minute from now, so the batch below uses pool B's
      // other number for its first sends and the shared one after.
      await setNumbers(
        `failing_until = CASE WHEN id = '${failing!.id}' THEN '${at(3_600_000)}'::timestamptz END,
         next_slot_at = CASE WHEN id = '${shared!.id}' THEN '${at(60_000)}'::timestamptz END`,
      );
      const waiting = await queryRows(app.services.sql, waitingOnFailingSender, [failing!.id, at(0), movedPerRound]);
      expect(waiting).toHaveLength(movedPerRound);

      const batch = await shape([
        ...waitingRecipients.map((phoneNumber) => ({ phoneNumber, senderPoolId: poolB })),
        ...Array.from({ length: batchSize - movedPerRound }, () => ({ phoneNumber: freshRecipient(), senderPoolId: poolB })),
      ]);
      // A few moves at a time, as failover jobs and dispatches on several workers make them.
      const queue = [...waiting];
      const lane = async () => {
        const kinds: string[] = [];
        for (let message = queue.shift(); message; message = queue.shift()) {
          try {
            kinds.push((await failOverWaiting(app.services, message, false)).kind);
          } catch (error) {
            aborted.push(`move: ${briefly(error)}`);
          }
        }
        return kinds;
      };
      const moves = Promise.all(Array.from({ length: lanes }, lane));
      await accept(batch).catch((error: unknown) => aborted.push(`batch: ${briefly(error)}`));
      expect((await moves).flat().every((kind) => kind === 'moved')).toBe(true);
    }
    expect(aborted).toEqual([]);
  }, 120_000);
});
