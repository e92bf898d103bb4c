import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { recordCustomerEvent } from '../src/domain/customer-webhooks/events.ts';
import { inJobTransaction } from '../src/jobs/enqueue.ts';
import { createEndpoint } from '../src/domain/customer-webhooks/endpoints.ts';
import { startSink } from './console-support.ts';
import { eventually, scaledMode } from './harness.ts';
import {
  apiEntry,
  deploymentEnvironment,
  freePort,
  prepareSendingWorkspace,
  runCleanups,
  startProcess,
  waitUntilHealthy,
  withServices,
  workerEntry,
} from './process-support.ts';

/**
 * SIGTERM is a graceful stop (main.ts, worker-main.ts, lib/shutdown.ts): the server stops accepting,
 * answers what is in flight, the workers finish the jobs they hold, pools close, exit code 0.
 */

afterAll(runCleanups);

/** Whether a new connection to the port is refused (once a server stopped listening). */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('graceful shutdown on SIGTERM', () => {
  it('answers a request that is in flight, refuses new connections, and exits 0', async () => {
    const port = await freePort();
    const environment = await deploymentEnvironment('shutdown-http', { PORT: String(port) });
    const { tokens, workspaceId } = await withServices(environment, (services) =>
      prepareSendingWorkspace(services, { tokens: 1 }),
    );
    const api = startProcess(apiEntry, environment);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(baseUrl, api);

    // The request's head reaches the server (it answers 100 Continue to it) and half its body follows;
    // the rest follows only after SIGTERM, once new connections are refused.
    const body = Buffer.from(
      JSON.stringify({ phone_number: '+14155550123', body: 'sent across a shutdown', idempotency_key: 'shutdown-1' }),
    );
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const slow = request(`${baseUrl}/api/v1/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[0]}`,
          'content-type': 'application/json',
          'content-length': String(body.length),
          expect: '100-continue',
        },
      });
      slow.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      });
      slow.on('error', reject);
      slow.once(
        'continue',
        () =>
          void (async () => {
            slow.write(body.subarray(0, 20));
            api.child.kill('SIGTERM');
            // Stopped accepting: a new connection is refused while the old request is still open.
            await eventually('a new connection to be refused', () => connectionRefused(port), 10_000);
            slow.end(body.subarray(20));
          })().catch(reject),
      );
      slow.flushHeaders();
    });

    const response = await answered;
    expect(response.status, response.text).toBe(202);
    expect(await api.exited).toBe(0);
    const messageId = (JSON.parse(response.text) as { message: { id: string } }).message.id;
    const stored = await withServices(environment, (services) => services.prisma.message.findMany({ where: { workspaceId } }));
    expect(stored.map((message) => message.id)).toEqual([messageId]);
  }, 120_000);

  it('lets a worker finish a webhook delivery it is in the middle of, records it, and exits 0', async () => {
    const sink = await startSink();
    afterAll(() => sink.close());
    sink.respond = { status: 204, body: '', delayMs: 1_500 };
    const port = await freePort();
    const environment = await deploymentEnvironment('shutdown-jobs', { PORT: String(port), ALLOW_PRIVATE_WEBHOOK_URLS: '1' });
    const { workspaceId } = await withServices(environment, async (services) => {
      const workspace = await prepareSendingWorkspace(services, { tokens: 0 });
      await createEndpoint(
        services,
        { workspaceId: workspace.workspaceId, origin: 'console', tokenId: 'test' },
        { url: sink.url },
      );
      await inJobTransaction(services, (tx) =>
        recordCustomerEvent(tx, {
          workspaceId: workspace.workspaceId,
          type: 'message.delivered',
          data: {
            sequence: 1,
            occurred_at: new Date().toISOString(),
            message: { id: 'msg_shutdown', status: 'delivered', phone_number: '+14155550100', segments: 1, cost_cents: 2 },
          },
          at: new Date(),
        }),
      );
      return workspace;
    });

    // The embedded server runs the workers itself; the scaled mode runs them in `npm run worker`.
    const worker = scaledMode ? startProcess(workerEntry, environment) : startProcess(apiEntry, environment);
    await eventually('the delivery to reach the endpoint', () => sink.requests.length > 0);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);

    expect(sink.requests).toHaveLength(1);
    const deliveries = await withServices(environment, (services) =>
      services.prisma.webhookDelivery.findMany({ where: { workspaceId }, include: { attempts: true } }),
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'succeeded' });
    expect(deliveries[0]!.attempts).toEqual([expect.objectContaining({ responseCode: 204 })]);
  }, 120_000);
});
