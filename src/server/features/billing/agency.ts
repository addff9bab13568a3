import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoices, payments } from '../../db/schema.js';
import { formatCents } from '../../../contract/lib/money.js';
import { HttpError } from '../../http/errors.js';
import type { MailWords } from '../notifications/index.js';
import { billingChangeMail } from './mails.js';
import {
  clientFacts,
  lockSubscription,
  queueMail,
  stripeOf,
  type ChangeContext,
} from './subject.js';

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

/** A refund the team asked for: how much (cents, more than 0) and why (for the activity log). */
export interface Refund {
  amountCents: number;
  reason: string;
}

/**
 * Gives (part of) a paid invoice back: a negative ledger row of the amount pointing at the payment
 * (revenue drops by as much), the invoice refunded once nothing is left of it, the client told; one
 * transaction with the invoice locked, so two clicks never give back more than was paid. A Stripe
 * payment is refunded through Stripe's refund API first (idempotent per invoice, step and amount);
 * the ledger row carries Stripe's refund id.
 */
export async function refundInvoice(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
  invoiceId: string,
  refund: Refund,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await invoiceOf(tx, registrationId, invoiceId, true);
    if (invoice.status === 'refunded')
      throw new HttpError(409, `${invoice.number} is already refunded.`);
    if (invoice.status !== 'paid' || !invoice.paymentId)
      throw new HttpError(409, `${invoice.number} was not paid, so there is nothing to refund.`);
    const left = invoice.amountCents - invoice.refundedCents;
    const amount = refund.amountCents;
    if (!(amount > 0 && amount <= left)) {
      const message = `At most ${formatCents(left, invoice.currency)} of ${invoice.number} is left to refund.`;
      throw new HttpError(400, message, [{ field: 'amount', message }]);
    }
    const [paid] = await tx.select().from(payments).where(eq(payments.id, invoice.paymentId));
    if (!paid) throw new HttpError(409, `${invoice.number} has no payment to refund.`);
    // One ledger row per refund: the step (what was refunded before) tells them apart.
    let providerPaymentId = `refund:${invoice.id}:${invoice.refundedCents}`;
    if (paid.provider === 'stripe') {
      const sub = await lockSubscription(tx, invoice.subscriptionId);
      if (!sub) throw new HttpError(404, NOT_FOUND);
      const { stripe } = stripeOf(ctx, sub);
      const { refundId } = await stripe.refund({
        providerPaymentId: paid.providerPaymentId,
        amountCents: amount,
        idempotencyKey: `refund-${invoice.id}-${invoice.refundedCents}-${amount}`,
      });
      providerPaymentId = refundId;
    }
    await tx.insert(payments).values({
      provider: paid.provider,
      providerPaymentId,
      providerCustomerId: paid.providerCustomerId,
      productId: paid.productId,
      amountCents: -amount,
      currency: invoice.currency,
      planId: paid.planId,
      registrationId: paid.registrationId,
      subscriptionId: paid.subscriptionId,
      customerEmail: paid.customerEmail,
      livemode: paid.livemode,
      paidAt: now,
      refundOfPaymentId: paid.id,
    });
    const refundedCents = invoice.refundedCents + amount;
    await tx
      .update(invoices)
      .set({ status: refundedCents === invoice.amountCents ? 'refunded' : 'paid', refundedCents })
      .where(eq(invoices.id, invoice.id));
    const sub = await lockSubscription(tx, invoice.subscriptionId);
    if (!sub) return;
    const { facts } = await clientFacts(tx, sub, ctx);
    const number = invoice.number;
    await queueMail(tx, ctx, [
      billingChangeMail(
        ctx.mail,
        facts,
        (w) => w.t('refund.subject', { number }),
        (w) => w.t('refund.text', { number, amount: w.money(amount, invoice.currency) }),
      ),
    ]);
  });
}

/** E-mails a paid invoice's receipt to the client again (the address on the registration). */
export async function resendReceipt(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
  invoiceId: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const invoice = await invoiceOf(tx, registrationId, invoiceId, false);
    if (invoice.status === 'failed')
      throw new HttpError(409, `${invoice.number} was not paid, so it has no receipt.`);
    const sub = await lockSubscription(tx, invoice.subscriptionId);
    if (!sub) throw new HttpError(404, NOT_FOUND);
    const { facts } = await clientFacts(tx, sub, ctx);
    const { number, periodStart, periodEnd } = invoice;
    // Whole sentences, each in the client's language, one after the other.
    const receipt = (w: MailWords) =>
      [
        w.t('resend.paid', {
          number,
          amount: w.money(invoice.amountCents, invoice.currency),
          plan: facts.planDisplayName,
          date: w.day(invoice.attemptedAt),
        }),
        invoice.cardLast4
          ? w.t('resend.card', {
              card: w.cardShort({ brand: invoice.cardBrand, last4: invoice.cardLast4 }),
            })
          : '',
        periodStart && periodEnd
          ? w.t('resend.period', { start: w.day(periodStart), end: w.day(periodEnd) })
          : '',
        invoice.status === 'refunded'
          ? w.t('resend.refunded', { amount: w.money(invoice.refundedCents, invoice.currency) })
          : '',
      ]
        .filter(Boolean)
        .join(' ');
    await queueMail(tx, ctx, [
      billingChangeMail(ctx.mail, facts, (w) => w.t('resend.subject', { number }), receipt),
    ]);
    return `The receipt ${invoice.number} is on its way to ${facts.email}.`;
  });
}
