import { type Request, type Response, Router } from 'express';
import { AppError } from '@textline/contract';
import type { FundingInvoice } from '@textline/db';
import { toFundingInvoice } from '../domain/funding.ts';
import { sendError } from '../http/send-error.ts';
import type { Services } from '../ports.ts';
import { signWebhook } from '../provider-callbacks/signature.ts';
import { inboundWebhookSources } from '../provider-callbacks/sources.ts';
import { type IngestDeps, ingestProviderWebhook } from '../provider-callbacks/ingest.ts';
import { sandboxPaymentCompleted, sandboxPayLabel } from './sandboxpay.ts';
import { checkoutPagePolicy, renderCheckoutPage } from './sandboxpay-checkout-page.ts';

/**
 * The event a real payment of a sandbox invoice would produce: funding.completed, signed for the
 * funding webhook route. Through the verify-and-store ingestion (`ingestProviderWebhook(services,
 * payment.source, payment)`) the provider_event job reconciles it; paying twice is a duplicate.
 */
export function signedSandboxPayment(
  services: Pick<Services, 'inboundWebhooks' | 'clock'>,
  invoice: Pick<FundingInvoice, 'id' | 'sessionId' | 'amountCents'>,
) {
  const payload = sandboxPaymentCompleted(invoice);
  const source = inboundWebhookSources(services.inboundWebhooks).fundingEvents;
  return { payload, source, headers: signWebhook(source.key, payload, services.clock.now()) };
}

/**
 * The sandbox wallet's payment of an invoice (the checkout's pay action, and the sandbox_pay_invoice
 * tool): its signed funding.completed, verified and stored as the funding webhook route stores it.
 * The provider_event job reconciles it; a second payment of one invoice is a duplicate event.
 */
export function paySandboxInvoice(services: IngestDeps, invoice: Pick<FundingInvoice, 'id' | 'sessionId' | 'amountCents'>) {
  const payment = signedSandboxPayment(services, invoice);
  return ingestProviderWebhook(services, payment.source, payment);
}

/** A browser asks for a page (its Accept lists text/html first); agents and scripts get JSON. */
function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}

/**
 * GET /sandboxpay/checkout/<session>: what a hosted_url shows. A real provider hosts a wallet page
 * here; the sandbox shows a browser the invoice with a pay button, and tells an agent (JSON) how to
 * settle it. Unauthenticated like any hosted checkout: the unguessable session id is the capability.
 */
export function sandboxPayCheckoutRouter(services: Services): Router {
  const router = Router();
  const checkoutPath = (req: Request) => `/sandboxpay/checkout/${encodeURIComponent(String(req.params.sessionId))}`;
  async function invoiceOf(req: Request) {
    const row = await services.prisma.fundingInvoice.findUnique({ where: { sessionId: String(req.params.sessionId) } });
    if (!row) throw new AppError('not_found', { message: 'No sandboxpay checkout session with this id.' });
    return row;
  }
  // The sandbox wallet's "pay" button, so an agent can fund itself end to end with no operator.
  router.post('/sandboxpay/checkout/:sessionId/pay', async (req: Request, res: Response) => {
    try {
      const row = await invoiceOf(req);
      const acceptance = await paySandboxInvoice(services, row);
      // The page's pay button (a form post) comes back to the page, which says the payment was sent.
      if (wantsPage(req)) {
        res.redirect(303, `${checkoutPath(req)}?payment=sent`);
        return;
      }
      res.status(202).json({ invoice_id: row.id, session_id: row.sessionId, event: acceptance });
    } catch (error) {
      sendError(req, res, error);
    }
  });
  router.get('/sandboxpay/checkout/:sessionId', async (req: Request, res: Response) => {
    try {
      const row = await invoiceOf(req);
      const invoice = toFundingInvoice(row, services.clock.now());
      if (wantsPage(req)) {
        const page = renderCheckoutPage({
          provider: sandboxPayLabel,
          invoice,
          payPath: `${checkoutPath(req)}/pay`,
          paymentSent: req.query.payment === 'sent',
        });
        res.set('Content-Security-Policy', checkoutPagePolicy).type('html').send(page);
        return;
      }
      res.json({
        provider: sandboxPayLabel,
        sandbox: true,
        invoice: {
          id: invoice.id,
          status: invoice.status,
          amount_cents: invoice.amount_cents,
          currency: invoice.currency,
          network: invoice.network,
          pay_to: invoice.pay_to,
          expires_at: invoice.expires_at,
        },
        how_to_pay:
          `Sandbox invoices take no real payment: POST ${req.originalUrl.replace(/\/$/, '')}/pay settles this one ` +
          'with the signed funding.completed event a real provider would send (so does the operator command ' +
          `\`npm run admin -- mark-invoice-paid --invoice ${invoice.id}\`).`,
        pay: { method: 'POST', path: `${req.originalUrl.replace(/\/$/, '')}/pay` },
      });
    } catch (error) {
      sendError(req, res, error);
    }
  });
  return router;
}
