import type { FastifyInstance } from 'fastify';
import {
  cancelClientSubscription,
  clientCancelInput,
  getClientBilling,
  refundClientInvoice,
  REFUND_LABELS,
  refundInput,
  resendClientReceipt,
} from '../../../contract/clients/clients.js';
import { dollarsToCents } from '../../../contract/lib/money.js';
import { isUuid } from '../../db/ids.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { BillingService } from '../billing/index.js';

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

  // A client id and invoice id from the path: anything but a uuid is nobody (before the body is read).
  app.addHook('preHandler', async (request) => {
    const { id, invoiceId } = request.params as { id: string; invoiceId?: string };
    if (!isUuid(id) || (invoiceId !== undefined && !isUuid(invoiceId)))
      throw new HttpError(404, 'There is no such client or invoice.');
  });

  route(app, getClientBilling, {}, async ({ params }) => billing.overview(params.id!));

  const billingOnly = { permission: 'billing' as const };

  route(
    app,
    cancelClientSubscription,
    { body: clientCancelInput, labels: { reason: 'Reason' }, config: billingOnly },
    async ({ body: { reason }, params }, request) => {
      const id = params.id!;
      request.activity = {
        action: 'cancel',
        subject: `client:${id}`,
        detail: { reason: reason ?? null },
      };
      return billing.cancel(id, reason?.trim() || undefined, 'team');
    },
  );

  route(
    app,
    refundClientInvoice,
    { body: refundInput, labels: REFUND_LABELS, config: billingOnly },
    async ({ body: input, params }, request) => {
      const id = params.id!;
      const invoiceId = params.invoiceId!;
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

  route(app, resendClientReceipt, {}, async ({ params }, request) => {
    const id = params.id!;
    const invoiceId = params.invoiceId!;
    request.activity = {
      action: 'resend-receipt',
      subject: `invoice:${invoiceId}`,
      detail: { client: id },
    };
    return { message: await billing.resendReceipt(id, invoiceId) };
  });
}
