import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NewClient, NewClientPage } from '../../../contract/kickoff/kickoff';
import { apiError, mockApi, renderInApp } from '../../test/app';
import NewClientsSection from './section';

const HOUR = 3_600_000;
const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const client = (
  n: number,
  businessName: string,
  paidHoursAgo: number,
  extra: Partial<NewClient> = {},
): NewClient => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  businessName,
  ownerName: 'Ana Ruiz',
  email: `client${n}@example.com`,
  phone: null,
  language: 'en',
  plan: { name: 'growing', displayName: 'Growing' },
  paidAt: iso(NOW - paidHoursAgo * HOUR),
  dueAt: iso(NOW - paidHoursAgo * HOUR + 24 * HOUR),
  projectManager: null,
  contact: null,
  overdueNoticeAt: null,
  ...extra,
});
const FRESH = client(1, 'Fresh Florist', 18.8);
const LATE = client(2, 'Late Laundry', 26.5, { overdueNoticeAt: iso(NOW - HOUR) });
const DONE = client(3, 'Done Dentist', 30, {
  projectManager: { id: 'emp-2', name: 'Pat Manager' },
  contact: {
    method: 'meeting',
    note: 'Met at their shop.',
    at: iso(NOW - 20 * HOUR),
    by: { id: 'emp-1', name: 'Sam' },
    inTime: true,
  },
});
const page = (items: NewClient[]): NewClientPage => ({
  items,
  total: items.length,
  counts: { waiting: 2, contacted: 1 },
  overdue: 1,
  page: 1,
  pageSize: 20,
  now: iso(NOW),
});

function render({ markAnswer }: { markAnswer?: ReturnType<typeof apiError> } = {}) {
  const api = mockApi({
    'GET /api/new-clients': ({ url }) => ({
      body: page(url.searchParams.get('view') === 'contacted' ? [DONE] : [LATE, FRESH]),
    }),
    'GET /api/new-clients/project-managers': {
      body: [
        { id: 'emp-1', name: 'Sam' },
        { id: 'emp-2', name: 'Pat Manager' },
      ],
    },
    'PUT /api/new-clients/00000000-0000-4000-8000-000000000001/project-manager': ({ body }) => ({
      body: {
        ...FRESH,
        projectManager: (body as { employeeId: string }).employeeId
          ? { id: 'emp-2', name: 'Pat Manager' }
          : null,
      },
    }),
    'POST /api/new-clients/00000000-0000-4000-8000-000000000002/contacted': markAnswer ?? {
      body: DONE,
    },
  });
  renderInApp(<NewClientsSection />, { path: '/admin#new-clients' });
  return { api, user: userEvent.setup({ delay: null }) };
}

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'New clients waiting for contact' });
  return (await within(table).findByText(name)).closest('tr')!;
};

describe('New clients', () => {
  it('counts down the 24 hours and marks an overdue row in red and in words', async () => {
    render();
    const fresh = await rowOf('Fresh Florist');
    expect(within(fresh).getByText('5 h 12 min left')).toBeVisible();
    expect(fresh).not.toHaveAttribute('data-overdue');
    const late = await rowOf('Late Laundry');
    expect(late).toHaveAttribute('data-overdue', 'true');
    expect(within(late).getByText('Overdue')).toBeVisible();
    expect(within(late).getByText('Overdue by 2 h')).toBeVisible();
    expect(within(late).getByText('Team e-mailed')).toBeVisible();
    const group = screen.getByRole('group', { name: 'Show' });
    expect(within(group).getByRole('button', { name: 'Waiting 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('assigns a project manager from the select', async () => {
    const { api, user } = render();
    const select = await screen.findByRole('combobox', {
      name: 'Project manager for Fresh Florist',
    });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Pat Manager' })).toBeInTheDocument(),
    );
    await user.selectOptions(select, 'emp-2');
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ employeeId: 'emp-2' }),
    );
    expect(await screen.findByText('Pat Manager guides Fresh Florist.')).toBeVisible();
  });

  it('marks a client contacted with the keyboard: how is required, the note is sent', async () => {
    const { api, user } = render();
    const late = await rowOf('Late Laundry');
    within(late)
      .getByRole('button', { name: /^Mark contacted\W+Late Laundry$/ })
      .focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Mark Late Laundry contacted' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark contacted' }));
    expect(within(dialog).getByText('Choose how you contacted the client.')).toBeVisible();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'Call' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Left a voicemail');
    await user.click(within(dialog).getByRole('button', { name: 'Mark contacted' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      method: 'call',
      note: 'Left a voicemail',
    });
  });

  it('shows the server’s field error in the dialog', async () => {
    const { user } = render({
      markAnswer: apiError(400, 'A note has at most 1000 characters.', [
        { field: 'note', message: 'A note has at most 1000 characters.' },
      ]),
    });
    const late = await rowOf('Late Laundry');
    await user.click(within(late).getByRole('button', { name: /^Mark contacted\W+Late Laundry$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'E-mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark contacted' }));
    expect(await within(dialog).findByText('A note has at most 1000 characters.')).toBeVisible();
  });

  it('the Contacted filter shows how, when and by whom', async () => {
    const { user } = render();
    await screen.findByRole('table', { name: 'New clients waiting for contact' });
    await user.click(await screen.findByRole('button', { name: 'Contacted 1' }));
    const table = await screen.findByRole('table', { name: 'Contacted new clients' });
    const row = (await within(table).findByText('Done Dentist')).closest('tr')!;
    expect(within(row).getByText(/^Meeting by Sam,/)).toBeVisible();
    expect(within(row).getByText('Within 24 hours')).toBeVisible();
    expect(within(row).getByText('Met at their shop.')).toBeVisible();
  });
});
