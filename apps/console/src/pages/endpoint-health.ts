import { act, api } from '../api.ts';
import { href } from '../router.ts';
import { h, replace, time } from '../ui.ts';
import { field, showProblem } from './common.ts';

type Endpoint = Awaited<ReturnType<typeof api.webhookEndpoints.list.query>>['endpoints'][number];
type Hour = Awaited<ReturnType<typeof api.webhookEndpoints.stats.query>>['hours'][number];

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(rate === 1 || rate === 0 ? 0 : 1)}%`);
const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);

/** The endpoint's health figures over the last 24 hours, as the API computes them. */
export function healthFigures(endpoint: Endpoint): HTMLElement {
  const { health } = endpoint;
  const item = (label: string, value: Node | string, name: string) =>
    h('div', { 'data-figure': name }, h('dt', {}, label), h('dd', {}, value));
  return h(
    'dl',
    { class: 'health', 'aria-label': 'Health over the last 24 hours' },
    item('Success rate (24 h)', `${percent(health.success_rate_24h)} of ${health.attempts_24h}`, 'success-rate'),
    item('Latency p50 / p99', `${ms(health.latency_p50_ms_24h)} / ${ms(health.latency_p99_ms_24h)}`, 'latency'),
    item('Consecutive failures', String(health.consecutive_failures), 'consecutive-failures'),
    item('Last success', health.last_success_at ? time(health.last_success_at) : 'never', 'last-success'),
  );
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attributes: Record<string, string | number>, ...children: (Node | string)[]): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

const hourLabel = (iso: string) =>
  new Date(iso).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });

/**
 * Attempts per hour over the last 24 hours as plain SVG: one bar per hour, its successful part green
 * and its failed part red on top; each hour names its figures on hover (title) and to screen readers.
 */
export function hourlyChart(hours: Hour[]): HTMLElement {
  const [width, height, gap] = [240, 48, 2];
  const slot = width / hours.length;
  const top = Math.max(1, ...hours.map((hour) => hour.attempts));
  const scale = (count: number) => (count / top) * (height - 2);
  const total = hours.reduce((sum, hour) => sum + hour.attempts, 0);
  const succeeded = hours.reduce((sum, hour) => sum + hour.succeeded, 0);
  const summary = total ? `${total} attempts in the last 24 hours, ${succeeded} succeeded` : 'No attempts in the last 24 hours';
  const bars = hours.map((hour, index) => {
    const failed = hour.attempts - hour.succeeded;
    const x = index * slot + gap / 2;
    const okHeight = scale(hour.succeeded);
    const badHeight = scale(failed);
    const label = `${hourLabel(hour.start)} UTC: ${hour.attempts} attempts, ${hour.succeeded} succeeded`;
    return svg(
      'g',
      { class: 'hour', 'data-attempts': hour.attempts, 'data-succeeded': hour.succeeded, 'data-start': hour.start },
      svg('title', {}, label),
      // The whole slot answers the hover, also for an hour without attempts.
      svg('rect', { class: 'slot', x: index * slot, y: 0, width: slot, height }),
      svg('rect', { class: 'ok', x, y: height - okHeight, width: slot - gap, height: okHeight }),
      svg('rect', { class: 'bad', x, y: height - okHeight - badHeight, width: slot - gap, height: badHeight }),
    );
  });
  const chart = svg(
    'svg',
    { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': summary, preserveAspectRatio: 'none' },
    svg('line', { class: 'baseline', x1: 0, x2: width, y1: height - 0.5, y2: height - 0.5 }),
    ...bars,
  );
  return h(
    'figure',
    { class: 'hourly-chart' },
    chart,
    h(
      'figcaption',
      { class: 'muted small' },
      h('span', {}, '24 h ago'),
      h('span', { class: 'chart-summary' }, summary),
      h('span', {}, 'now'),
    ),
  );
}

/** The chart's slot: loads the endpoint's hourly stats; a failure leaves a line saying so. */
export function hourlyChartSlot(endpointId: string): HTMLElement {
  const slot = h('div', { class: 'hourly-slot', 'aria-busy': 'true' });
  api.webhookEndpoints.stats
    .query({ id: endpointId })
    .then(
      ({ hours }) => replace(slot, hourlyChart(hours)),
      () => replace(slot, h('p', { class: 'muted small' }, 'The hourly chart could not be loaded; refresh to try again.')),
    )
    .finally(() => slot.removeAttribute('aria-busy'));
  return slot;
}

/** A datetime-local value for `at`, in the browser's time zone. */
function localInput(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * "Recover failed since…": replays every failed delivery of the endpoint created since a time;
 * shows how many were queued, or the refusal with what to do about it.
 */
export function recoverForm(endpoint: Endpoint): HTMLElement {
  const since = h('input', {
    name: 'since',
    type: 'datetime-local',
    required: true,
    value: localInput(endpoint.health.failing_since ? new Date(endpoint.health.failing_since) : new Date(Date.now() - 3_600_000)),
  });
  const submit = h('button', { type: 'submit', class: 'secondary small' }, 'Recover');
  const outcome = h('p', { class: 'recover-outcome', role: 'status' });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const form = h(
    'form',
    { class: 'recover', 'aria-label': 'Recover failed deliveries' },
    field('Recover failed since', since, 'Every failed delivery created since then is sent again, with its original payload.'),
    h('div', { class: 'actions' }, submit),
    outcome,
    problem,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    replace(outcome);
    replace(problem);
    const at = new Date(since.value);
    void act(submit, async () => {
      try {
        // An unreadable value goes to the API as is, for its catalogue error naming the field.
        const recovery = await api.webhookEndpoints.recover.mutate({
          id: endpoint.id,
          since: Number.isNaN(at.getTime()) ? since.value : at.toISOString(),
        });
        const { queued, remaining } = recovery;
        const deliveries = (count: number) => `${count} failed ${count === 1 ? 'delivery' : 'deliveries'}`;
        replace(
          outcome,
          recovery.already_running
            ? `A recovery started ${new Date(recovery.started_at).toLocaleString()} is still running (${remaining} of ` +
                `${deliveries(queued)} left to send); nothing more was queued. `
            : queued === 0
              ? 'No failed deliveries since then: nothing to recover.'
              : `Queued ${deliveries(queued)} for a new attempt. `,
          queued === 0
            ? null
            : h('a', { href: href(`deliveries?endpoint_id=${encodeURIComponent(endpoint.id)}`) }, 'Follow them in Deliveries'),
        );
      } catch (error) {
        showProblem(problem, error);
      }
    });
  });
  return form;
}
