/** History-API routing under /console/. */

const base = '/console/';

export type Route = { name: string; params: Record<string, string> };

const patterns: { name: string; pattern: RegExp; keys: string[] }[] = [
  { name: 'sign-in', pattern: /^sign-in$/, keys: [] },
  { name: 'reset-password', pattern: /^reset-password$/, keys: [] },
  { name: 'sign-up', pattern: /^sign-up$/, keys: [] },
  { name: 'numbers', pattern: /^numbers$/, keys: [] },
  { name: 'sender-pools', pattern: /^sender-pools$/, keys: [] },
  { name: 'compliance', pattern: /^compliance$/, keys: [] },
  { name: 'messaging-settings', pattern: /^messaging-settings$/, keys: [] },
  { name: 'campaigns', pattern: /^campaigns$/, keys: [] },
  { name: 'campaign', pattern: /^campaigns\/([\w-]+)$/, keys: ['id'] },
  { name: 'endpoints', pattern: /^endpoints$/, keys: [] },
  { name: 'deliveries', pattern: /^deliveries$/, keys: [] },
  { name: 'delivery', pattern: /^deliveries\/([\w-]+)$/, keys: ['id'] },
  { name: 'event-types', pattern: /^event-types$/, keys: [] },
  { name: 'messages', pattern: /^(messages)?$/, keys: [] },
  { name: 'message', pattern: /^messages\/([\w-]+)$/, keys: ['id'] },
  { name: 'conversations', pattern: /^conversations$/, keys: [] },
  { name: 'conversation', pattern: /^conversations\/([\w-]+)$/, keys: ['id'] },
  { name: 'opt-outs', pattern: /^opt-outs$/, keys: [] },
  { name: 'approvals', pattern: /^approvals(?:\/([\w-]+))?$/, keys: ['id'] },
  { name: 'usage', pattern: /^usage$/, keys: [] },
  { name: 'tokens', pattern: /^tokens$/, keys: [] },
  { name: 'oauth-clients', pattern: /^oauth-clients$/, keys: [] },
  { name: 'billing', pattern: /^billing$/, keys: [] },
];

export function currentRoute(): Route {
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length).replace(/\/$/, '') : '';
  for (const { name, pattern, keys } of patterns) {
    const match = pattern.exec(path);
    if (match)
      return { name, params: Object.fromEntries(keys.map((key, index) => [key, decodeURIComponent(match[index + 1] ?? '')])) };
  }
  return { name: 'not-found', params: {} };
}

export function href(path: string): string {
  return `${base}${path}`;
}

let onChange: () => void = () => undefined;

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', href(path));
  else history.pushState(null, '', href(path));
  onChange();
}

/** Same-origin links inside the console navigate without a page load. */
export function startRouter(render: () => void): void {
  onChange = render;
  window.addEventListener('popstate', render);
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(base) || link.target) return;
    event.preventDefault();
    history.pushState(null, '', url.pathname + url.search);
    render();
  });
}
