import { api } from '../api.ts';
import { Empty, Field, Loaded, PageHeader, Problem, Table, Time, useAction, useLiveChanges, useQuery } from '../kit.tsx';
import { money } from '../ui.ts';

type Invoice = Awaited<ReturnType<typeof api.billing.summary.query>>['invoices'][number];

const statusBadges: Record<Invoice['status'], string> = {
  paid: 'succeeded',
  open: 'pending',
  expired: 'failed',
  failed: 'failed',
};

/** Where the invoice stands: a paid invoice no longer expires, so it shows when it was paid instead. */
function Payment({ invoice }: { invoice: Invoice }) {
  if (invoice.paid_at)
    return (
      <>
        Paid <Time iso={invoice.paid_at} />
      </>
    );
  if (invoice.status === 'open')
    return (
      <>
        Expires <Time iso={invoice.expires_at} />
      </>
    );
  if (invoice.status === 'expired')
    return (
      <>
        Expired <Time iso={invoice.expires_at} />
      </>
    );
  return <>Payment failed</>;
}

/** Balance and funding invoices: create one, pay it at its checkout, and watch it turn paid. */
export function BillingPage() {
  const billing = useQuery(() => api.billing.summary.query({}));
  // A payment is credited when the provider's event is reconciled, announced on the event stream.
  useLiveChanges(
    (change) => change.resource === 'invoice',
    () => void billing.reload(),
  );
  const create = useAction(async (amountCents: number) => {
    await api.onboarding.createFundingInvoice.mutate({ amount_cents: amountCents });
    await billing.reload();
  }, 'Invoice created: open its checkout to pay it.');

  return (
    <>
      <PageHeader
        title="Balance and invoices"
        description="Prepaid balance in US dollars; every send is debited from it when accepted."
      />
      <Loaded query={billing}>
        {(data) => (
          <>
            <div class="card balance">
              <span class="muted">Balance</span>
              <strong data-testid="balance">{money(data.balance_cents)}</strong>
            </div>
            <h2>Add funds</h2>
            <form
              class="filters"
              aria-label="Add funds"
              onSubmit={(event) => {
                event.preventDefault();
                const dollars = Number(new FormData(event.currentTarget).get('amount'));
                void create.run(Math.round(dollars * 100));
              }}
            >
              <Field label="Amount in US dollars" hint="Paid in stablecoin at the invoice's checkout page.">
                <input name="amount" type="number" inputMode="decimal" min="1" step="0.01" required />
              </Field>
              <div class="filter-actions">
                <button type="submit" class="primary" disabled={create.busy} aria-busy={create.busy}>
                  Create invoice
                </button>
              </div>
            </form>
            <Problem error={create.error} />
            <h2>Funding invoices</h2>
            {data.invoices.length === 0 ? (
              <Empty title="No invoices yet">Create one above, then pay it at its checkout.</Empty>
            ) : (
              <Table
                headings={['Invoice', 'Amount', 'Status', 'Created', 'Payment']}
                rows={data.invoices}
                rowKey={(invoice) => invoice.id}
                rowProps={(invoice) => ({ 'data-invoice-id': invoice.id })}
                cells={(invoice) => [
                  <>
                    <code>{invoice.id}</code>
                    {invoice.status === 'open' ? (
                      <>
                        {' '}
                        <a href={invoice.hosted_url} target="_blank" rel="noopener noreferrer">
                          Open checkout
                        </a>
                      </>
                    ) : null}
                  </>,
                  `${money(invoice.amount_cents)} in ${invoice.currency}`,
                  <span class={`badge ${statusBadges[invoice.status]}`}>{invoice.status}</span>,
                  <Time iso={invoice.created_at} />,
                  <span class="invoice-payment">
                    <Payment invoice={invoice} />
                  </span>,
                ]}
              />
            )}
          </>
        )}
      </Loaded>
    </>
  );
}
