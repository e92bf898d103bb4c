import { act, api } from '../api.ts';
import type { Route } from '../router.ts';
import { href } from '../router.ts';
import { codeBadge, empty, h, retryTime, statusBadge, time } from '../ui.ts';
import { loadInto, pageHeader } from './common.ts';

type Detail = Awaited<ReturnType<typeof api.webhookDeliveries.get.query>>['delivery'];
type Attempt = Awaited<ReturnType<typeof api.webhookDeliveries.get.query>>['attempts'][number];

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
        attempt.response_body ? h('details', {}, h('summary', {}, 'Response body'), h('pre', {}, attempt.response_body)) : null,
      ),
    ),
  );
}

const POLL_INTERVAL_MS = 500;
const POLL_LIMIT = 120;

/**
 * Attempts run in the background: polls until the delivery records more than `seen` of them. False
 * when none came within a minute or the page is no longer shown (nothing then needs refreshing).
 */
async function attemptRecorded(id: string, seen: number, shown: () => boolean): Promise<boolean> {
  for (let poll = 0; poll < POLL_LIMIT && shown(); poll += 1) {
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    const { attempts } = await api.webhookDeliveries.get.query({ id });
    if (attempts.length > seen) return shown();
  }
  return false;
}

export async function deliveryPage(main: HTMLElement, route: Route): Promise<void> {
  const id = route.params.id ?? '';
  const content = h('div');
  const replay = h('button', { type: 'button', class: 'primary' }, 'Replay');
  const shown = () => content.isConnected;
  let attemptsShown: number | undefined;
  const refresh = () =>
    loadInto(
      content,
      () => api.webhookDeliveries.get.query({ id }),
      ({ delivery, attempts }) => {
        attemptsShown = attempts.length;
        return [
          summary(delivery),
          h('h2', {}, 'Attempts'),
          attemptList(attempts),
          h('h2', {}, 'Payload'),
          h('p', { class: 'muted small' }, 'Sent as the request body on every attempt and replay, with the same webhook-id.'),
          h('pre', { class: 'payload' }, JSON.stringify(delivery.payload, null, 2)),
        ];
      },
    );
  replay.addEventListener(
    'click',
    () =>
      void act(
        replay,
        async () => {
          const before = content.querySelectorAll('.attempt').length;
          await api.webhookDeliveries.replay.mutate({ id });
          await attemptRecorded(id, before, shown);
          await refresh();
        },
        'Replayed with the original payload.',
      ),
  );
  main.replaceChildren(
    h('p', {}, h('a', { href: href('deliveries') }, '← All deliveries')),
    pageHeader('Delivery', h('code', {}, id), replay),
    content,
  );
  await refresh();
  // Not attempted yet (a test event just sent): its first attempt appears without a reload.
  if (attemptsShown === 0 && (await attemptRecorded(id, 0, shown).catch(() => false))) await refresh();
}
