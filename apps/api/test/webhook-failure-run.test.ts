import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordEvent } from './console-support.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';

let app: TestApp;
const held: ServerResponse[] = [];
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => held.push(res));
});

beforeAll(async () => {
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await app.close();
});

async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let tries = 0; !(await condition()); tries += 1) {
    if (tries > 500) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('counts every failure of deliveries attempted together, from the earliest, whichever records last', async () => {
  const developer = await createDeveloper(app);
  const created = await call(app, 'POST', '/api/v1/webhook-endpoints', {
    token: developer.token,
    body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` },
  });
  expect(created.status).toBe(201);
  const endpointId = created.body.endpoint.id as string;
  const attempts = () => app.services.prisma.webhookAttempt.count({ where: { delivery: { endpointId } } });

  for (const id of ['msg_run1', 'msg_run2', 'msg_run3']) {
    await recordEvent(app, developer.workspaceId, 'message.delivered', { message: { id, status: 'delivered' } });
  }
  const drained = app.services.jobs.drain();
  // All three are in flight, each having read the endpoint with no failure yet; they fail a second apart.
  await until(() => held.length === 3);
  const firstFailureAt = new Date(app.clock.now()).toISOString();
  for (const [index, response] of held.entries()) {
    response.writeHead(500).end('down');
    await until(async () => (await attempts()) === index + 1);
    app.clock.advance(1_000);
  }
  await drained;

  const shown = await call(app, 'GET', `/api/v1/webhook-endpoints/${endpointId}`, { token: developer.token });
  expect(shown.body.endpoint.health).toMatchObject({ consecutive_failures: 3, failing_since: firstFailureAt });
});
