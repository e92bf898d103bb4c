import { api } from '../api.ts';
import { href } from '../router.ts';
import { empty, h, money, time } from '../ui.ts';
import { loadInto, pageHeader, pagedTable, select } from './common.ts';

type Period = Awaited<ReturnType<typeof api.usage.get.query>>['periods'][number];
type Entry = Awaited<ReturnType<typeof api.ledger.list.query>>['entries'][number];
type Kind = NonNullable<Parameters<typeof api.ledger.list.query>[0]['kind']>;

const DAYS = 30;
const DAY_MS = 86_400_000;

// A Record over the contract's kinds: one it adds fails the typecheck until it is named here.
const kindLabels: Record<Kind, string> = {
  send_debit: 'Send',
  send_refund: 'Refund of a send',
  funding_credit: 'Funding',
  number_purchase: 'Number bought',
  number_purchase_refund: 'Refund of a number',
  operator_credit: 'Credit',
  operator_debit: 'Debit',
};
const isKind = (value: string): value is Kind => Object.hasOwn(kindLabels, value);

/** The last 30 UTC days, oldest first, as YYYY-MM-DD: the usage report counts UTC days. */
function lastDays(now = Date.now()): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: DAYS }, (_, index) => new Date(today - (DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attributes: Record<string, string | number>, ...children: (Node | string)[]): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** A round number at least `value`, so the top of the axis reads well (1, 2, 5 x 10^n). */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * magnitude >= value) ?? 10) * magnitude;
}

type Bar = { day: string; value: number; label: string };

let chartCount = 0;

/**
 * A bar chart of one value per day over `days`, as plain SVG: named by its title and description,
 * axes labelled, and each bar (one per day that had activity) names its day and value when hovered
 * or focused, in its own tooltip and in the read-out under the chart.
 */
