import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  ClientBillingStatus,
  ClientDetail,
  ClientPage,
  ClientSummary,
} from '../../../contract/clients/clients';
import type { CurrentEmployee } from '../../../contract/employees/employees';
import { mockApi, renderInApp } from '../../test/app';
import ClientsSection from './section';

const client = (
  n: number,
  businessName: string,
  billingStatus: ClientBillingStatus,
  extra: Partial<ClientSummary> = {},
): ClientSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  businessName,
  ownerName: 'Ana Ruiz',
  email: `client${n}@example.com`,
  phone: null,
  businessType: 'Bakery',
  language: 'en',
  plan: { name: 'growing', displayName: 'Growing' },
  paymentStatus: billingStatus === 'awaiting_payment' ? 'pending_payment' : 'active',
  billingStatus,
  cancelsOn: null,
  createdAt: '2026-10-20T09:00:00.000Z',
  paidAt: null,
  periodStart: null,
  periodEnd: null,
  ...extra,
});
const LEAVING = client(2, 'Leaving Laundry', 'cancels', { cancelsOn: '2026-12-24' });
const ROWS = [
  client(1, 'Paid Plumbing', 'active'),
  LEAVING,
  client(3, 'Owing Optician', 'past_due'),
  client(4, 'Gone Garage', 'canceled'),
  client(5, 'Declined Diner', 'awaiting_payment', { paymentStatus: 'failed' }),
];
const COUNTS = { active: 1, past_due: 1, cancels: 1, canceled: 1, awaiting_payment: 3 };
const page = (items: ClientSummary[]): ClientPage => ({
  items,
  total: items.length,
  billingCounts: COUNTS,
  page: 1,
  pageSize: 20,
});
const employee: CurrentEmployee = {
  id: 'emp-1',
  email: 'sam@agency.example',
  name: 'Sam',
  role: 'staff',
  billing: false,
  twoFactorEnabled: false,
};

/** The list answers the rows of the billing status asked for (none are 'canceled' here on purpose). */
function render(path = '/admin') {
  const api = mockApi({
    'GET /api/clients': ({ url }) => {
      const billing = url.searchParams.get('billing');
      if (billing === 'canceled') return { body: { ...page([]), billingCounts: COUNTS } };
      return { body: page(billing ? ROWS.filter((r) => r.billingStatus === billing) : ROWS) };
    },
    'GET /api/auth/user': { body: employee },
  });
  renderInApp(<ClientsSection />, { path });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('Clients billing status', () => {
  it('shows each status as words in the list, the day a cancelling client ends included', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Clients' });
    const status = async (name: string) =>
      within((await within(table).findByRole('button', { name })).closest('tr')!).getAllByRole(
        'cell',
      )[3]!.textContent;
    expect(await status('Paid Plumbing')).toBe('Active');
    expect(await status('Leaving Laundry')).toBe('Cancels on Dec 24, 2026');
    expect(await status('Owing Optician')).toBe('Past due');
    expect(await status('Gone Garage')).toBe('Canceled');
    expect(await status('Declined Diner')).toBe('Awaiting paymentCard declined');
  });

  it('filters by a pressed status button with its count, back to page 1, kept in the URL', async () => {
    const { api, user } = render('/admin?clientsPage=3');
    const group = await screen.findByRole('group', { name: 'Billing status' });
    const all = await within(group).findByRole('button', { name: 'All 7' });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    const pastDue = within(group).getByRole('button', { name: 'Past due 1' });
    expect(pastDue).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: 'Awaiting payment 3' })).toBeVisible();

    // Keyboard: Tab reaches the buttons, Enter presses one.
    pastDue.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pastDue).toHaveAttribute('aria-pressed', 'true'));
    expect(all).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(api.calls.at(-1)?.path).toBe('/api/clients?billing=past_due'));
    expect(window.location.search).toBe('?clientsBilling=past_due');
    const table = screen.getByRole('table', { name: 'Clients' });
    await waitFor(() =>
      expect(within(table).queryByRole('button', { name: 'Paid Plumbing' })).toBeNull(),
    );
    expect(within(table).getByRole('button', { name: 'Owing Optician' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/clients/export.csv?billing=past_due',
    );
  });

  it('says which status has no clients, and clears the filter', async () => {
    const { user } = render('/admin?clientsBilling=canceled');
    expect(await screen.findByText('No clients with the billing status ‘Canceled’')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(
      await within(await screen.findByRole('table', { name: 'Clients' })).findByRole('button', {
        name: 'Gone Garage',
      }),
    ).toBeVisible();
    expect(window.location.search).toBe('');
  });

  it('shows the reason the client gave when cancelling', async () => {
    const detail: ClientDetail = {
      ...LEAVING,
      address: null,
      website: null,
      description: null,
      updatedAt: '2026-11-20T09:00:00.000Z',
      subscription: {
        status: 'active',
        price: '299.00',
        currency: 'usd',
        billingCycle: 'month',
        renewalPrice: null,
        renewalStartsAt: null,
        periodStart: '2026-11-25T06:00:00.000Z',
        periodEnd: '2026-12-25T06:00:00.000Z',
        canceledAt: null,
        cancelReason: 'Moving to another town',
      },
      payments: [],
      lastPaymentError: null,
    };
    mockApi({
      'GET /api/clients': { body: page([LEAVING]) },
      [`GET /api/clients/${LEAVING.id}`]: { body: detail },
      [`GET /api/clients/${LEAVING.id}/billing`]: 'pending',
      [`GET /api/clients/${LEAVING.id}/onboarding`]: 'pending',
      [`GET /api/clients/${LEAVING.id}/timeline`]: 'pending',
      [`GET /api/consultations/clients/${LEAVING.id}`]: 'pending',
      [`GET /api/clients/${LEAVING.id}/site-monitor`]: 'pending',
      'GET /api/auth/user': { body: employee },
    });
    renderInApp(<ClientsSection />, { path: '/admin' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Leaving Laundry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leaving Laundry' });
    expect(await within(dialog).findByText('Moving to another town')).toBeVisible();
    expect(within(dialog).getByText('Cancellation reason')).toBeVisible();
    expect(within(dialog).getByText('Cancels on Dec 24, 2026')).toBeVisible();
  });
});
