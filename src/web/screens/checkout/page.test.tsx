import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type {
  CreatePaymentIntentResult,
  PaymentStatusResult,
} from '../../../contract/payments/payments';
import type { SubscriptionPlan } from '../../../contract/plans/plans';
import { WEB_PATHS } from '../../../contract/site/routes';
import { apiError, mockApi, renderInApp, type Answer } from '../../test/app';
import CheckoutPage from './page';

const REGISTRATION = '0b6c1f5e-8d8e-4c1a-9f57-2a1f3c4d5e6f';
const PLAN: SubscriptionPlan = {
  id: 2,
  name: 'growing',
  displayName: 'Growing',
  description: 'For a business that wants more clients.',
  price: '299.00',
  currency: 'usd',
  billingCycle: 'month',
  features: ['A website'],
  descriptionEs: null,
  featuresEs: [],
  renewalPrice: null,
  mostPopular: true,
};
const INTENT: CreatePaymentIntentResult = {
  clientSecret: 'pi_test_1_secret_abc',
  paymentIntentId: 'pi_test_1',
  amount: '299.00',
  provider: 'test',
  publishableKey: null,
};
/** What /api/payments/test/confirm and /authenticate answer (PaymentStatusResult). */
const status = (
  s: PaymentStatusResult['status'],
  message: string | null = null,
  code: PaymentStatusResult['code'] = null,
): PaymentStatusResult => ({
  code,
  paymentIntentId: INTENT.paymentIntentId,
  status: s,
  amount: '299.00',
  plan: { name: PLAN.name, displayName: PLAN.displayName },
  message,
  receipt: null,
});

function renderCheckout(routes: Record<string, Answer | ((r: { body: unknown }) => Answer)>) {
  const api = mockApi({ 'GET /api/subscription-plans': { body: [PLAN] }, ...routes });
  renderInApp(<Route path={WEB_PATHS.checkout} component={CheckoutPage} />, {
    path: `/checkout/growing?registration=${REGISTRATION}`,
  });
  return api;
}

/** Types a card into the test-mode form as a person does, and pays. */
async function pay(number: string) {
  const user = userEvent.setup({ delay: null });
  const form = await screen.findByRole('form', { name: 'Card payment' });
  await user.type(within(form).getByLabelText('Card number'), number);
  await user.type(within(form).getByLabelText(/^Expiry/), '1234');
  await user.type(within(form).getByLabelText('CVC'), '123');
  await user.click(within(form).getByRole('button', { name: 'Pay $299.00' }));
  return user;
}

describe('checkout page', () => {
  it('says it is loading the plan while the plans are on their way', async () => {
    renderCheckout({ 'GET /api/subscription-plans': 'pending' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your plan…');
    expect(screen.queryByRole('heading', { name: 'Growing' })).not.toBeInTheDocument();
  });

  it('shows the card form once the payment is set up, for the registration of the link', async () => {
    const api = renderCheckout({ 'POST /api/create-payment-intent': { body: INTENT } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Growing' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/create-payment-intent')?.body).toEqual({
      planId: 2,
      amount: 299,
      registrationId: REGISTRATION,
    });
  });

  it('shows a declined card in the bank’s words, and what to do next', async () => {
    const api = renderCheckout({
      'POST /api/create-payment-intent': { body: INTENT },
      'POST /api/payments/test/confirm': {
        body: status('requires_payment_method', 'Your card has insufficient funds.'),
      },
    });
    await pay('4000000000009995');
    const alert = await screen.findByText('Your card has insufficient funds.', {
      selector: '#payment-declined p',
    });
    expect(alert.closest('[role="alert"]')).toHaveTextContent(/Nothing was charged/);
    expect(api.calls.find((c) => c.path === '/api/payments/test/confirm')?.body).toEqual({
      clientSecret: INTENT.clientSecret,
      cardNumber: '4000 0000 0000 9995',
      expiry: '12 / 34',
      cvc: '123',
    });
    // The form stays for another card; the page did not move on.
    expect(screen.getByRole('button', { name: 'Pay $299.00' })).toBeEnabled();
    expect(window.location.pathname).toBe('/checkout/growing');
  });

  it('asks for 3-D Secure when the bank requires authentication, then finishes the payment', async () => {
    const api = renderCheckout({
      'POST /api/create-payment-intent': { body: INTENT },
      'POST /api/payments/test/confirm': { status: 200, body: status('requires_action') },
      'POST /api/payments/test/authenticate': { body: status('succeeded') },
    });
    const user = await pay('4000002500003155');
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    expect(window.location.pathname).toBe('/checkout/growing');
    await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(window.location.pathname).toBe('/payment-success'));
    expect(api.calls.find((c) => c.path === '/api/payments/test/authenticate')?.body).toEqual({
      clientSecret: INTENT.clientSecret,
      outcome: 'complete',
    });
    expect(new URLSearchParams(window.location.search).get('payment_intent')).toBe('pi_test_1');
  });

  it('says the authentication failed when the client fails the bank’s page', async () => {
    renderCheckout({
      'POST /api/create-payment-intent': { body: INTENT },
      'POST /api/payments/test/confirm': { body: status('requires_action') },
      'POST /api/payments/test/authenticate': ({ body }) =>
        (body as { outcome: string }).outcome === 'fail'
          ? {
              body: status(
                'requires_payment_method',
                'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
              ),
            }
          : apiError(400, 'wrong outcome'),
    });
    const user = await pay('4000002500003155');
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    // The dialog's close button says the same (closing the bank's page fails it): the one in words.
    await user.click(within(dialog).getByText('Fail authentication'));
    expect(
      await screen.findByText(/We are unable to authenticate your payment method/, {
        selector: '#payment-declined p',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s sentence when the payment cannot be set up, with a way to try again', async () => {
    let attempts = 0;
    renderCheckout({
      'POST /api/create-payment-intent': () =>
        ++attempts === 1
          ? apiError(502, 'The payment provider refused to start the payment: rate limited')
          : { body: INTENT },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The payment provider refused to start the payment: rate limited',
    );
    expect(alert).not.toHaveTextContent('502');
    await userEvent
      .setup({ delay: null })
      .click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('turns an answer without a sentence (a proxy’s page) into one', async () => {
    renderCheckout({
      'POST /api/create-payment-intent': { status: 503, body: undefined },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Our server is not answering right now (error 503). Please try again in a moment.',
    );
  });

  it('offers the way home, not another try, when the registration is already paid', async () => {
    renderCheckout({
      'POST /api/create-payment-intent': apiError(409, 'This registration is already paid.'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This registration is already paid.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/');
  });

  it('shows a card problem the server found at its field', async () => {
    renderCheckout({
      'POST /api/create-payment-intent': { body: INTENT },
      'POST /api/payments/test/confirm': apiError(400, 'Your card has expired.', [
        { field: 'expiry', message: 'Your card has expired.' },
      ]),
    });
    await pay('4242424242424242');
    const expiry = screen.getByLabelText(/^Expiry/);
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
    expect(expiry).toHaveAccessibleDescription(/Your card has expired\./);
  });

  it('shows the plans’ load failure as a sentence', async () => {
    renderCheckout({
      'GET /api/subscription-plans': apiError(
        500,
        'Something went wrong on our side. Please try again in a moment.',
      ),
    });
    expect(
      await screen.findByRole('heading', { name: 'We could not load the plans.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Something went wrong on our side. Please try again in a moment.'),
    ).toBeInTheDocument();
  });
});
