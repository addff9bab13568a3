import crypto from 'node:crypto';
import type { Db } from '../../db/client.js';
import { bookLedgerRow, insertInvoice, invoiceOf } from '../payments/index.js';
import { DECLINED, type Plan, type Sub } from './subject.js';

export interface Charge {
  sub: Sub;
  plan: Plan;
  customerEmail: string | null;
  kind: 'renewal' | 'proration';
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
  /** When it happens on the billing clock. */
  at: Date;
}

/**
 * Charges the saved test card (test mode only: no money moves). It succeeds when the card on
 * file was saved as one that succeeds; no card or Stripe's 'fails when charged' card declines.
 * A success books a ledger row ('renewal:<invoice id>', unique) and a paid invoice; a decline
 * a failed invoice only. Call it inside the transaction that holds the subscription's lock.
 */
export async function chargeSavedCard(tx: Db, c: Charge) {
  const invoiceId = crypto.randomUUID();
  const ok = c.sub.testCardBehavior === 'succeeds' && c.sub.cardLast4 != null;
  const paymentId = ok
    ? await bookLedgerRow(tx, {
        provider: 'test',
        providerPaymentId: `${c.kind}:${invoiceId}`,
        providerCustomerId: c.sub.providerCustomerId,
        planName: c.plan.name,
        amountCents: c.amountCents,
        currency: c.sub.currency,
        planId: c.plan.id,
        registrationId: c.sub.registrationId,
        subscriptionId: c.sub.id,
        customerEmail: c.customerEmail,
        paidAt: c.at,
        livemode: false,
      })
    : null;
  const invoice = await insertInvoice(tx, {
    ...invoiceOf(c.sub),
    id: invoiceId,
    planId: c.plan.id,
    kind: c.kind,
    status: ok ? 'paid' : 'failed',
    amountCents: c.amountCents,
    currency: c.sub.currency,
    periodStart: c.periodStart,
    periodEnd: c.periodEnd,
    failureMessage: ok ? null : DECLINED,
    paymentId,
    livemode: false,
    attemptedAt: c.at,
  });
  return { ok, invoice };
}
