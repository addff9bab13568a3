import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import {
  BILLING_LINK_INVALID_MESSAGE,
  BILLING_LINK_SENT_MESSAGE,
  type AccountOverview,
  type InvoiceView,
  type PlanChangePreview,
  type SubscriptionOverview,
} from '../../../contract/billing/billing';
import { WEB_PATHS } from '../../../contract/site/routes';
import { apiError, mockApi, renderInApp, type Answer, type Handler } from '../../test/app';
import AccountPage from './page';

const PAID: InvoiceView = {
  id: 'inv-1',
  number: 'INV-001001',
  kind: 'first',
  status: 'paid',
  amount: '299.00',
  refunded: '0.00',
  currency: 'usd',
  planDisplayName: 'Growing',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  card: { brand: 'visa', last4: '4242' },
  failureMessage: null,
  failureCode: null,
  attemptedAt: '2026-11-01T10:00:00.000Z',
};
const ACTIVE: SubscriptionOverview = {
  id: 'sub-1',
  status: 'active',
  plan: { id: 2, name: 'growing', displayName: 'Growing' },
  billingCycle: 'month',
  currency: 'usd',
  price: '299.00',
  phase: 'renewal',
  renewalPrice: null,
  renewalStartsAt: null,
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  nextCharge: { date: '2026-12-01T00:00:00.000Z', amount: '299.00', planDisplayName: 'Growing' },
  cancelAtPeriodEnd: false,
  canceledAt: null,
  scheduledPlan: null,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  failedPaymentCount: 0,
  nextRetryAt: null,
};
const account = (subscription: Partial<SubscriptionOverview>, invoices = [PAID]) =>
  ({
    business: { name: 'Sunrise Bakery', ownerName: 'Ana Ruiz', email: 'ana@example.com' },
    subscription: { ...ACTIVE, ...subscription },
    invoices,
    provider: 'test',
  }) satisfies AccountOverview;

const FAILED: InvoiceView = {
  ...PAID,
  id: 'inv-2',
  number: 'INV-001002',
  kind: 'renewal',
  status: 'failed',
  card: { brand: 'visa', last4: '9995' },
  failureMessage: 'Your card has insufficient funds.',
  failureCode: 'insufficient_funds',
  attemptedAt: '2026-12-01T10:00:00.000Z',
};
const PAST_DUE = account(
  { status: 'past_due', failedPaymentCount: 1, nextRetryAt: '2026-12-04T10:00:00.000Z' },
  [FAILED, PAID],
);
const NOT_SIGNED_IN = apiError(401, 'Sign in with the link we e-mail you.');

/** The consultation section (issue 29 §2) under the billing view: nothing booked, no free times. */
const NO_CONSULTATION: Record<string, Answer> = {
  'GET /api/account/consultation': {
    body: { consultation: null, canBook: true, slotMinutes: 30, cutoffHours: 24 },
  },
  'GET /api/account/consultation/slots': { body: { timeZone: 'UTC', slotMinutes: 30, slots: [] } },
};

/** 'Get help' (issue 30) under the sections: no requests yet, no website watched. */
const NO_SUPPORT: Record<string, Answer> = {
  'GET /api/account/support': { body: { items: [] } },
  'GET /api/account/uptime': { body: { site: null } },
};

function renderAccount(routes: Record<string, Answer | Handler>, path: string = WEB_PATHS.account) {
  // 'Your project' (features/projects) asks for the project: none before it has one.
  const api = mockApi({
    'GET /api/account/onboarding': 'pending',
    'GET /api/account/project': { body: { project: null } },
    ...NO_CONSULTATION,
    ...NO_SUPPORT,
    ...routes,
  });
  renderInApp(<Route path={WEB_PATHS.account} component={AccountPage} />, { path });
  return { api, user: userEvent.setup({ delay: null }) };
}

