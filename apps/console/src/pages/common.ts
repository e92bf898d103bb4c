import { act, errorFix, errorMessage, httpStatusOf } from '../api.ts';
import { navigate } from '../router.ts';
import { setSession } from '../session.ts';
import { busy, type Child, errorBox, h, loading, replace, toast } from '../ui.ts';

export function pageHeader(title: string, description: Child, ...actions: Child[]): HTMLElement {
  return h(
    'div',
    { class: 'page-header' },
    h('div', {}, h('h1', {}, title), description ? h('p', { class: 'muted' }, description) : null),
    actions.length ? h('div', { class: 'actions' }, ...actions) : null,
  );
}

/** Loading, then the content or an error with a retry; an expired session goes back to sign-in. */
export async function loadInto<T>(
  container: HTMLElement,
  fetch: () => Promise<T>,
  show: (data: T) => Child | Child[],
): Promise<void> {
  replace(container, loading());
  try {
    const data = await fetch();
    replace(container, ...[show(data)].flat());
  } catch (error) {
    if (httpStatusOf(error) === 401) {
      setSession(null);
      navigate('sign-in', { replace: true });
      return;
    }
    replace(
      container,
      errorBox(errorMessage(error), () => void loadInto(container, fetch, show)),
    );
  }
}

/**
 * Shows fresh data in `container` without the loading state between (a live update): focus and
 * scroll stay where they are, and a failed read leaves what was shown.
 */
export async function refreshInto<T>(
  container: HTMLElement,
  fetch: () => Promise<T>,
  show: (data: T) => Child | Child[],
): Promise<void> {
  const data = await fetch();
  if (container.isConnected) replace(container, ...[show(data)].flat());
}

export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  return h(
    'label',
    { class: 'field' },
    h('span', { class: 'label' }, label),
    control,
    hint ? h('span', { class: 'hint' }, hint) : null,
  );
}

/** A filter's drop-down: "Any <label>" first, then the options, `value` selected. */
export function select(name: string, label: string, options: [string, string][], value: string | undefined): HTMLSelectElement {
  return h(
    'select',
    { name, 'aria-label': label },
    h('option', { value: '' }, `Any ${label.toLowerCase()}`),
    ...options.map(([optionValue, text]) => h('option', { value: optionValue, selected: optionValue === value }, text)),
  );
}

/** Keeps a filter form's values in the address bar, so a filtered list can be reloaded and shared. */
export function filtersToUrl(form: HTMLFormElement): void {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim()) query.set(name, value.trim());
  history.replaceState(null, '', `${location.pathname}${query.size ? `?${query}` : ''}`);
}

/** Shows a failed call in a form's alert: the API's message, then what the error catalogue says to do. */
export function showProblem(problem: HTMLElement, error: unknown): void {
  const fix = errorFix(error);
  replace(
    problem,
    h('span', { class: 'problem-message' }, errorMessage(error)),
    fix ? h('span', { class: 'fix' }, h('strong', {}, 'How to fix it: '), fix) : null,
  );
}

export type ListPage<T> = { items: T[]; next_cursor: string | null };

/**
 * A keyset-paged table: the first page, then "Load more" appends the page after the last cursor
 * until the list has no next_cursor.
 */
export function pagedTable<T>(
  headings: string[],
  first: ListPage<T>,
  row: (item: T) => HTMLTableRowElement,
  next: (cursor: string) => Promise<ListPage<T>>,
): HTMLElement[] {
  const rendered = table(headings, first.items.map(row));
  const body = rendered.querySelector('tbody');
  if (!body) throw new Error('table() renders a tbody');
  let cursor = first.next_cursor;
  const more = h('button', { type: 'button', class: 'secondary wide', hidden: !cursor }, 'Load more');
  more.addEventListener(
    'click',
    () =>
      void busy(more, async () => {
        if (!cursor) return;
        try {
          const page = await next(cursor);
          body.append(...table(headings, page.items.map(row)).querySelectorAll('tbody tr'));
          cursor = page.next_cursor;
          more.hidden = !cursor;
        } catch (error) {
          toast(errorMessage(error), 'error');
        }
      }),
  );
  return [rendered, more];
}

/** A table that becomes stacked cards on a phone (labels come from data-label). */
export function table(headings: string[], rows: HTMLTableRowElement[]): HTMLElement {
  for (const row of rows) {
    [...row.cells].forEach((cell, index) => cell.setAttribute('data-label', headings[index] ?? ''));
  }
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'responsive' },
      h('thead', {}, h('tr', {}, ...headings.map((text) => h('th', { scope: 'col' }, text)))),
      h('tbody', {}, ...rows),
    ),
  );
}

/** A destructive action: asks first, then runs with the button busy and reports the outcome. */
export function dangerButton(
  label: string,
  question: string,
  action: () => Promise<unknown>,
  success: string,
): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'danger small' }, label);
  button.addEventListener('click', () => {
    if (confirm(question)) void act(button, action, success);
  });
  return button;
}
