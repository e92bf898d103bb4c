import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventually, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';
import { queueNames } from '../src/jobs/queues.ts';
import { serveWorkerMetrics } from '../src/metrics/route.ts';

const metricsToken = 'metrics-token-0123456789abcdef0123456789';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: metricsToken });
});
afterAll(async () => {
  await app.close();
});

async function scrape(token = metricsToken): Promise<{ status: number; text: string; contentType: string | null }> {
  const response = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') };
}

/** The value of one series (name plus exact label set, as Prometheus prints it), or 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Every label value of every series in a scrape. */
function labelValues(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .flatMap((line) => [...line.matchAll(/="((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!));
}

describe('GET /metrics', () => {
  it('answers 401 without METRICS_TOKEN and serves the Prometheus text format with it', async () => {
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await scrape('metrics-token-0123456789abcdef0123456780');
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text)).toMatchObject({ error: { code: 'unauthorized' } });
    const scraped = await scrape();
    expect(scraped.status).toBe(200);
    expect(scraped.contentType).toContain('text/plain');
    for (const series of [
      'textline_http_request_duration_seconds',
      'textline_operation_calls_total',
      'textline_provider_events_total',
      'textline_job_attempts_total',
      'textline_job_queue_due',
      'textline_job_oldest_due_age_seconds',
      'textline_webhook_deliveries_total',
      'textline_webhook_delivery_duration_seconds',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ])
      expect(scraped.text).toContain(`# TYPE ${series} `);
    if (app.config.databaseUrl) expect(scraped.text).toContain('# TYPE textline_db_pool_connections gauge');
  });

  it('serves every series the Grafana dashboard in docs/ queries', async () => {
    const dashboard = await readFile(new URL('../../../docs/grafana/textline-dashboard.json', import.meta.url), 'utf8');
    const queried = new Set(
      [...dashboard.matchAll(/\b((?:textline|nodejs|process)_[a-z0-9_]+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]!),
    );
    expect(queried.size).toBeGreaterThan(8);
    const { text } = await scrape();
    for (const series of queried) expect(text, series).toContain(`# TYPE ${series} `);
  });

  it('gives each Grafana panel one unit, the one its queries measure', async () => {
    const dashboard = JSON.parse(
      await readFile(new URL('../../../docs/grafana/textline-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { title: string; fieldConfig: { defaults: { unit: string } }; targets: { expr: string }[] }[] };
    // What a query measures: a quantile of our histograms (all in seconds), a rate, or a gauge by its name's unit.
    const measured = (expr: string) =>
      expr.includes('histogram_quantile')
        ? 'seconds'
        : expr.includes('rate(')
          ? 'per second'
          : /_seconds\b/.test(expr)
            ? 'seconds'
            : /_bytes\b/.test(expr)
              ? 'bytes'
              : 'count';
    const units: Record<string, string[]> = {
      seconds: ['s'],
      'per second': ['ops', 'reqps'],
      bytes: ['bytes'],
      count: ['short'],
    };
    for (const panel of dashboard.panels) {
      const kinds = new Set(panel.targets.map((target) => measured(target.expr)));
      expect([...kinds], panel.title).toHaveLength(1);
      expect(units[[...kinds][0]!], panel.title).toContain(panel.fieldConfig.defaults.unit);
    }
  });

  it("serves a worker process's series on loopback, behind the same token (WORKER_METRICS_PORT)", async () => {
    const server = serveWorkerMetrics(app.services.metrics!, metricsToken, 0, app.services.log);
    try {
      await once(server, 'listening');
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('# TYPE textline_job_attempts_total counter');
    } finally {
      server.close();
    }
  });

  it('exports the job backlog of every queue as 0 while the app is idle', async () => {
    const idle = await startTestApp({ METRICS_TOKEN: metricsToken }, { startJobs: false });
    try {
      const response = await fetch(`${idle.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      const lines = (await response.text()).split('\n');
      for (const queue of queueNames) {
        for (const gauge of ['textline_job_queue_due', 'textline_job_oldest_due_age_seconds'])
          expect(lines, `${gauge} of ${queue}`).toContain(`${gauge}{queue="${queue}"} 0`);
      }
    } finally {
      await idle.close();
    }
  });

  it('gauges the send queue: messages, workspaces, the largest workspace share and when it drains, with no workspace label', async () => {
    const paced = await startTestApp({ METRICS_TOKEN: metricsToken, SENDER_PACING: 'on' }, { startJobs: false });
    try {
      const gauges = async () => {
        const response = await fetch(`${paced.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
        const text = await response.text();
        return [
          'textline_messages_queued',
          'textline_send_queue_workspaces',
          'textline_send_queue_largest_workspace_messages',
          'textline_send_queue_drain_seconds',
        ].map((series) => {
          expect(text).toContain(`\n${series} `);
          return valueOf(text, series);
        });
      };
      expect(await gauges()).toEqual([0, 0, 0, 0]);
      const busy = await sendingWorkspace(paced);
      const quiet = await sendingWorkspace(paced);
      const sendFrom = async (token: string) =>
        expect(
          (await call(paced, 'POST', '/api/v1/messages', { token, body: { phone_number: '+14155550123', body: 'q' } })).status,
        ).toBe(202);
      for (let index = 0; index < 3; index += 1) await sendFrom(busy.token);
      await sendFrom(quiet.token);
      // A scheduled send is not queued until its send_at.
      const later = new Date(paced.clock.now() + 3_600_000).toISOString();
      await call(paced, 'POST', '/api/v1/messages', {
        token: quiet.token,
        body: { phone_number: '+14155550123', body: 'q', send_at: later },
      });
      // The busy number's third message is two slots (2 s at 1 a second) out.
      expect(await gauges()).toEqual([4, 2, 3, 2]);

      // The first slot of each number comes: two hand-offs, each observed with its wait for its slot.
      await paced.services.jobs.drain();
      expect(await gauges()).toEqual([2, 1, 2, 2]);
      const response = await fetch(`${paced.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      const text = await response.text();
      expect(valueOf(text, 'textline_sender_pacing_delay_seconds_count')).toBe(2);
      expect(valueOf(text, 'textline_sender_pacing_deferrals_total')).toBe(0);
    } finally {
      await paced.close();
    }
  });

  it('is not served at all when METRICS_TOKEN is unset', async () => {
    const plain = await startTestApp();
    try {
      expect((await fetch(`${plain.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).status).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });

  it('moves the request, send, job and provider-event series, with no id, token or phone number in a label', async () => {
    const developer = await sendingWorkspace(app);
    const before = (await scrape()).text;
    const accepted = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550123', body: 'metrics' },
    });
    expect(accepted.status).toBe(202);
    const refused = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: 'nope', body: 'x' },
    });
    expect(refused.status).toBe(422);
    const lookup = await call(app, 'GET', `/api/v1/messages/${accepted.body.message.id}`, { token: developer.token });
    expect(lookup.status).toBe(200);

    await eventually('the sandbox carrier reports the send', async () => {
      const text = (await scrape()).text;
      return valueOf(text, 'textline_provider_events_total{type="message.sent",duplicate="false"}') >= 1;
    });
    const after = (await scrape()).text;
    const moved = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(moved('textline_http_request_duration_seconds_count{route="/api/v1/messages",method="POST",status="202"}')).toBe(1);
    expect(moved('textline_http_request_duration_seconds_count{route="/api/v1/messages/{id}",method="GET",status="200"}')).toBe(
      1,
    );
    expect(moved('textline_operation_calls_total{operation="messages.create",transport="rest",outcome="ok"}')).toBe(1);
    expect(
      moved('textline_operation_calls_total{operation="messages.create",transport="rest",outcome="validation_failed"}'),
    ).toBe(1);
    expect(moved('textline_job_attempts_total{queue="dispatch",outcome="succeeded"}')).toBeGreaterThanOrEqual(1);

    const values = labelValues(after);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).not.toMatch(/\+?\d{7,}/);
      expect(value).not.toMatch(/^(msg|ws|acc|tok|pn|whe|whd)_/);
      expect(value).not.toContain('txt_');
      expect(value).not.toContain(accepted.body.message.id);
    }
  });

  it('labels provider event types it does not know as other, so a payload cannot grow the series', async () => {
    const labels = app.services.metrics!.providerEventType;
    expect(labels('message.delivered')).toBe('message.delivered');
    expect(labels('message.delivered/+14155550123')).toBe('other');
    const letter = (index: number) => String.fromCharCode(97 + (index % 26));
    for (let index = 0; index < 64; index += 1) labels(`made_up.t${letter(index)}${letter(Math.floor(index / 26))}`);
    expect(labels('yet.another')).toBe('other');
  });
});
