import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OnCallRotation, SupportHours } from '../../../contract/support/support';
import { apiError, mockApi, renderInApp } from '../../test/app';
import { OnCallCard, SavedRepliesCard, SupportHoursCard } from './admin';
import { EMPLOYEES } from './admin-test-data';

const HOURS: SupportHours = {
  weekdays: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
  holidays: ['2026-12-25'],
  urgentMinutes: 60,
  normalBusinessDays: 1,
  timeZone: 'America/Chicago',
};

const ROTATION: OnCallRotation = {
  employees: [EMPLOYEES[0]!, EMPLOYEES[1]!],
  now: EMPLOYEES[0]!,
  weeks: [
    { weekOf: '2026-11-23', employee: EMPLOYEES[0]! },
    { weekOf: '2026-11-30', employee: EMPLOYEES[1]! },
  ],
};

describe('Settings → Support hours', () => {
  it('shows the time zone read-only and saves days, hours, holidays and targets', async () => {
    const api = mockApi({
      'GET /api/support/settings/hours': { body: HOURS },
      'PUT /api/support/settings/hours': ({ body }) => ({
        body: { ...HOURS, ...(body as object) },
      }),
    });
    renderInApp(<SupportHoursCard owner />);
    const user = userEvent.setup({ delay: null });
    const days = await screen.findByRole('group', { name: 'Business days' });
    expect(screen.getByText('America/Chicago')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /time zone/i })).toBeNull();
    await user.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await user.type(screen.getByLabelText('Add a holiday'), '2027-01-01');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await user.click(screen.getByRole('button', { name: /^Remove\W+Fri, Dec 25, 2026$/ }));
    // The holiday removed, focus goes to the one left.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Remove\W+Fri, Jan 1, 2027$/ })).toHaveFocus(),
    );
    const urgent = screen.getByLabelText('Urgent: answer within (minutes)');
    await user.clear(urgent);
    await user.type(urgent, '45');
    await user.click(screen.getByRole('button', { name: 'Save support hours' }));
    await screen.findByText('Support hours saved');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      weekdays: [2, 3, 4, 5, 6],
      start: '09:00',
      end: '17:00',
      holidays: ['2027-01-01'],
      urgentMinutes: 45,
      normalBusinessDays: 1,
    });
  });

  it('shows the server’s complaint beside the closing time', async () => {
    mockApi({
      'GET /api/support/settings/hours': { body: HOURS },
      'PUT /api/support/settings/hours': apiError(400, 'Check the support hours.', [
        { field: 'end', message: 'The closing time must be after the opening time.' },
      ]),
    });
    renderInApp(<SupportHoursCard owner />);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('group', { name: 'Business days' });
    await user.click(screen.getByRole('button', { name: 'Save support hours' }));
    const closing = screen.getByLabelText('Closing time');
    await waitFor(() =>
      expect(closing).toHaveAccessibleDescription(
        'The closing time must be after the opening time.',
      ),
    );
    expect(closing).toHaveAttribute('aria-invalid', 'true');
    // The summary at the top takes focus and links to the field.
    const summary = screen.getByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(
      within(summary).getByRole('link', {
        name: 'The closing time must be after the opening time.',
      }),
    );
    expect(closing).toHaveFocus();
  });
});

