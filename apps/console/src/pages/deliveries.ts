import { customerEventTypes } from '@textline/contract/event-types';
import { api } from '../api.ts';
import { followChanges } from '../live.ts';
import { href } from '../router.ts';
import { codeBadge, deliveryStatusBadge, empty, h, retryTime, time } from '../ui.ts';
import { field, filtersToUrl, loadInto, pagedTable, pageHeader, select } from './common.ts';

type Filters = Parameters<typeof api.webhookDeliveries.list.query>[0];
type Delivery = Awaited<ReturnType<typeof api.webhookDeliveries.list.query>>['deliveries'][number];

const statuses = ['failed', 'pending', 'succeeded'] as const;
const headings = ['Status', 'Event', 'Endpoint', 'Code', 'Latency', 'Attempts', 'Next retry', 'Created'];
const PAGE_SIZE = 25;
/** The most rows one refresh re-reads: the first pages a person has loaded. */
const LIVE_ROWS_MAX = 100;

/** An id pasted into the search box: events are evt_..., messages msg_... (sent) or inb_... (received). */
function searchFilter(text: string): Pick<Filters, 'event_id' | 'message_id'> | undefined {
  const value = text.trim();
  if (!value) return {};
  if (/^evt_\w+$/.test(value)) return { event_id: value };
  if (/^(msg|inb)_\w+$/.test(value)) return { message_id: value };
  return undefined;
}

/** A datetime-local value (the browser's own time zone) as ISO 8601. */
function instant(local: string | null): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

type View = { filters: Filters; search: string; from: string; to: string; badSearch: boolean };

function readView(): View {
  const query = new URLSearchParams(location.search);
  const pick = <T extends string>(name: string, allowed?: readonly T[]) => {
    const value = query.get(name) ?? undefined;
    return value && (!allowed || allowed.includes(value as T)) ? (value as T) : undefined;
  };
  const search = query.get('q') ?? '';
  const ids = searchFilter(search);
  return {
    search,
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    badSearch: ids === undefined,
    filters: {
      status: pick('status', statuses),
      event_type: pick('event_type', customerEventTypes),
      endpoint_id: pick('endpoint_id'),
      ...ids,
      created_after: instant(query.get('from')),
      created_before: instant(query.get('to')),
      limit: PAGE_SIZE,
    },
  };
}

/** A test event (sent from an endpoint's "Send test event") carries example data, not a real message's. */
export function testEventTag(eventId: string): HTMLElement | null {
  return eventId.startsWith('evt_test_')
    ? h('span', { class: 'tag test-event', title: 'Sent with "Send test event": example data, no real message' }, 'Test')
    : null;
}

function nextRetry(delivery: Delivery): HTMLElement | string {
  if (delivery.next_retry) return h('span', {}, 'retry ', retryTime(delivery.next_retry));
  return delivery.status === 'failed' ? 'no more retries' : '—';
}

