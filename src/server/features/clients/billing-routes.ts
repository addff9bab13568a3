import type { FastifyInstance } from 'fastify';
import { clientCancelInput, REFUND_LABELS, refundInput } from '../../../contract/clients/clients.js';
import { dollarsToCents } from '../../../contract/lib/money.js';
import { isUuid } from '../../db/ids.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { BillingService } from '../billing/index.js';

/** A client id and invoice id from the path: anything but a uuid is nobody. */
function ids(params: { id: string; invoiceId?: string }): { id: string; invoiceId: string } {
  if (!isUuid(params.id) || (params.invoiceId !== undefined && !isUuid(params.invoiceId)))
    throw new HttpError(404, 'There is no such client or invoice.');
  return { id: params.id, invoiceId: params.invoiceId ?? '' };
}

/**
 * The agency's side of a client's billing (employees only: registered through the guard, which
 * writes each change to the activity log): the subscription and invoices as the client sees them,
 * cancelling for the client, refunding a payment and resending a receipt. Cancelling and refunding
 * move money: they need the billing permission (the guard checks `permission`).
 */
export async function clientBillingRoutes(
  app: FastifyInstance,
  options: { billing: BillingService },
): Promise<void> {
  const { billing } = options;

  app.get<{ Params: { id: string } }>('/api/clients/:id/billing', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return billing.overview(ids(request.params).id);
  });

  const billingOnly = { config: { permission: 'billing' as const } };

  app.post<{ Params: { id: string } }>('/api/clients/:id/cancel', billingOnly, async (request) => {
    const { id } = ids(request.params);
    const { reason } = parseInput(clientCancelInput, request.body ?? {}, { reason: 'Reason' });
    request.activity = {
      action: 'cancel',
      subject: `client:${id}`,
      detail: { reason: reason ?? null },
    };
    return billing.cancel(id, reason?.trim() || undefined, 'team');
  });

  app.post<{ Params: { id: string; invoiceId: string } }>(
    '/api/clients/:id/invoices/:invoiceId/refund',
    billingOnly,
    async (request) => {
      const { id, invoiceId } = ids(request.params);
      const input = parseInput(refundInput, request.body, REFUND_LABELS);
      // Cents from the decimal string on the server (the regex bounds it): no floating point on money.
      const cents = dollarsToCents(input.amount)!;
      if (cents <= 0)
        throw new HttpError(400, 'The amount to refund must be more than 0.', [
          { field: 'amount', message: 'The amount to refund must be more than 0.' },
        ]);
      const refunded = await billing.refund(id, invoiceId, {
        amountCents: cents,
        reason: input.reason,
      });
      request.activity = {
        action: 'refund',
        subject: `invoice:${invoiceId}`,
        detail: { client: id, amount: input.amount, amountCents: cents, reason: input.reason },
      };
      return refunded;
    },
  );

  app.post<{ Params: { id: string; invoiceId: string } }>(
    '/api/clients/:id/invoices/:invoiceId/resend',
    async (request) => {
      const { id, invoiceId } = ids(request.params);
      request.activity = {
        action: 'resend-receipt',
        subject: `invoice:${invoiceId}`,
        detail: { client: id },
      };
      return { message: await billing.resendReceipt(id, invoiceId) };
    },
  );
}
