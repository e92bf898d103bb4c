import { act, errorMessage, httpStatusOf } from '../api.ts';
import { navigate } from '../router.ts';
import { setSession } from '../session.ts';
import { type Child, errorBox, h, loading, replace } from '../ui.ts';

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

export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  return h(
    'label',
    { class: 'field' },
    h('span', { class: 'label' }, label),
    control,
    hint ? h('span', { class: 'hint' }, hint) : null,
  );
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
