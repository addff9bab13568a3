import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UnmatchedMail } from '../../../contract/support/support';
import { mockApi, renderInApp, type Answer } from '../../test/app';
import SupportSection from './admin-section';
import { FIGURES, NOW, iso, item, queuePage } from './admin-test-data';

const HOUR = 3_600_000;
const LATE = item(1041, {
  urgency: 'urgent',
  title: 'The site is down',
  business: { id: 'b1', name: 'Sunrise Bakery', email: 'ana@example.com', language: 'es' },
  dueAt: iso(NOW - 2 * HOUR - 60_000),
  breached: true,
  escalatedAt: iso(NOW - 2 * HOUR),
});
const SOON = item(1042, {
  title: 'Change the opening hours',
  assignee: { id: 'emp-1', name: 'Sam' },
  dueAt: iso(NOW + 5 * HOUR + 12 * 60_000 + 30_000),
});
const ACKED = item(1043, {
  urgency: 'urgent',
  acknowledgedAt: iso(NOW - 60_000),
  dueAt: iso(NOW + 40 * 60_000),
});
const MAIL: UnmatchedMail = {
  id: 'mail-1',
  from: 'stranger@example.net',
  subject: 'Cheap SEO',
  text: 'We can rank you first.',
  reason: 'unknown_sender',
  receivedAt: iso(NOW - HOUR),
};

function render(path = '/admin#support', routes: Record<string, Answer> = {}) {
  const api = mockApi({
    'GET /api/support/requests': ({ url }) => {
      const view = url.searchParams.get('view');
      const page = Number(url.searchParams.get('page') ?? 1);
      if (view === 'breached') return { body: queuePage([LATE]) };
      if (url.searchParams.get('urgency') === 'urgent') return { body: queuePage([LATE, ACKED]) };
      return {
        body: queuePage(page === 2 ? [ACKED] : [LATE, SOON], { total: 26, page }),
      };
    },
    'GET /api/support/figures': { body: FIGURES },
    'GET /api/support/inbound': { body: { items: [MAIL] } },
    'DELETE /api/support/inbound/mail-1': { status: 204 },
    ...routes,
  });
  const view = renderInApp(<SupportSection />, { path });
  return { api, view, user: userEvent.setup({ delay: null }) };
}

const table = () => screen.findByRole('table', { name: 'Support requests' });
const rowOf = async (number: number) =>
  (await within(await table()).findByRole('button', { name: `Open request #${number}` })).closest(
    'tr',
  )!;
const queueCalls = (api: ReturnType<typeof render>['api']) =>
  api.calls.filter((c) => c.path.startsWith('/api/support/requests')).map((c) => c.path);

describe('Support queue', () => {
  it('shows the requests in the server’s order, breached ones red and in words', async () => {
    render();
    await rowOf(1042);
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('#1041');
    expect(rows[1]).toHaveTextContent('#1042');

    const late = await rowOf(1041);
    expect(late).toHaveAttribute('data-breached', 'true');
    expect(within(late).getByText('Urgent')).toBeVisible();
    expect(within(late).getByText('Breached')).toBeVisible();
    expect(within(late).getByText('Overdue by 2 h')).toBeVisible();
    expect(within(late).getByText('Not acknowledged')).toBeVisible();
    expect(within(late).getByText('Escalated to owners')).toBeVisible();
    expect(within(late).getByText('Sunrise Bakery')).toBeVisible();

    const soon = await rowOf(1042);
    expect(soon).not.toHaveAttribute('data-breached');
    expect(within(soon).getByText('5 h 12 min left')).toBeVisible();
    expect(within(soon).getByText('Sam')).toBeVisible();
    expect(within(soon).getByText('Normal')).toBeVisible();

    const show = screen.getByRole('group', { name: 'Show' });
    expect(within(show).getByRole('button', { name: 'Open 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(show).getByRole('button', { name: 'Breached 1' })).toBeVisible();

    const urgent = await screen.findByRole('region', { name: 'Urgent requests' });
    expect(urgent).toHaveTextContent('Median first response22 min');
    expect(urgent).toHaveTextContent('Answered within target75%');
    const normal = screen.getByRole('region', { name: 'Normal requests' });
    expect(normal).toHaveTextContent('Median first response3 h 20 min');
  });

  it('switches views and urgency, and keeps them in the URL', async () => {
    const { api, user } = render();
    await rowOf(1042);
    await user.click(screen.getByRole('button', { name: 'Breached 1' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open request #1042' })).toBeNull(),
    );
    expect(queueCalls(api)).toContain('/api/support/requests?view=breached');
    expect(window.location.search).toBe('?supportView=breached');
    expect(window.location.hash).toBe('#support');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Urgency' }), 'urgent');
    await waitFor(() =>
      expect(queueCalls(api)).toContain('/api/support/requests?view=breached&urgency=urgent'),
    );
    expect(window.location.search).toBe('?supportView=breached&supportUrgency=urgent');
  });

  it('pages keep their place: the URL holds the page, and a reload opens it again', async () => {
    const { api, user, view } = render();
    await rowOf(1042);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Support request pages' })).getByRole(
        'button',
        { name: 'Page 2' },
      ),
    );
    await rowOf(1043);
    expect(queueCalls(api)).toContain('/api/support/requests?page=2');
    expect(window.location.search).toBe('?supportPage=2');
    expect(window.location.hash).toBe('#support');

    // As after a reload or Back from another section: the same page, asked for first.
    view.unmount();
    const again = render(`/admin${window.location.search}#support`);
    await rowOf(1043);
    expect(queueCalls(again.api)[0]).toBe('/api/support/requests?page=2');
    expect(
      within(screen.getByRole('navigation', { name: 'Support request pages' })).getByRole(
        'button',
        { name: 'Page 2' },
      ),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('lists unmatched e-mail with its reason, and dismisses one after asking', async () => {
    const { api, user } = render();
    const list = await screen.findByRole('region', { name: /^Unmatched e-mail/ });
    await within(list).findByText('Cheap SEO');
    expect(list).toHaveTextContent('From stranger@example.net');
    expect(list).toHaveTextContent('The sender is not a client’s address.');
    await user.click(within(list).getByRole('button', { name: /^Dismiss\W+Cheap SEO$/ }));
    const ask = await screen.findByRole('dialog', { name: 'Dismiss this e-mail?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe(
        '/api/support/inbound/mail-1',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
