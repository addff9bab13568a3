import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  AccountOverview,
  InvoiceView,
  SubscriptionOverview,
} from '../../../contract/billing/billing';
import type { ClientDetail, ClientPage } from '../../../contract/clients/clients';
import {
  BILLING_PERMISSION_MESSAGE,
  type CurrentEmployee,
} from '../../../contract/employees/employees';
import { apiError, mockApi, renderInApp, type Answer, type Handler } from '../../test/app';
import ClientsSection from './section';

const ID = '5d0c7c1e-2b7a-4d5e-8f60-7a1b2c3d4e5f';
const PAID_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const FAILED_ID = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
const SUMMARY: ClientPage['items'][number] = {
  id: ID,
  businessName: 'Sunrise Bakery',
  ownerName: 'Ana Ruiz',
  email: 'ana@example.com',
  phone: '+1 555 0100',
  businessType: 'Bakery',
  language: 'es',
  plan: { name: 'growing', displayName: 'Growing' },
  paymentStatus: 'failed',
  billingStatus: 'past_due',
  cancelsOn: null,
  createdAt: '2026-10-20T09:00:00.000Z',
  paidAt: '2026-11-01T10:00:00.000Z',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
};
const DETAIL: ClientDetail = {
  ...SUMMARY,
  address: null,
  website: null,
  description: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
  subscription: null,
  payments: [],
  lastPaymentError: 'Your card has insufficient funds.',
};
const PAID: InvoiceView = {
  id: PAID_ID,
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
const FAILED: InvoiceView = {
  ...PAID,
  id: FAILED_ID,
  number: 'INV-001002',
  kind: 'renewal',
  status: 'failed',
  failureMessage: 'Your card has insufficient funds.',
  failureCode: 'insufficient_funds',
  attemptedAt: '2026-12-01T10:00:00.000Z',
};
const PAST_DUE: SubscriptionOverview = {
  id: 'sub-1',
  status: 'past_due',
  plan: { id: 2, name: 'growing', displayName: 'Growing' },
  billingCycle: 'month',
  currency: 'usd',
  price: '299.00',
  phase: 'renewal',
  renewalPrice: null,
  renewalStartsAt: null,
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  nextCharge: null,
  cancelAtPeriodEnd: false,
  canceledAt: null,
  scheduledPlan: null,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  failedPaymentCount: 1,
  nextRetryAt: '2026-12-04T10:00:00.000Z',
};
const BILLING: AccountOverview = {
  business: { name: 'Sunrise Bakery', ownerName: 'Ana Ruiz', email: 'ana@example.com' },
  subscription: PAST_DUE,
  invoices: [FAILED, PAID],
  provider: 'test',
};
const employee = (billing: boolean): CurrentEmployee => ({
  id: 'emp-1',
  email: 'sam@agency.example',
  name: 'Sam',
  role: 'staff',
  billing,
  twoFactorEnabled: false,
});
const REFUND_PATH = `POST /api/clients/${ID}/invoices/${PAID_ID}/refund`;

/** The Clients section with one client, whose dialog the test opens as a person does. */
async function openClient(routes: Record<string, Answer | Handler>, { billing = true } = {}) {
  const api = mockApi({
    'GET /api/clients': {
      body: {
        items: [SUMMARY],
        total: 1,
        billingCounts: { active: 0, past_due: 1, cancels: 0, canceled: 0, awaiting_payment: 0 },
        page: 1,
        pageSize: 20,
      },
    },
    [`GET /api/clients/${ID}`]: { body: DETAIL },
    [`GET /api/clients/${ID}/billing`]: { body: BILLING },
    [`GET /api/clients/${ID}/onboarding`]: 'pending',
    [`GET /api/clients/${ID}/timeline`]: { body: { items: [] } },
    [`GET /api/consultations/clients/${ID}`]: 'pending',
    [`GET /api/clients/${ID}/site-monitor`]: 'pending',
    'GET /api/auth/user': { body: employee(billing) },
    ...routes,
  });
  renderInApp(<ClientsSection />, { path: '/admin' });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Sunrise Bakery' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sunrise Bakery' });
  return { api, user, dialog };
}

const billingPanel = (dialog: HTMLElement) =>
  within(dialog).findByRole('region', { name: 'Billing' });

/** Opens the refund dialog of the paid invoice and sends it with `reason`. */
async function refund(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, reason = '') {
  await user.click(
    within(await billingPanel(dialog)).getByRole('button', { name: 'Refund INV-001001' }),
  );
  const form = await screen.findByRole('dialog', { name: 'Refund INV-001001?' });
  if (reason) await user.type(within(form).getByLabelText(/^Reason/), reason);
  await user.click(within(form).getByRole('button', { name: 'Refund' }));
  return form;
}

