import type { Scope } from '@textline/contract';
import { act, api } from '../api.ts';
import { busy, empty, h, money, replace, time, toast } from '../ui.ts';
import { field, loadInto, pageHeader, showProblem, table } from './common.ts';

type Token = Awaited<ReturnType<typeof api.tokens.list.query>>['tokens'][number];
type Tier = NonNullable<Token['send_rate_tier']>;

const origins: Record<string, string> = {
  account_creation: 'Account creation',
  api_key: 'API key',
  oauth: 'OAuth client',
  legacy_migration: 'Legacy key migration',
  delegated: 'Delegated',
};

// Every scope, as a Record so the typecheck fails when the contract adds one: the contract's list
// sits beside zod, which the console does not bundle. The console may grant each of them.
const scopes = Object.keys({
  'messages:read': 0,
  'messages:write': 0,
  'numbers:read': 0,
  'numbers:write': 0,
  'campaigns:read': 0,
  'campaigns:write': 0,
  'onboarding:read': 0,
  'onboarding:write': 0,
  'mcp:read': 0,
  'mcp:execute': 0,
  'billing:read': 0,
  'tokens:read': 0,
  'tokens:write': 0,
  'webhooks:read': 0,
  'webhooks:write': 0,
  'compliance:read': 0,
  'compliance:write': 0,
  'workspace:read': 0,
  'workspace:write': 0,
} satisfies Record<Scope, 0>) as Scope[];

// The send rate limit's plan tiers, lowest first, with their send bursts.
const tiers: Record<Tier, string> = {
  starter: 'Starter (bursts of 1)',
  growth: 'Growth (bursts of 5)',
  scale: 'Scale (bursts of 10)',
  enterprise: 'Enterprise (bursts of 20)',
};

const lifetimes: [string, string][] = [
  ['', 'The longest allowed'],
  ['3600', '1 hour'],
  ['86400', '1 day'],
  ['604800', '7 days'],
  ['2592000', '30 days'],
  ['7776000', '90 days'],
];

function state(token: Token): HTMLElement {
  if (token.status === 'revoked') return h('span', { class: 'badge failed' }, 'Revoked');
  if (token.status === 'expired') return h('span', { class: 'badge pending' }, 'Expired');
  return h('span', { class: 'badge succeeded' }, 'Active');
}

