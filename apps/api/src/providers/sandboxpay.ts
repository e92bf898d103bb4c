import { newId, sha256Hex } from '../lib/crypto.ts';
import type { Clock } from '../lib/clock.ts';
import type { FundingProvider } from '../ports.ts';

export const sandboxPayLabel = 'sandboxpay';

/**
 * The default funding provider: stablecoin-style invoices that no chain ever
 * sees. An invoice is paid only by a signed `funding.completed` event on the real ingestion path
 * (the operator CLI's mark-invoice-paid sends one), so the sandbox exercises the same reconciliation
 * as a real provider.
 */
export function createSandboxPayProvider(options: {
  clock: Clock;
  /** Where this service answers (PUBLIC_BASE_URL or the listening address): hosted_url points at our checkout route. */
  baseUrl: () => string;
  invoiceTtlMs: number;
}): FundingProvider {
  return {
    label: sandboxPayLabel,
    async createSession({ invoiceId }) {
      const sessionId = newId('sps');
      return {
        sessionId,
        currency: 'USDC',
        network: 'base',
        // Deterministic per invoice and shaped like an EVM address, so clients can parse it; nobody holds its key.
        payTo: `0x${sha256Hex(`sandboxpay:${invoiceId}`).slice(0, 40)}`,
        hostedUrl: `${options.baseUrl().replace(/\/+$/, '')}/sandboxpay/checkout/${sessionId}`,
        expiresAt: new Date(options.clock.now() + options.invoiceTtlMs),
      };
    },
  };
}

/**
 * The notification sandboxpay sends when an invoice is paid, in the funding provider's payload (payloads.ts).
 * The default event id is fixed per invoice, so reporting one payment twice is a duplicate event.
 */
export function sandboxPaymentCompleted(
  invoice: { id: string; sessionId: string; amountCents: number },
  eventId = `spevt_paid_${invoice.id}`,
) {
  return {
    event: 'funding.completed',
    event_id: eventId,
    session_id: invoice.sessionId,
    amount_cents: invoice.amountCents,
    metadata: { invoice_id: invoice.id },
  };
}
