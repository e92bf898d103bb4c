import { api } from '../api.ts';
import { empty, h, money, time } from '../ui.ts';
import { loadInto, pageHeader, table } from './common.ts';

export async function billingPage(main: HTMLElement): Promise<void> {
  const content = h('div');
  main.replaceChildren(pageHeader('Balance and invoices', 'Prepaid balance in cents; every send debits it when accepted.'), content);
  await loadInto(content, () => api.billing.summary.query({}), (billing) => [
    h('div', { class: 'card balance' }, h('span', { class: 'muted' }, 'Balance'), h('strong', { 'data-testid': 'balance' }, money(billing.balance_cents))),
    h('h2', {}, 'Funding invoices'),
    billing.invoices.length === 0
      ? empty('No invoices yet', 'Create one with POST /api/v1/onboarding/funding-invoices.')
      : table(
          ['Invoice', 'Amount', 'Status', 'Created', 'Expires', 'Paid'],
          billing.invoices.map((invoice) =>
            h(
              'tr',
              {},
              h('td', {}, h('a', { href: invoice.hosted_url, target: '_blank', rel: 'noopener noreferrer' }, h('code', {}, invoice.id))),
              h('td', {}, `${money(invoice.amount_cents)} ${invoice.currency}`),
              h('td', {}, h('span', { class: `badge ${invoice.status === 'paid' ? 'succeeded' : invoice.status === 'open' ? 'pending' : 'failed'}` }, invoice.status)),
              h('td', {}, time(invoice.created_at)),
              h('td', {}, time(invoice.expires_at)),
              h('td', {}, time(invoice.paid_at)),
            ),
          ),
        ),
  ]);
}
