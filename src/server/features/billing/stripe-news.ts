import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoices } from '../../db/schema.js';
import type { SubscriptionNews } from '../payments/index.js';
import {
  cancellationConfirmedMail,
  paymentFailedMail,
  renewalReceiptMail,
  teamPaymentFailedMail,
  teamSubscriptionCanceledMail,
} from './mails.js';
import { applyScheduledPlan } from './renew.js';
import { cardOf, clientFacts, lockSubscription, queueMail, type ChangeContext } from './subject.js';

/**
 * Stripe bills; we tell the client and the team what it did, with the same e-mails as test mode:
 * a renewal receipt (and a downgrade waiting for this renewal takes effect), a failed renewal
 * with Stripe's next attempt, the end of a subscription. Runs in the settlement's transaction.
 */
export async function hearStripeNews(
  tx: Db,
  ctx: ChangeContext,
  news: SubscriptionNews,
): Promise<boolean> {
  const locked = await lockSubscription(tx, news.subscriptionId);
  if (!locked) return false;
  switch (news.kind) {
    case 'renewed': {
      const sub = await applyScheduledPlan(tx, locked);
      if (sub.planId !== locked.planId)
        await tx
          .update(invoices)
          .set({ planId: sub.planId })
          .where(eq(invoices.id, news.invoiceId));
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, news.invoiceId));
      if (!invoice) return false;
      const { facts } = await clientFacts(tx, sub, ctx);
      const periodEnd = invoice.periodEnd ?? sub.currentPeriodEnd ?? invoice.attemptedAt;
      await queueMail(tx, ctx, [
        renewalReceiptMail(ctx.mail, facts, {
          amountCents: invoice.amountCents,
          invoiceNumber: invoice.number,
          periodEnd,
          card: cardOf(sub),
        }),
      ]);
      return true;
    }
    case 'renewal_failed': {
      const { facts } = await clientFacts(tx, locked, ctx);
      const f = { amountCents: news.amountCents, nextRetryAt: news.nextAttemptAt };
      await queueMail(tx, ctx, [
        paymentFailedMail(ctx.mail, facts, f),
        teamPaymentFailedMail(ctx.mail, facts, { ...f, attempt: news.attempt }),
      ]);
      return true;
    }
    case 'ended': {
      const { facts } = await clientFacts(tx, locked, ctx);
      // Stripe ends a subscription after its last failed retry, or at the end of a canceled period.
      const unpaid = locked.failedPaymentCount > 0 && !locked.cancelReason;
      const why = unpaid
        ? 'the renewal payment failed on every attempt (Stripe)'
        : `canceled${locked.cancelReason ? ` ('${locked.cancelReason}')` : ''}`;
      await queueMail(tx, ctx, [
        cancellationConfirmedMail(ctx.mail, facts, { endedAt: news.endedAt, unpaid }),
        teamSubscriptionCanceledMail(ctx.mail, facts, { why, endedAt: news.endedAt }),
      ]);
      return true;
    }
  }
}
