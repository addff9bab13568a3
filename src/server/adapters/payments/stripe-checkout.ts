import type Stripe from 'stripe';
import { asProviderError, keyFor, type StripeContext } from './stripe-client.js';
import { intentState } from './stripe-mapping.js';
import { PaymentProviderError, type PaymentProvider } from './types.js';

/** A plan's first payment: a customer and an incomplete Subscription whose first invoice the client pays. */
export function createStripeCheckout({
  stripe,
  ensureProduct,
  interval,
}: StripeContext): Pick<PaymentProvider, 'startSubscriptionPayment' | 'retrieveIntent'> {
  return {
    async startSubscriptionPayment(request) {
      try {
        const key = request.idempotencyKey;
        const customerParams = request.customer
          ? {
              email: request.customer.email,
              name: request.customer.name,
              metadata: { registration_id: request.customer.registrationId },
            }
          : {};
        const customer = await stripe.customers.create(customerParams, {
          idempotencyKey: keyFor(`${key}-customer`, customerParams),
        });
        const product = await ensureProduct(request.plan);
        const subscriptionParams: Stripe.SubscriptionCreateParams = {
          customer: customer.id,
          items: [
            {
              price_data: {
                currency: request.currency,
                product,
                unit_amount: request.amountCents,
                recurring: { interval: interval(request.plan.billingCycle) },
              },
            },
          ],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: {
            plan_id: String(request.plan.id),
            registration_id: request.customer?.registrationId ?? '',
          },
          expand: ['latest_invoice.confirmation_secret'],
        };
        const subscription = await stripe.subscriptions.create(subscriptionParams, {
          idempotencyKey: keyFor(`${key}-subscription`, subscriptionParams),
        });
        const invoice = subscription.latest_invoice as Stripe.Invoice | null;
        const clientSecret = invoice?.confirmation_secret?.client_secret;
        if (!clientSecret)
          throw new PaymentProviderError('Stripe did not return a payment for the first invoice.');
        return {
          // A PaymentIntent's client secret starts with its id: 'pi_..._secret_...'.
          providerIntentId: clientSecret.split('_secret_')[0]!,
          clientSecret,
          providerSubscriptionId: subscription.id,
          providerCustomerId: customer.id,
        };
      } catch (error) {
        throw asProviderError(error);
      }
    },

    async retrieveIntent(providerIntentId) {
      try {
        return intentState(
          await stripe.paymentIntents.retrieve(providerIntentId, {
            expand: ['payment_method', 'latest_charge'],
          }),
        );
      } catch (error) {
        throw asProviderError(error);
      }
    },
  };
}
