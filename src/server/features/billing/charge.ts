import crypto from 'node:crypto';
import type { Db } from '../../db/client.js';
import {
  AUTHENTICATION_FAILED,
  AUTHENTICATION_REQUIRED,
} from '../../adapters/payments/test-cards.js';
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
  /**
   * The client answered the bank's authentication page for this charge (3-D Secure): completed
   * (true) or failed (false). Unset: the saved card decides alone, as for a renewal nobody attends.
   */
  authenticated?: boolean;
}

/** The saved test card asks for authentication on every charge (Stripe's 4000 0027 6000 3184). */
export const cardNeedsAuthentication = (sub: Sub) =>
  sub.testCardBehavior === 'requires_authentication' && sub.cardLast4 != null;

/**
 * Charges the saved test card (test mode only: no money moves). It succeeds when the card on
 * file was saved as one that succeeds; no card or Stripe's 'fails when charged' card declines.
 * A success books a ledger row ('renewal:<invoice id>', unique) and a paid invoice; a decline
 * a failed invoice only. Call it inside the transaction that holds the subscription's lock.
 */
export async function chargeSavedCard(tx: Db, c: Charge) {
  const invoiceId = crypto.randomUUID();
  const ok = c.authenticated ?? (c.sub.testCardBehavior === 'succeeds' && c.sub.cardLast4 != null);
  // Stripe's words: a failed authentication page, or a card that needs one charged without the client.
  const failure =
    c.authenticated === false
      ? AUTHENTICATION_FAILED
      : cardNeedsAuthentication(c.sub) && c.authenticated === undefined
        ? AUTHENTICATION_REQUIRED
        : DECLINED;
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
    failureMessage: ok ? null : failure.message,
    failureCode: ok ? null : failure.code,
    paymentId,
    livemode: false,
    attemptedAt: c.at,
  });
  return { ok, invoice };
}