describe('Support settings for staff', () => {
  it('shows the hours and the rotation but only owners may change them', async () => {
    mockApi({
      'GET /api/support/settings/hours': { body: HOURS },
      'GET /api/support/settings/on-call': { body: ROTATION },
      'GET /api/new-clients/project-managers': { body: EMPLOYEES },
    });
    renderInApp(
      <>
        <SupportHoursCard owner={false} />
        <OnCallCard owner={false} />
      </>,
    );
    const days = await screen.findByRole('group', { name: 'Business days' });
    expect(within(days).getByRole('checkbox', { name: 'Monday' })).toBeDisabled();
    expect(screen.getByLabelText('Closing time')).toBeDisabled();
    expect(screen.getByText(/Only owners can change these\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save support hours' })).toBeNull();
    await screen.findByRole('region', { name: 'Who is on call' });
    expect(screen.getByRole('button', { name: /^Remove\W+Sam$/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'On call this week' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save rotation' })).toBeNull();
  });
});

describe('Settings → On call', () => {
  it('adds, reorders and chooses this week, and sends the order to the server', async () => {
    const api = mockApi({
      'GET /api/support/settings/on-call': { body: ROTATION },
      'GET /api/new-clients/project-managers': { body: EMPLOYEES },
      'PUT /api/support/settings/on-call': {
        body: {
          employees: [EMPLOYEES[0], EMPLOYEES[2], EMPLOYEES[1]],
          now: EMPLOYEES[2],
          weeks: [
            { weekOf: '2026-11-23', employee: EMPLOYEES[2] },
            { weekOf: '2026-11-30', employee: EMPLOYEES[1] },
            { weekOf: '2026-12-07', employee: EMPLOYEES[0] },
          ],
        },
      },
    });
    renderInApp(<OnCallCard owner />);
    const user = userEvent.setup({ delay: null });
    const weeks = await screen.findByRole('region', { name: 'Who is on call' });
    expect(screen.getByTestId('on-call-now')).toHaveTextContent('Now: Sam');
    expect(weeks).toHaveTextContent('Week of Mon, Nov 30, 2026Pat Manager');

    const add = screen.getByRole('combobox', { name: 'Add an employee' });
    await waitFor(() => expect(within(add).getByRole('option', { name: 'Lee' })).toBeVisible());
    await user.selectOptions(add, 'emp-3');
    await user.click(screen.getByRole('button', { name: 'Add to the rotation' }));
    const up = screen.getByRole('button', { name: 'Move Lee up' });
    await user.click(up);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Lee up' })).toHaveFocus());
    const rotation = screen.getByRole('group', { name: 'Rotation, in order' });
    const names = within(rotation)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.font-medium')?.textContent);
    expect(names).toEqual(['Sam', 'Lee', 'Pat Manager']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'On call this week' }), 'emp-3');
    await user.click(screen.getByRole('button', { name: 'Save rotation' }));
    await screen.findByText('Lee is on call now.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      employeeIds: ['emp-1', 'emp-3', 'emp-2'],
      thisWeek: 'emp-3',
    });
    expect(screen.getByTestId('on-call-now')).toHaveTextContent('Now: Lee');
    expect(weeks).toHaveTextContent('Week of Mon, Dec 7, 2026Sam');
  });

  it('removes someone, and the one left takes this week', async () => {
    const api = mockApi({
      'GET /api/support/settings/on-call': { body: ROTATION },
      'GET /api/new-clients/project-managers': { body: EMPLOYEES },
      'PUT /api/support/settings/on-call': { body: { ...ROTATION, employees: [EMPLOYEES[1]] } },
    });
    renderInApp(<OnCallCard owner />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Remove\W+Sam$/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Remove\W+Pat Manager$/ })).toHaveFocus(),
    );
    expect(screen.getByRole('combobox', { name: 'On call this week' })).toHaveValue('emp-2');
    await user.click(screen.getByRole('button', { name: 'Save rotation' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        employeeIds: ['emp-2'],
        thisWeek: 'emp-2',
      }),
    );
  });
});

describe('Settings → Saved replies', () => {
  it('creates one in both languages, asking for each', async () => {
    const api = mockApi({
      'GET /api/support/saved-replies': { body: { items: [] } },
      'POST /api/support/saved-replies': ({ body }) => ({
        body: { id: 'r9', ...(body as object) },
      }),
    });
    renderInApp(<SavedRepliesCard />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('No saved replies yet.');
    await user.click(screen.getByRole('button', { name: 'New saved reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'New saved reply' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Thanks');
    await user.type(within(dialog).getByRole('textbox', { name: /^English text/ }), 'Thank you!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const spanish = within(dialog).getByRole('textbox', { name: /^Spanish text/ });
    expect(spanish).toHaveAccessibleDescription('Enter the Spanish text.');
    expect(spanish).toHaveFocus();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(spanish, '¡Gracias!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Thanks',
      en: 'Thank you!',
      es: '¡Gracias!',
    });
  });

  it('edits one, shows the server’s field error, and deletes one after asking', async () => {
    const reply = { id: 'r1', title: 'On it', en: 'We are on it.', es: 'Estamos en ello.' };
    const api = mockApi({
      'GET /api/support/saved-replies': { body: { items: [reply] } },
      'PUT /api/support/saved-replies/r1': apiError(400, 'Check the reply.', [
        { field: 'title', message: 'Title must be at most 120 characters.' },
      ]),
      'DELETE /api/support/saved-replies/r1': { status: 204 },
    });
    renderInApp(<SavedRepliesCard />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Edit\W+On it$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ‘On it’' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('On it');
    await user.type(title, ' now');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription('Title must be at most 120 characters.'),
    );
    expect(title).toHaveValue('On it now');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'On it now',
      en: 'We are on it.',
      es: 'Estamos en ello.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: /^Delete\W+On it$/ }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this saved reply?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe(
        '/api/support/saved-replies/r1',
      ),
    );
  });
});
