import { act, api } from '../api.ts';
import { busy, empty, h, replace, time, toast } from '../ui.ts';
import { field, filtersToUrl, loadInto, pageHeader, pagedTable, select, showProblem } from './common.ts';

type Filters = Parameters<typeof api.suppressions.list.query>[0];
type Suppression = Awaited<ReturnType<typeof api.suppressions.list.query>>['suppressions'][number];
type Source = NonNullable<Filters['source']>;

// A Record over the contract's sources: one it adds fails the typecheck until it is named here.
export const sourceLabels: Record<Source, string> = {
  inbound_keyword: 'STOP reply',
  provider_event: 'Carrier opt-out',
  manual: 'Added by you',
  operator: 'Added by the operator',
};
export const isSource = (value: string): value is Source => Object.hasOwn(sourceLabels, value);

/** Why the workspace cannot lift an opt-out it did not add (the law carriers enforce). */
function notRemovableReason(suppression: Suppression): string {
  return suppression.source === 'operator'
    ? 'Only the service operator can lift this.'
    : 'The recipient opted out themselves: only they can lift it, by replying START to your number.';
}

function readFilters(): Filters {
  const query = new URLSearchParams(location.search);
  const source = query.get('source') ?? '';
  const active = query.get('active');
  return {
    phone_number: query.get('phone_number') || undefined,
    source: isSource(source) ? source : undefined,
    active: active === 'true' || active === 'false' ? active : undefined,
    limit: 25,
  };
}

export async function optOutsPage(main: HTMLElement): Promise<void> {
  const filters = readFilters();
  const list = h('div');
  const refresh = () =>
    loadInto(
      list,
      () => api.suppressions.list.query(filters),
      (page) =>
        page.suppressions.length === 0
          ? empty(
              filters.phone_number || filters.source || filters.active ? 'No opt-outs match' : 'No opt-outs yet',
              'Numbers appear here when someone replies STOP, a carrier reports an opt-out, or you add one.',
            )
          : pagedTable(
              ['Number', 'Status', 'Source', 'Reason', 'Added', 'Action'],
              { items: page.suppressions, next_cursor: page.next_cursor },
              (suppression) => row(suppression, () => void refresh()),
              async (cursor) => {
                const next = await api.suppressions.list.query({ ...filters, cursor });
                return { items: next.suppressions, next_cursor: next.next_cursor };
              },
            ),
    );

  const number = h('input', { name: 'phone_number', type: 'tel', required: true, placeholder: '+14155550100' });
  const reason = h('input', { name: 'reason', maxlength: 500, placeholder: 'Asked by email not to be texted' });
  const problem = h('div', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Add opt-out');
  const add = h(
    'form',
    { class: 'card form-card', 'aria-label': 'Add an opt-out' },
    h('h2', {}, 'Add an opt-out'),
    h('div', { class: 'two' }, field('Phone number', number), field('Reason', reason, 'Optional, for your records.')),
    problem,
    h('div', { class: 'actions' }, submit),
  );
  add.addEventListener('submit', (event) => {
    event.preventDefault();
    replace(problem);
    void busy(submit, async () => {
      try {
        const reasonText = reason.value.trim();
        await api.suppressions.create.mutate({
          phone_number: number.value.replace(/[\s().-]/g, ''),
          ...(reasonText ? { reason: reasonText } : {}),
        });
        toast('Opt-out added: every send to this number is refused.');
        add.reset();
        await refresh();
      } catch (error) {
        showProblem(problem, error);
      }
    });
  });

  const filterForm = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter opt-outs' },
    field('Phone number', h('input', { name: 'phone_number', type: 'search', value: filters.phone_number })),
    field('Source', select('source', 'Source', Object.entries(sourceLabels), filters.source)),
    field(
      'Status',
      select(
        'active',
        'Status',
        [
          ['true', 'Active'],
          ['false', 'Lifted'],
        ],
        filters.active,
      ),
    ),
  );
  const rerun = () => {
    filtersToUrl(filterForm);
    void optOutsPage(main);
  };
  filterForm.addEventListener('change', rerun);
  filterForm.addEventListener('submit', (event) => {
    event.preventDefault();
    rerun();
  });

  main.replaceChildren(
    pageHeader(
      'Opt-outs',
      'Numbers this workspace may not text: every send to them is refused, from the API, MCP, this console and campaigns.',
    ),
    add,
    filterForm,
    list,
  );
  await refresh();
}

function row(suppression: Suppression, refresh: () => void): HTMLTableRowElement {
  let action: HTMLElement;
  if (!suppression.active) {
    action = h('span', { class: 'muted small' }, 'Lifted ', time(suppression.updated_at));
  } else if (suppression.removable) {
    const lift = h('button', { type: 'button', class: 'danger small' }, 'Lift');
    lift.addEventListener('click', () => {
      if (!confirm(`Lift the opt-out of ${suppression.phone_number}? Sends to this number are then accepted again.`)) return;
      void act(
        lift,
        async () => {
          await api.suppressions.delete.mutate({ phone_number: suppression.phone_number });
          refresh();
        },
        'Opt-out lifted.',
      );
    });
    action = lift;
  } else {
    action = h('span', { class: 'not-removable small', role: 'note' }, notRemovableReason(suppression));
  }
  return h(
    'tr',
    { class: `suppression-row ${suppression.active ? 'active' : 'lifted'}`, 'data-phone-number': suppression.phone_number },
    h('td', {}, h('code', {}, suppression.phone_number)),
    h(
      'td',
      {},
      h('span', { class: `badge ${suppression.active ? 'failed' : 'pending'}` }, suppression.active ? 'Active' : 'Lifted'),
    ),
    h('td', {}, isSource(suppression.source) ? sourceLabels[suppression.source] : suppression.source),
    h('td', {}, suppression.reason ?? '—'),
    h('td', {}, time(suppression.created_at)),
    h('td', {}, action),
  );
}
