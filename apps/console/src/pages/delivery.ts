import { act, api } from '../api.ts';
import { followChanges } from '../live.ts';
import type { Route } from '../router.ts';
import { href } from '../router.ts';
import { codeBadge, codeBlock, deliveryStatusBadge, empty, h, retryTime, time } from '../ui.ts';
import { testEventTag } from './deliveries.ts';
import { loadInto, pageHeader } from './common.ts';

type Detail = Awaited<ReturnType<typeof api.webhookDeliveries.get.query>>['delivery'];
type Attempt = Awaited<ReturnType<typeof api.webhookDeliveries.get.query>>['attempts'][number];

function summary(delivery: Detail): HTMLElement {
  const item = (label: string, value: Node | string) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
  return h(
    'dl',
    { class: 'summary card' },
    item('Status', deliveryStatusBadge(delivery)),
    item('Event', h('span', {}, h('code', {}, `${delivery.event_type} · ${delivery.event_id}`), testEventTag(delivery.event_id))),
    item('Endpoint', h('code', { class: 'url' }, delivery.endpoint_url)),
    item('Response code', codeBadge(delivery.response_code)),
    item('Latency', delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`),
    item('Attempts', String(delivery.attempts)),
    item(
      'Next retry',
      delivery.next_retry
        ? retryTime(delivery.next_retry)
        : delivery.status === 'failed'
          ? 'none — replay it when the endpoint is fixed'
          : '—',
    ),
    item('Created', time(delivery.created_at)),
  );
}

/** The headers the attempt's request carried (the signature, never the secret it was made with). */
function requestHeaders(headers: Attempt['request_headers']): HTMLElement | null {
  const entries = Object.entries(headers).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  return h(
    'details',
    { class: 'request-headers' },
    h('summary', {}, `Request headers (${entries.length})`),
    h(
      'dl',
      { class: 'headers' },
      ...entries.map(([name, value]) => h('div', {}, h('dt', {}, h('code', {}, name)), h('dd', {}, h('code', {}, value)))),
    ),
  );
}

function attemptList(attempts: Attempt[]): HTMLElement {
  if (attempts.length === 0) return empty('No attempts yet', 'The first attempt is on its way.');
  return h(
    'ol',
    { class: 'attempts' },
    ...attempts.map((attempt) =>
      h(
        'li',
        {
          class: `card attempt ${attempt.response_code !== null && attempt.response_code < 300 && attempt.response_code >= 200 ? 'ok' : 'bad'}`,
          'data-attempt-id': attempt.id,
        },
        h(
          'div',
          { class: 'attempt-head' },
          codeBadge(attempt.response_code),
          h('span', {}, `${attempt.latency_ms} ms`),
          h('span', { class: 'tag' }, attempt.trigger),
          time(attempt.at),
        ),
        attempt.error ? h('p', { class: 'notice warn' }, attempt.error) : null,
        requestHeaders(attempt.request_headers),
        attempt.response_body
          ? h('details', { class: 'response-body' }, h('summary', {}, 'Response body'), codeBlock(attempt.response_body))
          : null,
      ),
    ),
  );
}

export async function deliveryPage(main: HTMLElement, route: Route): Promise<void> {
  const id = route.params.id ?? '';
  const content = h('div');
  const replay = h('button', { type: 'button', class: 'primary' }, 'Replay');
  let shown: { delivery: Detail; attempts: Attempt[] } | undefined;
  const render = (data: { delivery: Detail; attempts: Attempt[] }) => {
    shown = data;
    return [
      summary(data.delivery),
      h('h2', {}, 'Attempts'),
      attemptList(data.attempts),
      h('h2', {}, 'Payload'),
      h('p', { class: 'muted small' }, 'Sent as the request body on every attempt and replay, with the same webhook-id.'),
      codeBlock(JSON.stringify(data.delivery.payload, null, 2), 'payload'),
    ];
  };
  // Each attempt (automatic, a retry or a replay) is announced on the event stream: the page follows it without a reload.
  followChanges(
    content,
    (change) => change.resource === 'delivery' && change.id === id,
    async () => {
      const data = await api.webhookDeliveries.get.query({ id });
      // Only what changed is redrawn, so an open <details> stays open between identical reads.
      if (JSON.stringify(data) !== JSON.stringify(shown)) content.replaceChildren(...render(data));
      else shown = data;
    },
  );
  replay.addEventListener(
    'click',
    () =>
      void act(
        replay,
        async () => {
          await api.webhookDeliveries.replay.mutate({ id });
        },
        'Replay queued with the original payload.',
      ),
  );
  main.replaceChildren(
    h('p', {}, h('a', { href: href('deliveries') }, '← All deliveries')),
    pageHeader('Delivery', h('code', {}, id), replay),
    content,
  );
  await loadInto(content, () => api.webhookDeliveries.get.query({ id }), render);
}
