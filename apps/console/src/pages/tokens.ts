import { api } from '../api.ts';
import { empty, h, time } from '../ui.ts';
import { dangerButton, loadInto, pageHeader, table } from './common.ts';

type Token = Awaited<ReturnType<typeof api.apiTokens.list.query>>['tokens'][number];

const origins: Record<string, string> = {
  account_creation: 'Account creation',
  api_key: 'API key',
  oauth: 'OAuth client',
  legacy_migration: 'Legacy key migration',
};

function state(token: Token): HTMLElement {
  if (token.revoked_at) return h('span', { class: 'badge failed' }, 'Revoked');
  if (new Date(token.expires_at).getTime() <= Date.now()) return h('span', { class: 'badge pending' }, 'Expired');
  return h('span', { class: 'badge succeeded' }, 'Active');
}

export async function tokensPage(main: HTMLElement): Promise<void> {
  const list = h('div');
  const refresh = () =>
    loadInto(
      list,
      () => api.apiTokens.list.query({}),
      ({ tokens }) => {
        if (tokens.length === 0) return empty('No API tokens', 'Create one with POST /api/v1/onboarding/api-key.');
        return table(
          ['Name', 'Status', 'Origin', 'Scopes', 'Created', 'Last used', 'Expires', ''],
          tokens.map((token) => {
            const revoke = dangerButton(
              'Revoke',
              `Revoke ${token.name ?? token.id}? Anything using it stops working within seconds.`,
              async () => {
                await api.apiTokens.revoke.mutate({ id: token.id });
                await refresh();
              },
              'Token revoked.',
            );
            revoke.hidden = Boolean(token.revoked_at);
            return h(
              'tr',
              { 'data-token-id': token.id },
              h('td', {}, token.name ?? h('span', { class: 'muted' }, token.id)),
              h('td', {}, state(token)),
              h('td', {}, origins[token.origin] ?? token.origin),
              h('td', { class: 'scopes' }, ...token.scopes.map((scope) => h('span', { class: 'tag' }, scope))),
              h('td', {}, time(token.created_at)),
              h('td', {}, time(token.last_used_at)),
              h('td', {}, time(token.expires_at)),
              h('td', {}, revoke),
            );
          }),
        );
      },
    );
  main.replaceChildren(
    pageHeader('API tokens', 'Bearer tokens (txt_…) of this workspace. The secret is shown only when a token is created.'),
    list,
  );
  await refresh();
}
