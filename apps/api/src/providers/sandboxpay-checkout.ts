import { type Request, type Response, Router } from 'express';
import { AppError } from '@textline/contract';
import { toFundingInvoice } from '../domain/funding.ts';
import { sendError } from '../http/send-error.ts';
import type { Services } from '../services.ts';
import { sandboxPayLabel } from './sandboxpay.ts';

/**
 * GET /sandboxpay/checkout/<session>: what a hosted_url shows. A real provider hosts a wallet page
 * here; the sandbox describes the invoice and how an operator settles it. Unauthenticated like any
 * hosted checkout: the unguessable session id is the capability.
 */
export function sandboxPayCheckoutRouter(services: Pick<Services, 'prisma' | 'clock'>): Router {
  const router = Router();
  router.get('/sandboxpay/checkout/:sessionId', async (req: Request, res: Response) => {
    try {
      const row = await services.prisma.fundingInvoice.findUnique({ where: { sessionId: String(req.params.sessionId) } });
      if (!row) throw new AppError('not_found', { message: 'No sandboxpay checkout session with this id.' });
      const invoice = toFundingInvoice(row, services.clock.now());
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
          'Sandbox invoices take no real payment. The operator settles one with ' +
          `\`npm run admin -- mark-invoice-paid --invoice ${invoice.id} --url <service base URL>\`, which sends the ` +
          'signed funding.completed event a real provider would.',
      });
    } catch (error) {
      sendError(req, res, error);
    }
  });
  return router;
}
