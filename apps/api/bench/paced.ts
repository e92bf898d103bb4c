import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';

/**
 * `lateP99`: how late this process itself sent its requests (99th percentile, ms): its own share of
 * the latency. `non2xx`: answers other than a 2xx, or than `expectedStatus` when one is given.
 */
type PacedResult = { p50: number; p99: number; lateP99: number; sent: number; non2xx: number; errors: number };

type Built = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer | undefined };

/** One request of a scenario's autocannon list, built as autocannon would (setupRequest included). */
function build(template: autocannon.Request): Built {
  const base: Built = {
    method: template.method ?? 'GET',
    path: template.path ?? '/',
    headers: (template.headers ?? {}) as Record<string, string>,
    body: template.body,
  };
  const setup = template.setupRequest as ((request: Built, context: object) => Built) | undefined;
  return setup ? setup(base, {}) : base;
}

/**
 * An open-loop load at a steady `rate` for `seconds`: requests leave evenly spaced whatever the
 * server's answers, and each latency counts from when its request was due, so a stalled server is
 * charged for the queue it builds. (autocannon's own rate limit sends each second's requests in one
 * burst at the start of the second, which measures bursts rather than a steady load.)
 */
export async function pacedLoad(
  port: number,
  requests: autocannon.Request[],
  options: { rate: number; seconds: number; expectedStatus?: number | undefined },
): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const latencies: number[] = [];
  const lateness: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();

  function send(sequence: number, dueAt: number): void {
    const { method, path, headers, body } = build(requests[sequence % requests.length]!);
    lateness.push(performance.now() - dueAt);
    const done = new Promise<void>((resolve) => {
      const outgoing = request({ host: '127.0.0.1', port, method, path, headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - dueAt);
          const status = response.statusCode ?? 0;
          if (options.expectedStatus === undefined ? status >= 300 : status !== options.expectedStatus) non2xx += 1;
          resolve();
        });
      });
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end(body);
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  }

  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * options.rate) + 1);
    for (; sent < due; sent += 1) send(sent, started + (sent / options.rate) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return {
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    lateP99: quantile(lateness, 0.99),
    sent: total,
    non2xx,
    errors,
  };
}

function quantile(values: number[], q: number): number {
  values.sort((a, b) => a - b);
  return Number((values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN).toFixed(1));
}
