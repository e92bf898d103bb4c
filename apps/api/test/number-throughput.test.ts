import { describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.ts';
import { call, type TestApp } from './harness.ts';
import { connectMcp } from './mcp-support.ts';
import { clockPlus, onStillPacedApp } from './pacing-support.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * A number's throughput_per_second: the default of its type, its approved use case's allowance, or
 * the operator's override (npm run admin -- set-number-throughput). The number API answers it, and
 * pacing (SENDER_PACING=on) spaces the number's slots by it. The clock stands still and the workers
 * are off, so each estimate is exact.
 */

let app: TestApp;
onStillPacedApp((started) => (app = started));

const at = (ms: number) => clockPlus(app, ms);

type NumberAnswer = { id: string; number: string; throughput_per_second: number; registration: { use_case_id: string | null } };

async function buy(token: string, body: Record<string, unknown>): Promise<NumberAnswer> {
  const bought = await call(app, 'POST', '/api/v1/numbers', { token, body });
  expect(bought.status).toBe(201);
  return bought.body.number;
}

/** The estimated_send_at of `count` sends from `from`, one after another. */
async function estimatesFrom(token: string, from: string, count: number): Promise<string[]> {
  const estimates = [];
  for (let index = 0; index < count; index += 1) {
    const sent = await send(app, token, sms({ from, phone_number: `+1415555030${index}` }));
    expect(sent.status).toBe(202);
    estimates.push(sent.body.message.estimated_send_at);
  }
  return estimates;
}

async function throughputOf(token: string, id: string): Promise<number> {
  const listed = await call(app, 'GET', '/api/v1/numbers', { token });
  return listed.body.numbers.find((number: NumberAnswer) => number.id === id).throughput_per_second;
}

describe('throughput_per_second', () => {
  it('is 1 for a local number and 3 for a toll-free one, on the purchase, the list and list_numbers', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const local = await buy(developer.token, { area_code: '415', registration: 'unregistered' });
    const tollFree = await buy(developer.token, { type: 'toll_free' });
    expect([local.throughput_per_second, tollFree.throughput_per_second]).toEqual([1, 3]);
    const listed = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(listed.body.numbers.map((number: NumberAnswer) => number.throughput_per_second)).toEqual([1, 3]);
    const client = await connectMcp(app, developer.token);
    try {
      const result = await client.callTool({ name: 'list_numbers', arguments: {} });
      expect(result.structuredContent).toMatchObject({
        numbers: [{ throughput_per_second: 1 }, { throughput_per_second: 3 }],
      });
    } finally {
      await client.close();
    }
  });

  it('paces a toll-free number at 3 segments a second and a local one at 1', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const tollFree = await buy(developer.token, { type: 'toll_free' });
    const local = await buy(developer.token, { area_code: '415', registration: 'unregistered' });
    // Slots are kept to the millisecond: a third of a second is 333 ms, and three of them 999.
    expect(await estimatesFrom(developer.token, tollFree.number, 4)).toEqual([at(0), at(333), at(666), at(999)]);
    expect(await estimatesFrom(developer.token, local.number, 2)).toEqual([at(0), at(1_000)]);
    const queue = await call(app, 'GET', '/api/v1/queue', { token: developer.token });
    expect(queue.body.queue.by_sender).toEqual([
      { sender_number: tollFree.number, queued: 4, throughput_per_second: 3, estimated_drain_at: at(999) },
      { sender_number: local.number, queued: 2, throughput_per_second: 1, estimated_drain_at: at(1_000) },
    ]);
  });

  it("follows the registration: an approved use case's messages_per_minute / 60 while the number is under it", async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    // The sandbox sells a local number approved under its sandbox use case, granted 4,500 a minute.
    const registered = await buy(developer.token, { area_code: '415' });
    const useCaseId = registered.registration.use_case_id;
    const useCase = await call(app, 'GET', `/api/v1/use-cases/${useCaseId}`, { token: developer.token });
    expect(useCase.body.use_case).toMatchObject({ status: 'approved', throughput: { messages_per_minute: 4_500 } });
    expect(registered.throughput_per_second).toBe(75);

    const unregistered = await buy(developer.token, { area_code: '415', registration: 'unregistered' });
    expect(await estimatesFrom(developer.token, unregistered.number, 2)).toEqual([at(0), at(1_000)]);
    const assigned = await call(app, 'POST', `/api/v1/use-cases/${useCaseId}/numbers`, {
      token: developer.token,
      body: { number_id: unregistered.id },
    });
    expect(assigned.body.number).toMatchObject({ registration: { status: 'approved' }, throughput_per_second: 75 });
    // From the slot the earlier sends left: 1/75 s a segment now.
    expect(await estimatesFrom(developer.token, unregistered.number, 3)).toEqual([at(2_000), at(2_013), at(2_026)]);

    const unassigned = await call(app, 'DELETE', `/api/v1/use-cases/${useCaseId}/numbers/${unregistered.id}`, {
      token: developer.token,
    });
    expect(unassigned.body.number).toMatchObject({ registration: { status: 'unregistered' }, throughput_per_second: 1 });
    expect(await throughputOf(developer.token, unregistered.id)).toBe(1);
  });

  it("takes the operator's override over the type and the allowance, until it is cleared", async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const registered = await buy(developer.token, { area_code: '415' });
    const tollFree = await buy(developer.token, { type: 'toll_free' });
    const set = (number: string, perSecond: string) =>
      adminCommands['set-number-throughput'](app.services, { number, perSecond, scopes: [] });

    expect(await set(registered.number, '5')).toMatchObject({ throughput_per_second: 5, override: 5 });
    expect(await set(tollFree.number, '0.5')).toMatchObject({ throughput_per_second: 0.5 });
    expect(await throughputOf(developer.token, registered.id)).toBe(5);
    expect(await estimatesFrom(developer.token, registered.number, 3)).toEqual([at(0), at(200), at(400)]);
    expect(await estimatesFrom(developer.token, tollFree.number, 2)).toEqual([at(0), at(2_000)]);

    expect(await set(registered.number, 'default')).toMatchObject({ throughput_per_second: 75, override: 'default' });
    expect(await set(tollFree.number, 'default')).toMatchObject({ throughput_per_second: 3 });
    expect(await throughputOf(developer.token, tollFree.id)).toBe(3);

    await expect(set(registered.number, '0')).rejects.toThrow(/--per-second must be a number above 0/);
    await expect(set(registered.number, 'fast')).rejects.toThrow(/--per-second must be a number above 0/);
    await expect(set('+19995550100', '5')).rejects.toThrow(/No connected number/);
  });
});