describe("Clients' billing panel", () => {
  it('shows nothing but a placeholder while the billing loads, then the panel', async () => {
    let answer!: (a: Answer) => void;
    const { dialog } = await openClient({
      [`GET /api/clients/${ID}/billing`]: () => new Promise<Answer>((r) => (answer = r)),
    });
    await within(dialog).findByRole('heading', { name: 'Plan and payment' });
    expect(within(dialog).queryByRole('region', { name: 'Billing' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    answer({ body: BILLING });
    expect(await billingPanel(dialog)).toBeInTheDocument();
  });

  it('shows a past-due subscription and its failed invoice', async () => {
    const { dialog } = await openClient({});
    const panel = await billingPanel(dialog);
    expect(within(panel).getAllByText('Past due')).not.toHaveLength(0);
    expect(panel).toHaveTextContent('visa ending in 4242');
    const failed = within(panel).getByText('INV-001002').closest('li')!;
    expect(failed).toHaveTextContent('failed');
    // A failed invoice has nothing to refund or resend; the paid one has both.
    expect(within(failed).queryByRole('button')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Refund INV-001001' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    // The client's detail shows the bank's words for the last decline.
    expect(within(dialog).getByText('Your card has insufficient funds.')).toBeInTheDocument();
  });

  it('says in a sentence when the billing cannot be loaded', async () => {
    const { dialog } = await openClient({
      [`GET /api/clients/${ID}/billing`]: apiError(
        503,
        'The database is not answering right now. Please try again in a moment.',
      ),
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The database is not answering right now. Please try again in a moment.',
    );
  });

  it('asks for a reason before refunding, and sends nothing without one', async () => {
    const { api, user, dialog } = await openClient({});
    const form = await refund(user, dialog);
    expect(within(form).getByLabelText(/^Reason/)).toHaveAccessibleDescription(
      'Say why you refund.',
    );
    expect(api.calls.some((c) => c.path.endsWith('/refund'))).toBe(false);
  });

  it('shows the server’s refusal of an amount at the amount', async () => {
    const message = 'At most $299.00 of INV-001001 is left to refund.';
    const { api, user, dialog } = await openClient({
      [REFUND_PATH]: apiError(400, message, [{ field: 'amount', message }]),
    });
    const form = await refund(user, dialog, 'Charged twice');
    const amount = within(form).getByLabelText(/^Amount/);
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription(message);
    expect(api.calls.find((c) => c.path.endsWith('/refund'))?.body).toEqual({
      amount: '299.00',
      reason: 'Charged twice',
    });
  });

  it('tells why a refund did not go through, in the server’s sentence', async () => {
    const { user, dialog } = await openClient({
      [REFUND_PATH]: apiError(409, 'INV-001001 is already refunded.'),
    });
    const form = await refund(user, dialog, 'Charged twice');
    expect(await screen.findByText('The refund did not go through')).toBeInTheDocument();
    expect(screen.getByText('INV-001001 is already refunded.')).toBeInTheDocument();
    // The dialog stays, to try again or cancel.
    expect(form).toBeInTheDocument();
  });

  it('turns a refund answer without a sentence into one', async () => {
    const { user, dialog } = await openClient({ [REFUND_PATH]: { status: 502, body: undefined } });
    await refund(user, dialog, 'Charged twice');
    expect(
      await screen.findByText(
        'Our server is not answering right now (error 502). Please try again in a moment.',
      ),
    ).toBeInTheDocument();
  });

  it('refunds, says so, and reads the billing again', async () => {
    let reads = 0;
    const { user, dialog } = await openClient({
      [`GET /api/clients/${ID}/billing`]: () => (reads++, { body: BILLING }),
      [REFUND_PATH]: { body: BILLING },
    });
    await refund(user, dialog, 'Charged twice');
    expect(await screen.findByText('$299.00 of INV-001001 was refunded.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Refund INV-001001?' })).not.toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
  });

  it('offers no refund or cancelling to an employee without the billing permission', async () => {
    const { dialog } = await openClient({}, { billing: false });
    const panel = await billingPanel(dialog);
    expect(
      within(panel).getByRole('button', { name: 'Resend receipt INV-001001' }),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Cancel subscription' }),
    ).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when the billing permission was taken away meanwhile', async () => {
    const { user, dialog } = await openClient({
      [REFUND_PATH]: apiError(403, BILLING_PERMISSION_MESSAGE),
      [`POST /api/clients/${ID}/cancel`]: apiError(403, BILLING_PERMISSION_MESSAGE),
    });
    await refund(user, dialog, 'Charged twice');
    expect(await screen.findByText(BILLING_PERMISSION_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const panel = await billingPanel(dialog);
    await user.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('The subscription was not cancelled')).toBeInTheDocument();
    expect(screen.getByText(BILLING_PERMISSION_MESSAGE)).toBeInTheDocument();
    expect(within(panel).getAllByText('Past due')).not.toHaveLength(0);
  });
});