function row(delivery: Delivery): HTMLTableRowElement {
  return h(
    'tr',
    { class: `delivery-row ${delivery.status}`, 'data-delivery-id': delivery.id },
    h('td', {}, deliveryStatusBadge(delivery)),
    h(
      'td',
      {},
      h('a', { href: href(`deliveries/${delivery.id}`) }, h('code', {}, delivery.event_type)),
      testEventTag(delivery.event_id),
    ),
    h('td', { class: 'truncate' }, h('code', { title: delivery.endpoint_url }, delivery.endpoint_url)),
    h('td', {}, codeBadge(delivery.response_code)),
    h('td', {}, delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`),
    h('td', {}, String(delivery.attempts)),
    h('td', {}, nextRetry(delivery)),
    h('td', {}, time(delivery.created_at)),
  );
}

/** One row as table() labels it (data-label per cell, for the phone layout). */
function labelledRow(delivery: Delivery): HTMLTableRowElement {
  const rendered = row(delivery);
  [...rendered.cells].forEach((cell, index) => cell.setAttribute('data-label', headings[index] ?? ''));
  return rendered;
}

/** Re-reads the rows shown (the newest, at least a page, up to LIVE_ROWS_MAX) and shows them as they are now. */
async function refreshRows(body: HTMLTableSectionElement, filters: Filters): Promise<void> {
  const shown = body.querySelectorAll('tr.delivery-row').length;
  const { deliveries } = await api.webhookDeliveries.list.query({
    ...filters,
    limit: Math.min(LIVE_ROWS_MAX, Math.max(PAGE_SIZE, shown)),
  });
  if (body.isConnected) body.replaceChildren(...deliveries.map(labelledRow));
}

function filterForm(view: View, endpoints: { id: string; url: string }[], apply: () => void): HTMLFormElement {
  const { filters } = view;
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter deliveries' },
    field(
      'Event or message id',
      h('input', { name: 'q', type: 'search', value: view.search, placeholder: 'evt_…, msg_… or inb_…', autocomplete: 'off' }),
    ),
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
    field('Created from', h('input', { name: 'from', type: 'datetime-local', value: view.from })),
    field('Created before', h('input', { name: 'to', type: 'datetime-local', value: view.to })),
    h('div', { class: 'filter-actions' }, h('button', { type: 'submit', class: 'secondary' }, 'Search')),
  );
  const changed = (event: Event) => {
    event.preventDefault();
    filtersToUrl(form);
    apply();
  };
  form.addEventListener('submit', changed);
  form.addEventListener('change', (event) => {
    // The search box applies on Enter or Search, not on every edit.
    if ((event.target as HTMLElement).getAttribute('name') !== 'q') changed(event);
  });
  return form;
}

// Each filter change renders the page again; only the latest render may draw it, or a slower earlier
// one (its endpoints answered last) would put back the page of filters no longer asked for.
let latestRender = 0;

export async function deliveriesPage(main: HTMLElement): Promise<void> {
  const render = ++latestRender;
  const view = readView();
  const { filters } = view;
  const { endpoints } = await api.webhookEndpoints.list.query({ limit: 100 }).catch(() => ({ endpoints: [] }));
  if (render !== latestRender) return;
  const form = filterForm(view, endpoints, () => void deliveriesPage(main));
  const quick = h('a', { class: 'button secondary', href: href('deliveries?status=failed') }, 'Show failed only');
  const results = h('div', { class: 'deliveries-results' });
  const refresh = h('button', { type: 'button', class: 'secondary', onclick: () => void deliveriesPage(main) }, 'Refresh');
  main.replaceChildren(
    pageHeader(
      'Deliveries',
      'Every event sent to your endpoints, newest first; pending ones update by themselves. Open one to see its attempts and replay it.',
      quick,
      refresh,
    ),
    form,
    results,
  );
  if (view.badSearch) {
    results.replaceChildren(
      empty('Nothing to search for', 'Paste an event id (evt_…, the webhook-id header) or a message id (msg_… or inb_…).'),
    );
    return;
  }

  await loadInto(
    results,
    () => api.webhookDeliveries.list.query(filters),
    (page) => {
      if (page.deliveries.length === 0) {
        const filtered = Object.entries(filters).some(([name, value]) => name !== 'limit' && value !== undefined);
        return empty(
          filtered ? 'No deliveries match these filters' : 'No deliveries yet',
          filtered
            ? 'Clear a filter to see more.'
            : 'Deliveries appear here as soon as an event is sent to one of your endpoints.',
        );
      }
      return pagedTable(headings, { items: page.deliveries, next_cursor: page.next_cursor }, row, async (cursor) => {
        const next = await api.webhookDeliveries.list.query({ ...filters, cursor });
        return { items: next.deliveries, next_cursor: next.next_cursor };
      });
    },
  );
  const body = results.querySelector('tbody');
  if (!body) return;
  // An event creates its deliveries, and each attempt settles one.
  followChanges(
    body,
    (change) => change.resource === 'delivery' || change.resource === 'message',
    () => refreshRows(body, filters),
  );
}