/** Every token of the workspace: the tree needs each parent, so every page of the list is read. */
async function allTokens(): Promise<Token[]> {
  const tokens: Token[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.tokens.list.query({ limit: 100, cursor });
    tokens.push(...page.tokens);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return tokens;
}

type TreeNode = { token: Token; depth: number; descendants: number };

/**
 * The tokens as a tree by parent_token_id, depth first, newest first among siblings. A token
 * whose parent is not in the list (no token created it) is a root.
 */
function tree(tokens: Token[]): TreeNode[] {
  const ids = new Set(tokens.map((token) => token.id));
  const children = new Map<string | null, Token[]>();
  for (const token of tokens) {
    const parent = token.parent_token_id && ids.has(token.parent_token_id) ? token.parent_token_id : null;
    children.set(parent, [...(children.get(parent) ?? []), token]);
  }
  const ordered: TreeNode[] = [];
  const visit = (token: Token, depth: number): number => {
    const node: TreeNode = { token, depth, descendants: 0 };
    ordered.push(node);
    for (const child of children.get(token.id) ?? []) node.descendants += 1 + visit(child, depth + 1);
    return node.descendants;
  };
  for (const root of children.get(null) ?? []) visit(root, 0);
  return ordered;
}

function spendCap(token: Token): string {
  if (token.spend_cap_cents_daily === null) return 'no spend cap';
  return `${money(token.spent_today_cents ?? 0)} of ${money(token.spend_cap_cents_daily)} today`;
}

function revokeButton(node: TreeNode, refresh: () => Promise<void>): HTMLButtonElement {
  const { token, descendants } = node;
  const name = token.name ?? token.id;
  const button = h('button', { type: 'button', class: 'danger small' }, 'Revoke');
  button.hidden = token.status === 'revoked';
  button.addEventListener('click', () => {
    const question = descendants
      ? `Revoke ${name} and the ${descendants} token${descendants === 1 ? '' : 's'} created from it? Anything using them stops working within seconds.`
      : `Revoke ${name}? Anything using it stops working within seconds.`;
    if (!confirm(question)) return;
    void act(button, async () => {
      const { revoked_token_ids: revoked } = await api.tokens.revoke.mutate({ id: token.id });
      toast(revoked.length === 1 ? 'Token revoked.' : `${revoked.length} tokens revoked.`);
      await refresh();
    });
  });
  return button;
}

/** A token holding every scope says so in one tag (the list names them on hover) rather than fifteen. */
function scopeTags(token: Token): HTMLElement[] {
  if (scopes.every((scope) => token.scopes.includes(scope))) {
    return [h('span', { class: 'tag', title: token.scopes.join(' ') }, 'all scopes')];
  }
  return token.scopes.map((scope) => h('span', { class: 'tag' }, scope));
}

function row(node: TreeNode, refresh: () => Promise<void>): HTMLTableRowElement {
  const { token, depth } = node;
  const name = h(
    'td',
    { class: 'token-name' },
    depth ? h('span', { class: 'branch', 'aria-hidden': 'true' }, '↳ ') : null,
    token.name ?? h('span', { class: 'muted' }, token.id),
    depth ? h('span', { class: 'visually-hidden' }, ` (created by another token, level ${depth + 1})`) : null,
  );
  // Through the CSSOM: the console's Content-Security-Policy refuses style attributes.
  name.style.setProperty('--depth', String(depth));
  return h(
    'tr',
    {
      'data-token-id': token.id,
      'data-parent-id': token.parent_token_id ?? undefined,
      'data-depth': depth,
      class: `token-row ${token.status}`,
    },
    name,
    h('td', {}, state(token)),
    h('td', {}, origins[token.origin] ?? token.origin),
    h('td', { class: 'scopes' }, ...scopeTags(token)),
    h(
      'td',
      { class: 'limits' },
      h('span', { class: 'spend-cap' }, spendCap(token)),
      h('br'),
      h('span', { class: 'muted small' }, `rate tier: ${token.send_rate_tier ?? "the workspace's"}`),
    ),
    h('td', {}, time(token.created_at)),
    h('td', {}, time(token.last_used_at)),
    h('td', {}, time(token.expires_at)),
    h('td', {}, revokeButton(node, refresh)),
  );
}

/** The secret of a token just created: shown this once, as the API shows it. */
function secretPanel(token: { name: string | null; access_token: string }): HTMLElement {
  const copy = h('button', { type: 'button', class: 'secondary small' }, 'Copy');
  // navigator.clipboard is undefined outside secure contexts, which the DOM types leave out.
  copy.addEventListener(
    'click',
    () =>
      void (navigator.clipboard as Clipboard | undefined)?.writeText(token.access_token).then(
        () => toast('Token copied.'),
        () => toast('Copy failed; select the text instead.', 'error'),
      ),
  );
  return h(
    'div',
    { class: 'card secret new-token', role: 'status' },
    h('strong', {}, `${token.name ?? 'Token'} created. Copy it now: it is not shown again.`),
    h('code', { class: 'secret-value', 'data-testid': 'new-token-secret' }, token.access_token),
    h('div', { class: 'actions' }, copy),
  );
}

function createForm(done: (created?: { name: string | null; access_token: string }) => void): HTMLFormElement {
  const name = h('input', { name: 'name', required: true, maxlength: 100, placeholder: 'Reminder sub-agent' });
  const boxes = scopes.map((scope) => ({
    scope,
    input: h('input', { type: 'checkbox', name: 'scopes', value: scope, checked: scope === 'messages:read' }),
  }));
  const lifetime = h(
    'select',
    { name: 'expires_in_seconds' },
    ...lifetimes.map(([value, label]) => h('option', { value }, label)),
  );
  const cap = h('input', {
    name: 'spend_cap',
    type: 'number',
    min: 0,
    step: '0.01',
    inputmode: 'decimal',
    placeholder: 'No cap',
  });
  const tier = h(
    'select',
    { name: 'send_rate_tier' },
    h('option', { value: '' }, "The workspace's tier"),
    ...Object.entries(tiers).map(([value, label]) => h('option', { value }, label)),
  );
  const problem = h('div', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Create token');
  const cancel = h('button', { type: 'button', class: 'secondary', onclick: () => done() }, 'Cancel');
  const form = h(
    'form',
    { class: 'card form-card', 'aria-label': 'New token' },
    h('h2', {}, 'New token'),
    field('Name', name, 'What it is for: a sub-agent, a service, a script.'),
    h(
      'fieldset',
      { class: 'events' },
      h('legend', {}, 'Scopes'),
      h('p', { class: 'hint' }, 'Only what it needs: a write scope includes reading the same resource.'),
      h(
        'div',
        { class: 'checks' },
        ...boxes.map(({ scope, input }) => h('label', { class: 'check' }, input, h('code', {}, scope))),
      ),
    ),
    h(
      'div',
      { class: 'two' },
      field('Expires in', lifetime),
      field('Daily spend cap (USD)', cap, "Its sends may cost at most this per UTC day, beside the workspace's cap."),
      field('Send rate tier', tier, "At most the workspace's plan."),
    ),
    problem,
    h('div', { class: 'actions' }, submit, cancel),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    replace(problem);
    const chosen = boxes.filter(({ input }) => input.checked).map(({ scope }) => scope);
    const capCents = cap.value.trim() === '' ? undefined : Math.round(Number(cap.value) * 100);
    void busy(submit, async () => {
      try {
        const { token } = await api.tokens.create.mutate({
          name: name.value.trim(),
          scopes: chosen,
          ...(lifetime.value ? { expires_in_seconds: Number(lifetime.value) } : {}),
          ...(capCents !== undefined ? { spend_cap_cents_daily: capCents } : {}),
          ...(tier.value ? { send_rate_tier: tier.value as Tier } : {}),
        });
        done(token);
      } catch (error) {
        showProblem(problem, error);
      }
    });
  });
  return form;
}

export async function tokensPage(main: HTMLElement): Promise<void> {
  const formSlot = h('div');
  const list = h('div');
  const create = h('button', { type: 'button', class: 'primary' }, 'Create token');
  const refresh = () =>
    loadInto(list, allTokens, (tokens) => {
      if (tokens.length === 0) return empty('No API tokens', 'Create one with Create token or POST /api/v1/tokens.');
      return table(
        ['Name', 'Status', 'Origin', 'Scopes', 'Limits', 'Created', 'Last used', 'Expires', 'Action'],
        tree(tokens).map((node) => row(node, refresh)),
      );
    });
  create.addEventListener('click', () => {
    create.hidden = true;
    formSlot.replaceChildren(
      createForm((created) => {
        create.hidden = false;
        formSlot.replaceChildren(created ? secretPanel(created) : '');
        if (created) void refresh();
      }),
    );
    formSlot.querySelector('input')?.focus();
  });
  main.replaceChildren(
    pageHeader(
      'API tokens',
      'Bearer tokens (txt_…) of this workspace, each under the token that created it. The secret is shown only when a token is created.',
      create,
    ),
    formSlot,
    list,
  );
  await refresh();
}
