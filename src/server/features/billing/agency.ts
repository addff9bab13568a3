import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoices, payments } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { billingChangeMail, day, money } from './mails.js';
import { clientFacts, lockSubscription, queueMail, stripeOf, type ChangeContext } from './subject.js';

// What the agency's team does for a client from the Clients section: refund a payment, resend a receipt.

const NOT_FOUND = 'There is no such invoice for this client.';

async function invoiceOf(tx: Db, registrationId: string, invoiceId: string, lock: boolean) {
  const query = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.registrationId, registrationId)));
  const [invoice] = lock ? await query.for('update') : await query;
  if (!invoice) throw new HttpError(404, NOT_FOUND);
  return invoice;
}

/**
 * Gives a paid invoice back in full: a negative ledger row pointing at the payment (revenue drops
 * by as much), the invoice marked refunded, the client told; one transaction with the invoice
 * locked, so two clicks refund once. A Stripe payment is refunded through Stripe's refund API
 * first (idempotent per invoice); the ledger row carries Stripe's refund id.
 */
export async function refundInvoice(db: Db, ctx: ChangeContext, registrationId: string, invoiceId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await invoiceOf(tx, registrationId, invoiceId, true);
    if (invoice.status === 'refunded') throw new HttpError(409, `${invoice.number} is already refunded.`);
    if (invoice.status !== 'paid' || !invoice.paymentId) throw new HttpError(409, `${invoice.number} was not paid, so there is nothing to refund.`);
    const [paid] = await tx.select().from(payments).where(eq(payments.id, invoice.paymentId));
    if (!paid) throw new HttpError(409, `${invoice.number} has no payment to refund.`);
    let providerPaymentId = `refund:${invoice.id}`;
    if (paid.provider === 'stripe') {
      const sub = await lockSubscription(tx, invoice.subscriptionId);
      if (!sub) throw new HttpError(404, NOT_FOUND);
      const { stripe } = stripeOf(ctx, sub);
      const { refundId } = await stripe.refund({
        providerPaymentId: paid.providerPaymentId,
        amountCents: invoice.amountCents,
        idempotencyKey: `refund-${invoice.id}`,
      });
      providerPaymentId = refundId;
    }
    await tx.insert(payments).values({
      provider: paid.provider,
      providerPaymentId,
      providerCustomerId: paid.providerCustomerId,
      productId: paid.productId,
      amountCents: -invoice.amountCents,
      currency: invoice.currency,
      planId: paid.planId,
      registrationId: paid.registrationId,
      subscriptionId: paid.subscriptionId,
      customerEmail: paid.customerEmail,
      livemode: paid.livemode,
      paidAt: now,
      refundOfPaymentId: paid.id,
    });
    await tx.update(invoices).set({ status: 'refunded', refundedCents: invoice.amountCents }).where(eq(invoices.id, invoice.id));
    const sub = await lockSubscription(tx, invoice.subscriptionId);
    if (!sub) return;
    const { facts } = await clientFacts(tx, sub, ctx);
    const amount = money(invoice.amountCents, invoice.currency);
    await queueMail(tx, ctx, [
      billingChangeMail(
        ctx.mail,
        facts,
        `Refund of ${invoice.number}`,
        `We have refunded ${amount} for ${invoice.number}. It reaches your card in 5 to 10 business days.`,
      ),
    ]);
  });
}

/** E-mails a paid invoice's receipt to the client again (the address on the registration). */
export async function resendReceipt(db: Db, ctx: ChangeContext, registrationId: string, invoiceId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const invoice = await invoiceOf(tx, registrationId, invoiceId, false);
    if (invoice.status === 'failed') throw new HttpError(409, `${invoice.number} was not paid, so it has no receipt.`);
    const sub = await lockSubscription(tx, invoice.subscriptionId);
    if (!sub) throw new HttpError(404, NOT_FOUND);
    const { facts } = await clientFacts(tx, sub, ctx);
    const lines = [
      `Receipt ${invoice.number}: ${money(invoice.amountCents, invoice.currency)} for ${facts.planDisplayName}, paid on ${day(invoice.attemptedAt)}.`,
      invoice.cardLast4 ? `Card: ${invoice.cardBrand ?? 'card'} ending in ${invoice.cardLast4}.` : '',
      invoice.periodStart && invoice.periodEnd ? `Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}.` : '',
      invoice.status === 'refunded' ? `This payment was refunded (${money(invoice.refundedCents, invoice.currency)}).` : '',
    ].filter(Boolean);
    await queueMail(tx, ctx, [billingChangeMail(ctx.mail, facts, `Your receipt ${invoice.number}`, lines.join(' '))]);
    return `The receipt ${invoice.number} is on its way to ${facts.email}.`;
  });
}
