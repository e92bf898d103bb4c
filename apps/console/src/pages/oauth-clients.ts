import { api } from '../api.ts';
import { empty, h, time } from '../ui.ts';
import { dangerButton, loadInto, pageHeader, table } from './common.ts';

export async function oauthClientsPage(main: HTMLElement): Promise<void> {
  const list = h('div');
  const refresh = () =>
    loadInto(
      list,
      () => api.mcp.listOAuthClients.query({}),
      ({ oauth_clients: clients }) => {
        if (clients.length === 0) return empty('No OAuth clients', 'MCP clients you approve through OAuth appear here.');
        return table(
          ['Client', 'Scopes', 'Redirect URIs', 'Authorized', 'Last used', 'Action'],
          clients.map((client) => {
            const revoke = dangerButton(
              'Revoke',
              `Revoke ${client.client_name}? Its tokens stop working and it must ask for approval again.`,
              async () => {
                await api.mcp.revokeOAuthClient.mutate({ client_id: client.client_id });
                await refresh();
              },
              'Client revoked.',
            );
            return h(
              'tr',
              {},
              h('td', {}, h('strong', {}, client.client_name), h('br'), h('code', { class: 'muted small' }, client.client_id)),
              h('td', { class: 'scopes' }, ...client.scopes.map((scope) => h('span', { class: 'tag' }, scope))),
              h('td', { class: 'truncate' }, client.redirect_uris.join(', ')),
              h('td', {}, time(client.authorized_at)),
              h('td', {}, time(client.last_used_at)),
              h('td', {}, revoke),
            );
          }),
        );
      },
    );
  main.replaceChildren(pageHeader('OAuth clients', 'Agents and apps you allowed to act for you through MCP.'), list);
  await refresh();
}
