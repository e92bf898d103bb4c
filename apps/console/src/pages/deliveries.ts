import { customerEventTypes } from '@textline/contract/event-types';
import { api, errorMessage } from '../api.ts';
import { href } from '../router.ts';
import { busy, codeBadge, empty, h, retryTime, statusBadge, time, toast } from '../ui.ts';
import { field, loadInto, pageHeader, select, table } from './common.ts';

type Filters = Parameters<typeof api.webhookDeliveries.list.query>[0];
type Delivery = Awaited<ReturnType<typeof api.webhookDeliveries.list.query>>['deliveries'][number];

const statuses = ['failed', 'pending', 'succeeded'] as const;

function readFilters(): Filters {
  const query = new URLSearchParams(location.search);
  const pick = <T extends string>(name: string, allowed?: readonly T[]) => {
    const value = query.get(name) ?? undefined;
    return value && (!allowed || allowed.includes(value as T)) ? (value as T) : undefined;
  };
  return {
    status: pick('status', statuses),
    event_type: pick('event_type', customerEventTypes),
    endpoint_id: pick('endpoint_id'),
    limit: 25,
  };
}

function nextRetry(delivery: Delivery): HTMLElement | string {
  if (delivery.next_retry) return h('span', {}, 'retry ', retryTime(delivery.next_retry));
  return delivery.status === 'failed' ? 'no more retries' : '—';
}

function row(delivery: Delivery): HTMLTableRowElement {
  return h(
    'tr',
    { class: `delivery-row ${delivery.status}`, 'data-delivery-id': delivery.id },
    h('td', {}, statusBadge(delivery.status)),
    h('td', {}, h('a', { href: href(`deliveries/${delivery.id}`) }, h('code', {}, delivery.event_type))),
    h('td', { class: 'truncate' }, h('code', { title: delivery.endpoint_url }, delivery.endpoint_url)),
    h('td', {}, codeBadge(delivery.response_code)),
    h('td', {}, delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`),
    h('td', {}, String(delivery.attempts)),
    h('td', {}, nextRetry(delivery)),
    h('td', {}, time(delivery.created_at)),
  );
}

export async function deliveriesPage(main: HTMLElement): Promise<void> {
  const filters = readFilters();
  const { endpoints } = await api.webhookEndpoints.list.query({}).catch(() => ({ endpoints: [] }));
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter deliveries' },
    field(
      'Status',
      select(
        'status',
        'Status',
        statuses.map((status) => [status, status.charAt(0).toUpperCase() + status.slice(1)]),
        filters.status,
      ),
    ),
    field(
      'Event type',
      select(
        'event_type',
        'Event type',
        customerEventTypes.map((type) => [type, type]),
        filters.event_type,
      ),
    ),
    field(
      'Endpoint',
      select(
        'endpoint_id',
        'Endpoint',
        endpoints.map((endpoint) => [endpoint.id, endpoint.url]),
        filters.endpoint_id,
      ),
    ),
  );
  form.addEventListener('change', () => {
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value) query.set(name, value);
    history.replaceState(null, '', `${location.pathname}${query.size ? `?${query}` : ''}`);
    void deliveriesPage(main);
  });
  const quick = h('a', { class: 'button secondary', href: href('deliveries?status=failed') }, 'Show failed only');
  const results = h('div');
  const headings = ['Status', 'Event', 'Endpoint', 'Code', 'Latency', 'Attempts', 'Next retry', 'Created'];
  const refresh = h('button', { type: 'button', class: 'secondary', onclick: () => void deliveriesPage(main) }, 'Refresh');
  main.replaceChildren(
    pageHeader(
      'Deliveries',
      'Every event sent to your endpoints, newest first. Open one to see its attempts and replay it.',
      quick,
      refresh,
    ),
    form,
    results,
  );

  await loadInto(
    results,
    () => api.webhookDeliveries.list.query(filters),
    (page) => {
      if (page.deliveries.length === 0) {
        const filtered = filters.status || filters.event_type || filters.endpoint_id;
        return empty(
          filtered ? 'No deliveries match these filters' : 'No deliveries yet',
          filtered
            ? 'Clear a filter to see more.'
            : 'Deliveries appear here as soon as an event is sent to one of your endpoints.',
        );
      }
      const rendered = table(headings, page.deliveries.map(row));
      const body = rendered.querySelector('tbody');
      if (!body) throw new Error('table() renders a tbody');
      let cursor = page.next_cursor;
      const more = h('button', { type: 'button', class: 'secondary wide', hidden: !cursor }, 'Load more');
      more.addEventListener(
        'click',
        () =>
          void busy(more, async () => {
            try {
              const next = await api.webhookDeliveries.list.query({ ...filters, cursor: cursor ?? undefined });
              const rows = table(headings, next.deliveries.map(row)).querySelectorAll('tbody tr');
              body.append(...rows);
              cursor = next.next_cursor;
              more.hidden = !cursor;
            } catch (error) {
              toast(errorMessage(error), 'error');
            }
          }),
      );
      return [rendered, more];
    },
  );
}