function barChart(options: {
  name: string;
  title: string;
  description: string;
  axis: string;
  days: string[];
  bars: Bar[];
  format: (value: number) => string;
  /** What the chart says when no day had activity. */
  none: string;
}): HTMLElement {
  chartCount += 1;
  const id = `chart-${chartCount}`;
  const [width, height] = [560, 230];
  const margin = { top: 16, right: 12, bottom: 44, left: 64 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const slot = plotWidth / options.days.length;
  const top = niceCeiling(Math.max(0, ...options.bars.map((bar) => bar.value)));
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const empty = options.bars.length === 0;
  const readout = h(
    'p',
    { class: 'chart-readout muted small', 'aria-live': 'polite' },
    empty ? options.none : 'Hover over or focus a bar for its value.',
  );

  // Values are whole (messages, cents): a half-way tick only where it is whole too, never "0, 1, 1".
  const ticks = [0, top / 2, top].filter((value) => Number.isInteger(value));
  const grid = ticks.map((value) =>
    svg(
      'g',
      { class: 'tick' },
      svg('line', { x1: margin.left, x2: width - margin.right, y1: y(value), y2: y(value) }),
      svg('text', { x: margin.left - 8, y: y(value) + 4, 'text-anchor': 'end' }, options.format(value)),
    ),
  );
  const xLabels = options.days
    .map((day, index) => ({ day, index }))
    // A label every week and one on the last day, none so close to it that the two overlap.
    .filter(({ index }) => (index % 7 === 0 && index < options.days.length - 4) || index === options.days.length - 1)
    .map(({ day, index }) =>
      svg(
        'text',
        { x: margin.left + slot * (index + 0.5), y: height - margin.bottom + 18, 'text-anchor': 'middle' },
        dayLabel(day),
      ),
    );
  const bars = options.bars.flatMap((bar) => {
    const index = options.days.indexOf(bar.day);
    if (index < 0) return [];
    const barTop = y(bar.value);
    const rect = svg(
      'rect',
      {
        class: 'bar',
        'data-day': bar.day,
        'data-value': bar.value,
        x: margin.left + slot * index + slot * 0.15,
        y: barTop,
        width: slot * 0.7,
        // A day with activity but nothing of this measure still shows a sliver to hover.
        height: Math.max(2, margin.top + plotHeight - barTop),
        tabindex: 0,
        role: 'img',
        'aria-label': bar.label,
      },
      svg('title', {}, bar.label),
    );
    const show = () => (readout.textContent = bar.label);
    rect.addEventListener('mouseenter', show);
    rect.addEventListener('focus', show);
    return [rect];
  });

  return h(
    'figure',
    { class: 'card chart', 'data-chart': options.name },
    svg(
      'svg',
      {
        viewBox: `0 0 ${width} ${height}`,
        role: 'group',
        'aria-labelledby': `${id}-title`,
        'aria-describedby': `${id}-desc`,
        preserveAspectRatio: 'xMidYMid meet',
      },
      svg('title', { id: `${id}-title` }, options.title),
      svg('desc', { id: `${id}-desc` }, options.description),
      ...grid,
      svg('line', {
        class: 'axis',
        x1: margin.left,
        x2: width - margin.right,
        y1: margin.top + plotHeight,
        y2: margin.top + plotHeight,
      }),
      ...xLabels,
      ...(empty
        ? [
            svg(
              'text',
              { class: 'chart-empty', x: margin.left + plotWidth / 2, y: margin.top + plotHeight / 2, 'text-anchor': 'middle' },
              'No usage yet',
            ),
          ]
        : []),
      svg('text', { class: 'axis-title', x: margin.left + plotWidth / 2, y: height - 6, 'text-anchor': 'middle' }, 'Day (UTC)'),
      svg(
        'text',
        {
          class: 'axis-title',
          x: -(margin.top + plotHeight / 2),
          y: 14,
          transform: 'rotate(-90)',
          'text-anchor': 'middle',
        },
        options.axis,
      ),
      ...bars,
    ),
    h('figcaption', {}, h('strong', {}, options.title), readout),
  );
}

function charts(periods: Period[]): HTMLElement[] {
  const days = lastDays();
  const byDay = periods.filter((period) => days.includes(period.period_start));
  const messages = byDay.reduce((sum, period) => sum + period.sent + period.inbound, 0);
  const spend = byDay.reduce((sum, period) => sum + period.cost_cents - period.refunds_cents, 0);
  const range = `${dayLabel(days[0] ?? '')} to ${dayLabel(days[days.length - 1] ?? '')}`;
  return [
    barChart({
      name: 'messages',
      title: 'Messages per day',
      description: `Messages sent and received each day from ${range}: ${messages} in all, on ${byDay.length} active days.`,
      axis: 'Messages',
      days,
      none: 'No messages sent or received in the last 30 days yet.',
      format: (value) => String(Math.round(value)),
      bars: byDay.map((period) => ({
        day: period.period_start,
        value: period.sent + period.inbound,
        label:
          `${dayLabel(period.period_start)}: ${period.sent} sent (${period.delivered} delivered, ${period.failed} failed), ` +
          `${period.inbound} received`,
      })),
    }),
    barChart({
      name: 'spend',
      title: 'Spend per day',
      description: `What sends cost each day from ${range}, refunds deducted: ${money(spend)} in all.`,
      axis: 'Spend (USD)',
      days,
      none: 'Nothing spent in the last 30 days yet.',
      format: (value) => money(Math.round(value)),
      bars: byDay.map((period) => ({
        day: period.period_start,
        value: Math.max(0, period.cost_cents - period.refunds_cents),
        label:
          `${dayLabel(period.period_start)}: ${money(period.cost_cents)} debited for ${period.segments} segments, ` +
          `${money(period.refunds_cents)} refunded`,
      })),
    }),
  ];
}

function ledgerRow(entry: Entry): HTMLTableRowElement {
  const about = entry.message_id
    ? h('a', { href: href(`messages/${entry.message_id}`) }, h('code', {}, entry.message_id))
    : entry.invoice_id
      ? h('code', {}, entry.invoice_id)
      : h('code', { class: 'muted' }, entry.reference);
  return h(
    'tr',
    { class: 'ledger-row', 'data-entry-id': entry.id },
    h('td', {}, kindLabels[entry.kind]),
    h('td', { class: entry.amount_cents < 0 ? 'amount debit' : 'amount credit' }, money(entry.amount_cents)),
    h('td', {}, money(entry.balance_after_cents)),
    h('td', { class: 'truncate' }, about),
    h('td', {}, time(entry.created_at)),
  );
}

export async function usagePage(main: HTMLElement): Promise<void> {
  const kindValue = new URLSearchParams(location.search).get('kind') ?? '';
  const kind = isKind(kindValue) ? kindValue : undefined;
  const summary = h('div');
  const chartsSlot = h('div', { class: 'charts' });
  const ledger = h('div');
  const kindFilter = select('kind', 'Kind', Object.entries(kindLabels), kind);
  kindFilter.addEventListener('change', () => {
    history.replaceState(null, '', `${location.pathname}${kindFilter.value ? `?kind=${kindFilter.value}` : ''}`);
    void usagePage(main);
  });
  main.replaceChildren(
    pageHeader('Usage', 'Your balance, what you sent and spent over the last 30 days, and every entry of the ledger.'),
    summary,
    h('h2', {}, 'Last 30 days'),
    chartsSlot,
    h('div', { class: 'section-head' }, h('h2', {}, 'Ledger'), kindFilter),
    ledger,
  );
  const days = lastDays();
  await Promise.all([
    loadInto(
      summary,
      () => api.balance.get.query({}),
      (balance) =>
        h(
          'dl',
          { class: 'summary card balance-summary' },
          h('div', {}, h('dt', {}, 'Balance'), h('dd', { 'data-testid': 'usage-balance' }, money(balance.balance_cents))),
          h('div', {}, h('dt', {}, 'Spent today (UTC)'), h('dd', {}, money(balance.spend_today_cents))),
          h('div', {}, h('dt', {}, 'Daily spend cap'), h('dd', {}, money(balance.spend_cap_cents))),
          h('div', {}, h('dt', {}, 'Left today'), h('dd', {}, money(balance.spend_remaining_today_cents))),
        ),
    ),
    loadInto(
      chartsSlot,
      () => api.usage.get.query({ from: days[0] ?? '', to: days[days.length - 1] ?? '', granularity: 'day' }),
      ({ periods }) => charts(periods),
    ),
    loadInto(
      ledger,
      () => api.ledger.list.query({ kind, limit: 25 }),
      (page) =>
        page.entries.length === 0
          ? empty(kind ? 'No entries of this kind' : 'No ledger entries yet', 'Funding, sends and refunds appear here.')
          : pagedTable(
              ['Kind', 'Amount', 'Balance after', 'For', 'When'],
              { items: page.entries, next_cursor: page.next_cursor },
              ledgerRow,
              async (cursor) => {
                const next = await api.ledger.list.query({ kind, limit: 25, cursor });
                return { items: next.entries, next_cursor: next.next_cursor };
              },
            ),
    ),
  ]);
}
