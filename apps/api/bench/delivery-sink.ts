/**
 * The customer's endpoint of the delivery measurements: a bare node:http server in the bench's
 * main process (apart from the measured ones, so its CPU is not counted), answering 204 to every
 * POST. For each event it keeps how long after the event's created_at the request arrived: the
 * time from event to delivery that a customer sees.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type DeliverySink = {
  url: string;
  received(): number;
  /** Event-to-delivery times of the events received since the last call, in ms; clears them. */
  takeLatencies(): number[];
  close(): Promise<void>;
};

export async function startDeliverySink(): Promise<DeliverySink> {
  let received = 0;
  let latencies: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
      const { created_at: createdAt } = JSON.parse(body) as { created_at: string };
      latencies.push(Date.now() - Date.parse(createdAt));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received: () => received,
    takeLatencies() {
      const taken = latencies;
      latencies = [];
      return taken;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The p-th percentile (0-100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
