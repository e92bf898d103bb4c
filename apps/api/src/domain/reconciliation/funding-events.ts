import { publishAfterCommit, type JobTransaction } from '../../jobs/enqueue.ts';
import { ZFundingEvent } from './payloads.ts';
import { postLedgerEntry } from '../ledger.ts';
import type { ReconcileResult, StoredProviderEvent } from './types.ts';

/**
 * funding.completed pays the invoice and credits the ledger once per session (the credit's unique
 * reference `funding:<session_id>`), also when it arrives after the invoice expired or failed: the
 * money was received. funding.failed / funding.expired only move an open invoice, for operator
 * review; a paid invoice never goes back.
 */
export async function reconcileFundingEvent(tx: JobTransaction, stored: StoredProviderEvent, at: Date): Promise<ReconcileResult> {
  const parsed = ZFundingEvent.safeParse(stored.payload);
  if (!parsed.success || !parsed.data.session_id) return 'ignored';
  const event = parsed.data;
  const invoice = await tx.fundingInvoice.findUnique({ where: { sessionId: event.session_id } });
  if (!invoice) return 'ignored';

  switch (event.event) {
    case 'funding.completed': {
      if (invoice.status !== 'paid') {
        await tx.fundingInvoice.update({ where: { id: invoice.id }, data: { status: 'paid', paidAt: at, updatedAt: at } });
      }
      // The provider reports what was actually paid; the invoice amount stands in when it does not.
      await postLedgerEntry(tx, {
        workspaceId: invoice.workspaceId,
        amountCents: event.amount_cents ?? invoice.amountCents,
        kind: 'funding_credit',
        reference: `funding:${invoice.sessionId}`,
        reason: `funding invoice ${invoice.id} paid`,
        invoiceId: invoice.id,
      });
      publishAfterCommit(tx, invoice.workspaceId, { resource: 'invoice', id: invoice.id, status: 'paid' });
      return 'processed';
    }
    case 'funding.failed':
    case 'funding.expired': {
      const status = event.event === 'funding.failed' ? 'failed' : 'expired';
      await tx.fundingInvoice.updateMany({ where: { id: invoice.id, status: 'open' }, data: { status, updatedAt: at } });
      return 'processed';
    }
    default:
      return 'ignored';
  }
}