/** Opens 'Update card' from the past-due alert and types a card into its form. */
async function updateCardFromAlert(user: ReturnType<typeof userEvent.setup>, number: string) {
  const alert = await screen.findByRole('alert');
  await user.click(within(alert).getByRole('button', { name: 'Update card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update card' });
  const form = within(dialog).getByRole('form', { name: 'New card' });
  await user.type(within(form).getByLabelText('Card number'), number);
  await user.type(within(form).getByLabelText(/^Expiry/), '1234');
  await user.type(within(form).getByLabelText('CVC'), '123');
  await user.click(within(form).getByRole('button', { name: 'Save card' }));
  return dialog;
}

describe('billing page', () => {
  it('says it is loading while the account is on its way', async () => {
    renderAccount({ 'GET /api/account': 'pending' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your billing…');
  });

  it('asks a signed-out visitor for the address to send a sign-in link to', async () => {
    const { api, user } = renderAccount({
      'GET /api/account': NOT_SIGNED_IN,
      'POST /api/account/sign-in-link': { body: { message: BILLING_LINK_SENT_MESSAGE } },
    });
    const form = await screen.findByRole('form', { name: 'Billing sign-in' });
    await user.click(within(form).getByRole('button', { name: 'Send me a sign-in link' }));
    expect(within(form).getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter the e-mail address you registered with.',
    );
    await user.type(within(form).getByLabelText('E-mail address'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send me a sign-in link' }));
    await waitFor(() =>
      expect(screen.getByText(BILLING_LINK_SENT_MESSAGE)).toHaveAttribute('role', 'status'),
    );
    expect(api.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/account/sign-in-link',
      body: { email: 'ana@example.com' },
    });
  });

  it('says in a sentence that an e-mailed link expired, and drops it from the address', async () => {
    const { user } = renderAccount(
      {
        'POST /api/account/sign-in': apiError(400, BILLING_LINK_INVALID_MESSAGE),
        'GET /api/account': NOT_SIGNED_IN,
      },
      '/account?token=spent-token',
    );
    await user.click(await screen.findByRole('button', { name: 'Open my billing page' }));
    const form = await screen.findByRole('form', { name: 'Billing sign-in' });
    expect(screen.getByRole('alert')).toHaveTextContent(/expired or was already used/);
    expect(form).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('shows the active plan, its next charge and the card on file', async () => {
    renderAccount({ 'GET /api/account': { body: account({}) } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sunrise Bakery' }),
    ).toBeInTheDocument();
    const plan = screen.getByRole('heading', { level: 2, name: 'Growing plan' }).parentElement!
      .parentElement!;
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('December 1, 2026: $299.00 (Growing)')).toBeInTheDocument();
    expect(within(plan).getByText('Visa ending in 4242, expires 12/2034')).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("offers 'Get help' under the billing view, with the client's requests", async () => {
    renderAccount({ 'GET /api/account': { body: account({}) } });
    const help = await screen.findByRole('region', { name: 'Get help' });
    expect(await within(help).findByText('No requests yet.')).toBeInTheDocument();
    expect(within(help).getByRole('button', { name: 'Get help' })).toBeInTheDocument();
  });

  it('warns of a past-due payment with the bank’s reason and the next try', async () => {
    renderAccount({ 'GET /api/account': { body: PAST_DUE } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your last payment did not go through.');
    expect(alert).toHaveTextContent(
      'Your card has insufficient funds. We try again on December 4, 2026.',
    );
    expect(within(alert).getByRole('button', { name: 'Update card' })).toBeInTheDocument();
    expect(screen.getByText('Past due')).toBeInTheDocument();
  });

  it('cancels at the end of the period, then resumes', async () => {
    const ending = account({ cancelAtPeriodEnd: true, nextCharge: null });
    const { api, user } = renderAccount({
      'GET /api/account': { body: account({}) },
      'POST /api/account/cancel': { body: ending },
      'POST /api/account/resume': { body: account({}) },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(cancel).toHaveTextContent(/ends on December 1, 2026/);
    await user.type(within(cancel).getByLabelText(/Why are you leaving/), 'Closing the shop');
    await user.click(within(cancel).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Ending on December 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('None: your subscription ends instead')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/account/cancel')?.body).toEqual({
      reason: 'Closing the shop',
    });

    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    const resume = await screen.findByRole('dialog', { name: 'Resume subscription' });
    await user.click(within(resume).getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Subscription resumed')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).not.toBeInTheDocument();
  });

  it('keeps the subscription and says why when cancelling fails', async () => {
    const { user } = renderAccount({
      'GET /api/account': { body: account({}) },
      'POST /api/account/cancel': apiError(409, 'This subscription is already canceled or ending.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    await user.click(within(cancel).getByRole('button', { name: 'Cancel subscription' }));
    expect(await within(cancel).findByRole('alert')).toHaveTextContent(
      'This subscription is already canceled or ending.',
    );
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('shows a declined new card at its field and keeps the dialog open', async () => {
    const declined = 'Your card has insufficient funds.';
    const { user } = renderAccount({
      'GET /api/account': { body: PAST_DUE },
      'POST /api/account/card': apiError(400, declined, [
        { field: 'cardNumber', message: declined },
      ]),
    });
    const dialog = await updateCardFromAlert(user, '4000000000009995');
    const number = within(dialog).getByLabelText('Card number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    // The decline first, then the brand the field shows (issue 28 §5).
    expect(number).toHaveAccessibleDescription(/^Your card has insufficient funds\. Visa$/);
    expect(within(dialog).getByRole('button', { name: 'Save card' })).toBeEnabled();
    expect(screen.queryByText('Card updated')).not.toBeInTheDocument();
  });

  it('asks for authentication when the past-due charge needs it, then shows the paid plan', async () => {
    const { api, user } = renderAccount({
      'GET /api/account': { body: PAST_DUE },
      'POST /api/account/card': {
        status: 202,
        body: {
          status: 'requires_action',
          clientSecret: 'pi_test_9_secret_x',
          provider: 'test',
          publishableKey: null,
        },
      },
      'POST /api/account/payment/finish': {
        body: account({ card: { ...ACTIVE.card!, last4: '3184' } }),
      },
    });
    await updateCardFromAlert(user, '4000002760003184');
    const bank = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    await user.click(within(bank).getByText('Complete authentication'));
    expect(await screen.findByText('Card updated')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Visa ending in 3184, expires 12/2034')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/account/payment/finish')?.body).toEqual({
      clientSecret: 'pi_test_9_secret_x',
      outcome: 'complete',
    });
  });

  it('says the payment was declined when the authentication fails', async () => {
    const refused =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    let reads = 0;
    const { user } = renderAccount({
      'GET /api/account': () => (reads++, { body: PAST_DUE }),
      'POST /api/account/card': {
        status: 202,
        body: {
          status: 'requires_action',
          clientSecret: 'pi_test_9_secret_x',
          provider: 'test',
          publishableKey: null,
        },
      },
      'POST /api/account/payment/finish': apiError(402, refused),
    });
    const dialog = await updateCardFromAlert(user, '4000002760003184');
    const bank = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    await user.click(within(bank).getByText('Fail authentication'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refused);
    // The page reads the account again: the failed attempt is an invoice now.
    await waitFor(() => expect(reads).toBe(2));
  });

  it('offers Pay now, not a receipt, on an open failed charge, and says what the new card paid', async () => {
    const PAID_NOW: InvoiceView = { ...FAILED, id: 'inv-3', number: 'INV-001003', status: 'paid' };
    const { api, user } = renderAccount({
      'GET /api/account': { body: PAST_DUE },
      'POST /api/account/card': { body: account({}, [PAID_NOW, FAILED, PAID]) },
    });
    const rows = await screen.findAllByTestId('invoice');
    const failedRow = rows.find((row) => row.textContent?.includes('INV-001002'))!;
    expect(within(failedRow).queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument();
    const paidRow = rows.find((row) => row.textContent?.includes('INV-001001'))!;
    expect(within(paidRow).getByRole('link', { name: 'Receipt INV-001001' })).toHaveAttribute(
      'href',
      '/account/invoices/INV-001001',
    );
    await user.click(within(failedRow).getByRole('button', { name: 'Pay now INV-001002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay now' });
    expect(dialog).toHaveTextContent('pay invoice INV-001002 ($299.00) now');
    await user.type(within(dialog).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(dialog).getByLabelText(/^Expiry/), '1234');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(
      await screen.findByText(/We charged \$299\.00 for invoice INV-001003\./),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/account/card')).toBe(true);
  });

  it('shows the plans as cards, the upgrade as line items, and a declined one offers Update card', async () => {
    const plan = (id: number, name: string, price: string) => ({
      id,
      name: name.toLowerCase(),
      displayName: name,
      description: `${name} plan`,
      price,
      currency: 'usd',
      billingCycle: 'month',
      features: [`${name} feature one`, `${name} feature two`],
      renewalPrice: null,
      mostPopular: false,
    });
    const { user } = renderAccount({
      'GET /api/account': { body: account({}) },
      'GET /api/subscription-plans': {
        body: [plan(2, 'Growing', '299.00'), plan(3, 'Professional', '449.00')],
      },
      'GET /api/account/plan-change': {
        body: {
          direction: 'upgrade',
          plan: { id: 3, name: 'professional', displayName: 'Professional', price: '449.00' },
          amountNow: '75.00',
          effectiveAt: '2026-11-16T00:00:00.000Z',
          lines: [
            { kind: 'newPlanRest', amount: '224.50' },
            { kind: 'unusedCredit', amount: '149.50' },
          ],
        } satisfies PlanChangePreview,
      },
      'POST /api/account/plan-change': apiError(402, 'Your card was declined.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    const card = (await within(dialog).findByRole('radio', { name: 'Professional' })).closest(
      'label',
    )!;
    expect(card).toHaveTextContent('$449.00 per month');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Professional feature one', 'Professional feature two']);
    // The current plan is no choice while nothing is scheduled.
    expect(within(dialog).queryByRole('radio', { name: /Growing/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Professional' }));
    const lines = await within(dialog).findByTestId('proration-lines');
    expect([...lines.querySelectorAll('dt, dd')].map((e) => e.textContent)).toEqual([
      'Professional until December 1, 2026',
      '$224.50',
      'Unused time on Growing',
      '−$149.50',
      'Due now',
      '$75.00',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveTextContent('Update your card, then try the change again.');
    expect(within(alert).getByRole('button', { name: 'Update card' })).toBeInTheDocument();
    // The keyboard stays in the dialog, on what went wrong.
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('says in a sentence when the account cannot be loaded, and tries again', async () => {
    let reads = 0;
    const { user } = renderAccount({
      'GET /api/account': () =>
        ++reads === 1
          ? apiError(503, 'The database is not answering right now. Please try again in a moment.')
          : { body: account({}) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your billing.');
    expect(alert).toHaveTextContent(
      'The database is not answering right now. Please try again in a moment.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sunrise Bakery' }),
    ).toBeInTheDocument();
  });
});
