import Stripe from 'stripe';
import { guarded, type StripeContext } from './stripe-client.js';
import { cardOf, idOf, needsAuthentication } from './stripe-mapping.js';
import { declineCode } from '../../../contract/lib/errors.js';
import { errorText } from '../../locales.js';
import { periodBoundaryNear, releaseSchedule, scheduleFrom } from './stripe-schedules.js';
import {
  CardDeclinedError,
  PaymentProviderError,
  ProviderRefusedError,
  type ProviderActionRequired,
  type SubscriptionManager,
} from './types.js';

/** The billing page's changes to a Stripe subscription: card, open invoice, plan, cancel, refund. */
export function createStripeSubscriptions({
  stripe,
  priceData,
}: StripeContext): SubscriptionManager {
  async function firstItem(providerSubscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new PaymentProviderError('This subscription has no item to change at Stripe.');
    return { subscription, item };
  }

  /**
   * The open invoice's PaymentIntent when it waits for the client to authenticate (3-D Secure):
   * `requires_action`, or an automatic attempt that failed with `authentication_required`.
   */
  async function authenticationOf(invoice: Stripe.Invoice): Promise<ProviderActionRequired | null> {
    const secret =
      invoice.confirmation_secret?.client_secret ??
      (await stripe.invoices.retrieve(invoice.id, { expand: ['confirmation_secret'] }))
        .confirmation_secret?.client_secret;
    if (!secret) return null;
    const intent = await stripe.paymentIntents.retrieve(secret.split('_secret_')[0]!);
    if (!needsAuthentication(intent) || !intent.client_secret) return null;
    return {
      status: 'requires_action',
      clientSecret: intent.client_secret,
      providerPaymentId: intent.id,
      providerInvoiceId: invoice.id,
    };
  }

  const subscriptions: SubscriptionManager = {
    async startCardSetup({ customerId, providerSubscriptionId }) {
      return guarded(async () => {
        const intent = await stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          metadata: { subscription_id: providerSubscriptionId },
        });
        if (!intent.client_secret)
          throw new PaymentProviderError('Stripe did not return a card setup.');
        return { setupIntentId: intent.id, clientSecret: intent.client_secret };
      });
    },

    async finishCardSetup({ customerId, providerSubscriptionId, setupIntentId }) {
      return guarded(async () => {
        const intent = await stripe.setupIntents.retrieve(setupIntentId, {
          expand: ['payment_method'],
        });
        if (idOf(intent.customer) !== customerId)
          throw new ProviderRefusedError('card_setup_not_yours');
        if (intent.status !== 'succeeded') throw new ProviderRefusedError('card_not_confirmed');
        const paymentMethod = idOf(intent.payment_method);
        const card = cardOf(intent.payment_method);
        if (!paymentMethod || !card)
          throw new PaymentProviderError('Stripe did not return a card for this setup.');
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethod },
        });
        await stripe.subscriptions.update(providerSubscriptionId, {
          default_payment_method: paymentMethod,
        });
        return card;
      });
    },

    async payOpenInvoice(providerSubscriptionId) {
      return guarded(async () => {
        const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId, {
          expand: ['latest_invoice.confirmation_secret'],
        });
        const invoice = subscription.latest_invoice as Stripe.Invoice | null;
        if (!invoice?.id || invoice.status !== 'open') return 'none';
        try {
          const paid = await stripe.invoices.pay(invoice.id);
          return paid.status === 'paid'
            ? 'paid'
            : ((await authenticationOf(invoice)) ?? 'declined');
        } catch (error) {
          // 3-D Secure: Stripe answers 402 (invoice_payment_intent_requires_action) and the invoice's PaymentIntent waits for the client.
          if (error instanceof Stripe.errors.StripeCardError)
            return (await authenticationOf(invoice)) ?? 'declined';
          throw error;
        }
      });
    },

    async paymentOutcome({ providerPaymentId, customerId }) {
      return guarded(async () => {
        const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
        if (idOf(intent.customer) !== customerId)
          throw new ProviderRefusedError('payment_not_yours');
        if (intent.status === 'succeeded' || intent.status === 'processing')
          return { status: 'succeeded' as const };
        if (needsAuthentication(intent)) return { status: 'requires_action' as const };
        return {
          status: 'failed' as const,
          message: intent.last_payment_error?.message ?? errorText('card_declined'),
          code: declineCode(intent.last_payment_error),
        };
      });
    },

    async discardUpgrade(providerInvoiceId) {
      return guarded(async () => {
        try {
          await stripe.invoices.voidInvoice(providerInvoiceId);
        } catch (error) {
          // Paid or voided meanwhile (the Dashboard, a retry of ours): nothing waits any more.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      });
    },

    async setPhases({ providerSubscriptionId, scheduleId, currency, phases }) {
      return guarded(async () => {
        // A fresh schedule each time: its first phase is the subscription as it is now, so the
        // new phases never rewrite a past one; without proration, nothing is charged for it.
        await releaseSchedule(stripe, scheduleId);
        if (phases.length === 0) return null;
        const schedule = await scheduleFrom(stripe, providerSubscriptionId);
        const start = schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date ?? 'now';
        // Each date goes onto Stripe's own period boundary (the current period's start plus whole
        // months), so a phase never changes the price a second before or after a period begins.
        const boundary = (at: Date) =>
          typeof start === 'number' ? periodBoundaryNear(new Date(start * 1000), at) : at;
        await stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: await Promise.all(
            phases.map(async (phase, index) => ({
              ...(index === 0 ? { start_date: start } : {}),
              ...(phase.endsAt
                ? { end_date: Math.floor(boundary(phase.endsAt).getTime() / 1000) }
                : {}),
              items: [{ price_data: await priceData(phase.plan, currency, phase.priceCents) }],
              metadata: { plan_id: String(phase.plan.id) },
            })),
          ),
        });
        return schedule.id;
      });
    },

    async setCancelAtPeriodEnd({ providerSubscriptionId, scheduleId, cancel, reason }) {
      return guarded(async () => {
        // Stripe refuses cancel_at_period_end on a subscription that a schedule manages.
        if (cancel) await releaseSchedule(stripe, scheduleId);
        await stripe.subscriptions.update(providerSubscriptionId, {
          cancel_at_period_end: cancel,
          ...(cancel && reason ? { cancellation_details: { comment: reason.slice(0, 5000) } } : {}),
        });
      });
    },

    async cancelNow(providerSubscriptionId) {
      return guarded(async () => {
        await stripe.subscriptions.cancel(providerSubscriptionId);
      });
    },

    async previewUpgrade({ providerSubscriptionId, currency, plan, priceCents }) {
      return guarded(async () => {
        const { subscription, item } = await firstItem(providerSubscriptionId);
        const preview = await stripe.invoices.createPreview({
          customer: idOf(subscription.customer) ?? undefined,
          subscription: providerSubscriptionId,
          subscription_details: {
            items: [{ id: item.id, price_data: await priceData(plan, currency, priceCents) }],
            proration_behavior: 'always_invoice',
            proration_date: Math.floor(Date.now() / 1000),
          },
        });
        return preview.amount_due;
      });
    },

    async upgrade({ providerSubscriptionId, scheduleId, currency, plan, priceCents }) {
      return guarded(async () => {
        await releaseSchedule(stripe, scheduleId);
        const { item } = await firstItem(providerSubscriptionId);
        let updated: Stripe.Subscription;
        try {
          // A pending update: the change applies only once its invoice is paid, so a declined card
          // changes nothing, and a card that needs 3-D Secure waits for the client to authenticate
          // (error_if_incomplete would refuse those outright).
          updated = await stripe.subscriptions.update(providerSubscriptionId, {
            items: [{ id: item.id, price_data: await priceData(plan, currency, priceCents) }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'pending_if_incomplete',
            metadata: { plan_id: String(plan.id) },
            expand: ['latest_invoice.confirmation_secret'],
          });
        } catch (error) {
          if (error instanceof Stripe.errors.StripeCardError)
            throw new CardDeclinedError(error.message, declineCode(error));
          throw error;
        }
        if (!updated.pending_update) return 'paid';
        const invoice = updated.latest_invoice as Stripe.Invoice | null;
        const action = invoice ? await authenticationOf(invoice) : null;
        if (action) return action;
        // Declined: the open invoice is voided, which drops the waiting change; the plan stays as it was.
        let failure: Stripe.PaymentIntent.LastPaymentError | null = null;
        if (invoice?.id) {
          const intentId = invoice.confirmation_secret?.client_secret.split('_secret_')[0];
          if (intentId)
            failure = (await stripe.paymentIntents.retrieve(intentId)).last_payment_error;
          await subscriptions.discardUpgrade(invoice.id);
        }
        throw new CardDeclinedError(
          failure?.message ?? errorText('card_declined'),
          declineCode(failure),
        );
      });
    },

    async refund({ providerPaymentId, amountCents, idempotencyKey }) {
      return guarded(async () => {
        let paymentIntent = providerPaymentId.startsWith('pi_') ? providerPaymentId : null;
        if (providerPaymentId.startsWith('in_')) {
          const paid = await stripe.invoicePayments.list({
            invoice: providerPaymentId,
            status: 'paid',
            limit: 1,
          });
          paymentIntent = idOf(paid.data[0]?.payment.payment_intent);
        }
        if (!paymentIntent)
          throw new PaymentProviderError('Stripe has no card payment for this invoice to refund.');
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountCents,
            metadata: { reason: 'refund by the agency' },
          },
          { idempotencyKey },
        );
        return { refundId: refund.id };
      });
    },
  };

  return subscriptions;
}
