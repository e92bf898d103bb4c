import type { TFundingInvoice } from '@textline/contract';
import { escapeHtml, standalonePage } from '../lib/html.ts';

/** Only same-origin form posts, no scripts, no framing. */
export const checkoutPagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function dollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

function utc(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(new Date(iso).toUTCString())}</time>`;
}

/** Where the invoice stands, and what a person can do about it. */
function state(invoice: TFundingInvoice, payPath: string, paymentSent: boolean): string {
  if (invoice.status === 'paid') {
    return `<p class="state paid" role="status">Paid${invoice.paid_at ? ` on ${utc(invoice.paid_at)}` : ''}. The amount is in the workspace balance.</p>`;
  }
  if (invoice.status === 'expired')
    return `<p class="state closed" role="status">This invoice expired on ${utc(invoice.expires_at)}. Create a new one to add funds.</p>`;
  if (invoice.status === 'failed')
    return '<p class="state closed" role="status">The payment of this invoice failed. Create a new one to add funds.</p>';
  // The payment event is reconciled in the background: right after paying, the invoice may still read open.
  const sent = paymentSent
    ? '<p class="state sent" role="status">Payment sent. Reload this page in a moment to see the invoice paid.</p>'
    : '';
  return `${sent}<p>Open until ${utc(invoice.expires_at)}.</p>
<form method="post" action="${escapeHtml(payPath)}">
<button type="submit">Pay ${escapeHtml(dollars(invoice.amount_cents))} with the sandbox wallet</button>
</form>
<p class="muted">Sandbox invoices take no real payment: the button sends the signed payment event a real provider would send.</p>`;
}

/** What hosted_url shows a browser: the invoice, its state, and (while open) the sandbox wallet's pay button. */
export function renderCheckoutPage(page: {
  provider: string;
  invoice: TFundingInvoice;
  payPath: string;
  paymentSent: boolean;
}): string {
  const { invoice } = page;
  const provider = escapeHtml(page.provider);
  return standalonePage({
    title: `Invoice ${invoice.id} - ${page.provider} checkout`,
    maxWidth: '32rem',
    style: `dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; }
dt { color: #57534e; }
dd { margin: 0; overflow-wrap: anywhere; }
.state { padding: .5rem .75rem; border-radius: 4px; }
.paid { background: #dcfce7; color: #166534; }
.sent { background: #e0e7ff; color: #1e3a8a; }
.closed { background: #fee2e2; color: #991b1b; }
.muted { color: #57534e; font-size: .9rem; }
button { font: inherit; padding: .5rem 1rem; border-radius: 4px; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }`,
    main: `<h1>${provider} checkout (sandbox)</h1>
<dl>
<dt>Invoice</dt><dd><code>${escapeHtml(invoice.id)}</code></dd>
<dt>Amount</dt><dd><strong>${escapeHtml(dollars(invoice.amount_cents))}</strong>, paid in ${escapeHtml(invoice.currency)} on ${escapeHtml(invoice.network)}</dd>
<dt>Pay to</dt><dd><code>${escapeHtml(invoice.pay_to)}</code></dd>
<dt>Status</dt><dd id="invoice-status">${escapeHtml(invoice.status)}</dd>
</dl>
${state(invoice, page.payPath, page.paymentSent)}`,
  });
}
