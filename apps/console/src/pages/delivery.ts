import { act, api } from '../api.ts';
import type { Route } from '../router.ts';
import { href } from '../router.ts';
import { codeBadge, empty, h, retryTime, statusBadge, time } from '../ui.ts';
import { loadInto, pageHeader } from './common.ts';

type Detail = Awaited<ReturnType<typeof api.webhookDeliveries.get.query>>['delivery'];

function summary(delivery: Detail): HTMLElement {
  const item = (label: string, value: Node | string) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
  return h(
    'dl',
    { class: 'summary card' },
    item('Status', statusBadge(delivery.status)),
    item('Event', h('code', {}, `${delivery.event_type} · ${delivery.event_id}`)),
    item('Endpoint', h('code', { class: 'url' }, delivery.endpoint_url)),
    item('Response code', codeBadge(delivery.response_code)),
    item('Latency', delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`),
    item('Attempts', String(delivery.attempts)),
    item('Next retry', delivery.next_retry ? retryTime(delivery.next_retry) : delivery.status === 'failed' ? 'none — replay it when the endpoint is fixed' : '—'),
    item('Created', time(delivery.created_at)),
  );
}

function attempts(delivery: Detail): HTMLElement {
  if (delivery.attempt_log.length === 0) return empty('No attempts yet', 'The first attempt is on its way.');
  return h(
    'ol',
    { class: 'attempts' },
    ...delivery.attempt_log.map((attempt) =>
      h(
        'li',
        { class: `card attempt ${attempt.response_code !== null && attempt.response_code < 300 && attempt.response_code >= 200 ? 'ok' : 'bad'}`, 'data-attempt-id': attempt.id },
        h(
          'div',
          { class: 'attempt-head' },
          codeBadge(attempt.response_code),
          h('span', {}, `${attempt.latency_ms} ms`),
          h('span', { class: 'tag' }, attempt.trigger),
          time(attempt.created_at),
        ),
        attempt.error ? h('p', { class: 'notice warn' }, attempt.error) : null,
        attempt.response_body ? h('details', {}, h('summary', {}, 'Response body'), h('pre', {}, attempt.response_body)) : null,
      ),
    ),
  );
}

export async function deliveryPage(main: HTMLElement, route: Route): Promise<void> {
  const id = route.params.id ?? '';
  const content = h('div');
  const replay = h('button', { type: 'button', class: 'primary' }, 'Replay');
  const refresh = () => loadInto(content, () => api.webhookDeliveries.get.query({ id }), ({ delivery }) => [
    summary(delivery),
    h('h2', {}, 'Attempts'),
    attempts(delivery),
    h('h2', {}, 'Payload'),
    h('p', { class: 'muted small' }, 'Sent as the request body on every attempt and replay, with the same webhook-id.'),
    h('pre', { class: 'payload' }, JSON.stringify(delivery.payload, null, 2)),
  ]);
  replay.addEventListener('click', () =>
    void act(replay, async () => {
      const before = content.querySelectorAll('.attempt').length;
      await api.webhookDeliveries.replay.mutate({ id });
      // The attempt runs in the background; show it as soon as it is recorded.
      for (let poll = 0; poll < 40; poll += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const { delivery } = await api.webhookDeliveries.get.query({ id });
        if (delivery.attempt_log.length > before) break;
      }
      await refresh();
    }, 'Replayed with the original payload.'),
  );
  main.replaceChildren(
    h('p', {}, h('a', { href: href('deliveries') }, '← All deliveries')),
    pageHeader('Delivery', h('code', {}, id), replay),
    content,
  );
  await refresh();
}
