import { api } from '../api.ts';
import { type Child, empty, h, money, time } from '../ui.ts';
import { loadInto, pageHeader, table } from './common.ts';

type Invoice = Awaited<ReturnType<typeof api.billing.summary.query>>['invoices'][number];

/** Where the invoice stands: a paid invoice no longer expires, so it shows when it was paid instead. */
function payment(invoice: Invoice): Child[] {
  if (invoice.paid_at) return ['Paid ', time(invoice.paid_at)];
  if (invoice.status === 'open') return ['Expires ', time(invoice.expires_at)];
  if (invoice.status === 'expired') return ['Expired ', time(invoice.expires_at)];
  return ['Payment failed'];
}

export async function billingPage(main: HTMLElement): Promise<void> {
  const content = h('div');
  main.replaceChildren(
    pageHeader('Balance and invoices', 'Prepaid balance in US dollars; every send is debited from it when accepted.'),
    content,
  );
  await loadInto(
    content,
    () => api.billing.summary.query({}),
    (billing) => [
      h(
        'div',
        { class: 'card balance' },
        h('span', { class: 'muted' }, 'Balance'),
        h('strong', { 'data-testid': 'balance' }, money(billing.balance_cents)),
      ),
      h('h2', {}, 'Funding invoices'),
      billing.invoices.length === 0
        ? empty('No invoices yet', 'Create one with POST /api/v1/onboarding/funding-invoices.')
        : table(
            ['Invoice', 'Amount', 'Status', 'Created', 'Payment'],
            billing.invoices.map((invoice) =>
              h(
                'tr',
                { 'data-invoice-id': invoice.id },
                // hosted_url is the provider's checkout page; a browser gets it as a page to read and pay.
                h(
                  'td',
                  {},
                  h(
                    'a',
                    { href: invoice.hosted_url, target: '_blank', rel: 'noopener noreferrer', title: 'Open the checkout page' },
                    h('code', {}, invoice.id),
                  ),
                ),
                h('td', {}, `${money(invoice.amount_cents)} in ${invoice.currency}`),
                h(
                  'td',
                  {},
                  h(
                    'span',
                    {
                      class: `badge ${invoice.status === 'paid' ? 'succeeded' : invoice.status === 'open' ? 'pending' : 'failed'}`,
                    },
                    invoice.status,
                  ),
                ),
                h('td', {}, time(invoice.created_at)),
                h('td', { class: 'invoice-payment' }, ...payment(invoice)),
              ),
            ),
          ),
    ],
  );
}
