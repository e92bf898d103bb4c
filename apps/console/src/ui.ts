/** A tiny DOM layer: enough for forms, tables and states without a framework. */

export type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined | null | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

export function loading(label = 'Loading…'): HTMLElement {
  return h('div', { class: 'state', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), label);
}

export function empty(title: string, hint?: Child): HTMLElement {
  return h('div', { class: 'state empty' }, h('strong', {}, title), hint ? h('p', {}, hint) : null);
}

export function errorBox(message: string, retry?: () => void): HTMLElement {
  return h(
    'div',
    { class: 'state error', role: 'alert' },
    h('strong', {}, 'Something went wrong'),
    h('p', {}, message),
    retry ? h('button', { type: 'button', class: 'secondary', onclick: retry }, 'Try again') : null,
  );
}

/** "1 message", "2 messages". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** Preformatted text that may scroll sideways: focusable, so a keyboard can scroll it too. */
export function codeBlock(text: string, className?: string): HTMLPreElement {
  return h('pre', { class: className, tabindex: 0 }, text);
}

const deliveryStatusLabels: Record<string, string> = { succeeded: 'Succeeded', failed: 'Failed', pending: 'Pending' };

/** How soon an instant comes, in a few characters: "in 5 min", "now". */
function shortWait(iso: string): string {
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  if (seconds <= 0) return 'now';
  if (seconds < 60) return `in ${seconds} s`;
  if (seconds < 3_600) return `in ${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `in ${Math.round(seconds / 3_600)} h`;
  return `in ${plural(Math.round(seconds / 86_400), 'day')}`;
}

/** A webhook delivery's status; a failed one with a retry scheduled is a warning, not a final failure. */
export function deliveryStatusBadge(delivery: { status: string; next_retry: string | null }): HTMLElement {
  if (delivery.status === 'failed' && delivery.next_retry) {
    return h('span', { class: 'badge retrying' }, `Failed, retrying ${shortWait(delivery.next_retry)}`);
  }
  return h('span', { class: `badge ${delivery.status}` }, deliveryStatusLabels[delivery.status] ?? delivery.status);
}

export function codeBadge(code: number | null): HTMLElement {
  if (code === null) return h('span', { class: 'code none' }, '—');
  return h('span', { class: `code ${code >= 200 && code < 300 ? 'ok' : 'bad'}` }, String(code));
}

/**
 * Every time the console shows: relative ("3 minutes ago", or `label`), the absolute time on hover
 * (title) and machine-readable (datetime).
 */
export function time(iso: string | null, label?: string): HTMLElement | string {
  if (!iso) return '—';
  const date = new Date(iso);
  return h('time', { datetime: iso, title: date.toUTCString() }, label ?? relative(date));
}

/** When the next automatic attempt runs; one that is due is about to run. */
export function retryTime(iso: string): HTMLElement | string {
  return time(iso, new Date(iso).getTime() <= Date.now() ? 'due now' : undefined);
}

export function relative(date: Date): string {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return date.toISOString();
}

export function money(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.length === 3 ? currency : 'USD' }).format(
    cents / 100,
  );
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** A short message at the bottom of the screen (role=status, so screen readers announce it). */
export function toast(message: string, kind: 'ok' | 'error' = 'ok'): void {
  let box = document.getElementById('toast');
  if (!box) {
    box = h('div', { id: 'toast', role: 'status' });
    document.body.appendChild(box);
  }
  box.className = `toast ${kind} visible`;
  box.textContent = message;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove('visible'), 4000);
}

/** Disables a button while its action runs, so a double click cannot send twice. */
export async function busy<T>(button: HTMLButtonElement, action: () => Promise<T>): Promise<T | undefined> {
  const label = button.textContent;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    return await action();
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    button.textContent = label;
  }
}
