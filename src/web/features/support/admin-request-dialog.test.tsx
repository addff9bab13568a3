import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SupportRequestDetail } from '../../../contract/support/support';
import { apiError, mockApi, renderInApp, type Answer, type Handler } from '../../test/app';
import SupportSection from './admin-section';
import { detail, EMPLOYEES, FIGURES, item, NOW, iso, queuePage } from './admin-test-data';

const SPANISH = item(1050, {
  urgency: 'urgent',
  title: 'La web no carga',
  business: { id: 'b1', name: 'Panadería Sol', email: 'sol@example.com', language: 'es' },
  dueAt: iso(NOW + 20 * 60_000),
});
const DETAIL = detail(SPANISH);
const PATH = `/api/support/requests/${SPANISH.id}`;
const SAVED = {
  items: [
    {
      id: 'r1',
      title: 'We are on it',
      en: 'We are looking into it and will write again within the hour.',
      es: 'Lo estamos revisando y le escribiremos de nuevo dentro de la hora.',
    },
  ],
};

/** The Support section with one Spanish client's urgent request, opened as a person does. */
async function openRequest(routes: Record<string, Answer | Handler> = {}) {
  const api = mockApi({
    'GET /api/support/requests': { body: queuePage([SPANISH]) },
    'GET /api/support/figures': { body: FIGURES },
    'GET /api/support/inbound': { body: { items: [] } },
    [`GET ${PATH}`]: { body: DETAIL },
    'GET /api/new-clients/project-managers': { body: EMPLOYEES },
    'GET /api/support/saved-replies': { body: SAVED },
    ...routes,
  });
  renderInApp(<SupportSection />, { path: '/admin#support' });
  const user = userEvent.setup({ delay: null });
  const open = await screen.findByRole('button', { name: 'Open request #1050' });
  await user.click(open);
  const dialog = await screen.findByRole('dialog', { name: '#1050 La web no carga' });
  await within(dialog).findByRole('heading', { name: 'Conversation' });
  return { api, user, dialog, open };
}

const queueReads = (api: Awaited<ReturnType<typeof openRequest>>['api']) =>
  api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/support/requests?'))
    .length +
  api.calls.filter((c) => c.method === 'GET' && c.path === '/api/support/requests').length;

const answered = (extra: Partial<SupportRequestDetail>): Answer => ({
  body: { ...DETAIL, ...extra },
});

describe('A support request for the team', () => {
  it('shows the conversation, with the internal note marked as never shown to the client', async () => {
    const { dialog } = await openRequest();
    const note = within(dialog).getByText('Their SMTP password expired, I think.').closest('li')!;
    expect(note).toHaveAttribute('data-kind', 'note');
    expect(note).toHaveTextContent('Internal note — the client never sees this');
    const client = within(dialog).getByText('The contact form sends nothing.').closest('li')!;
    expect(client).not.toHaveTextContent('Internal note');
    expect(within(client).getByRole('link', { name: 'screenshot.webp' })).toHaveAttribute(
      'href',
      '/api/support/attachments/file-1',
    );
    expect(within(dialog).getByRole('button', { name: 'Acknowledge: I have it' })).toBeVisible();
  });

  it('inserts a saved reply in Spanish for a Spanish client and sends it; the queue is read again', async () => {
    const { api, user, dialog } = await openRequest({
      [`POST ${PATH}/replies`]: answered({ status: 'answered', firstResponseAt: iso(NOW) }),
    });
    expect(within(dialog).getByText('Inserted in Spanish, the client’s language.')).toBeVisible();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Saved replies' }), 'r1');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    const box = within(dialog).getByRole('textbox', { name: 'Reply' });
    expect(box).toHaveValue(SAVED.items[0]!.es);
    expect(box).toHaveFocus();
    await user.type(box, ' Saludos.');
    const readsBefore = queueReads(api);
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === `${PATH}/replies`)?.body).toEqual({
        body: `${SAVED.items[0]!.es} Saludos.`,
        attachments: [],
      }),
    );
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByText('Reply sent')).toBeVisible();
    await waitFor(() => expect(queueReads(api)).toBeGreaterThan(readsBefore));
  });

  it('shows the server’s field error beside the reply and keeps every word', async () => {
    const { user, dialog } = await openRequest({
      [`POST ${PATH}/replies`]: apiError(400, 'Check the reply.', [
        { field: 'body', message: 'Reply must be at most 5000 characters.' },
      ]),
    });
    const box = within(dialog).getByRole('textbox', { name: 'Reply' });
    await user.type(box, 'A long answer');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription('Reply must be at most 5000 characters.'),
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveValue('A long answer');
  });

  it('adds an internal note', async () => {
    const { api, user, dialog } = await openRequest({
      [`POST ${PATH}/notes`]: answered({}),
    });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAccessibleDescription('For the team only: the client never sees it.');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByText('Write the note first.')).toBeVisible();
    expect(api.calls.some((c) => c.path.endsWith('/notes'))).toBe(false);
    await user.type(note, 'Called her, she is fine with tomorrow.');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === `${PATH}/notes`)?.body).toEqual({
        body: 'Called her, she is fine with tomorrow.',
      }),
    );
    await waitFor(() => expect(note).toHaveValue(''));
  });

  it('closes only with a resolution, after asking', async () => {
    const { api, user, dialog } = await openRequest({
      [`POST ${PATH}/close`]: answered({
        status: 'closed',
        resolution: 'Restarted the server.',
        closedAt: iso(NOW),
      }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close…' }));
    const ask = await screen.findByRole('dialog', { name: 'Close #1050?' });
    await user.click(within(ask).getByRole('button', { name: 'Close request' }));
    const resolution = within(ask).getByRole('textbox', { name: /^Resolution/ });
    expect(resolution).toHaveAccessibleDescription('Enter the resolution: what was done.');
    expect(resolution).toHaveFocus();
    expect(api.calls.some((c) => c.path.endsWith('/close'))).toBe(false);
    await user.type(resolution, 'Restarted the server.');
    await user.click(within(ask).getByRole('button', { name: 'Close request' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === `${PATH}/close`)?.body).toEqual({
        resolution: 'Restarted the server.',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Close #1050?' })).not.toBeInTheDocument(),
    );
    const reopen = await within(dialog).findByRole('button', { name: 'Reopen' });
    await waitFor(() => expect(reopen).toHaveFocus());
    expect(within(dialog).queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a merge at the number, and assigns an employee', async () => {
    const { api, user, dialog } = await openRequest({
      [`POST ${PATH}/merge`]: apiError(400, 'Check the number.', [
        { field: 'intoNumber', message: 'Request #7 is another client’s.' },
      ]),
      [`POST ${PATH}/assign`]: answered({ assignee: { id: 'emp-2', name: 'Pat Manager' } }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Merge into…' }));
    const ask = await screen.findByRole('dialog', { name: 'Merge #1050 into another request?' });
    const number = within(ask).getByRole('textbox', { name: /^Merge into request number/ });
    await user.type(number, '#7');
    await user.click(within(ask).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(number).toHaveAccessibleDescription('Request #7 is another client’s.'),
    );
    expect(api.calls.find((c) => c.path === `${PATH}/merge`)?.body).toEqual({ intoNumber: 7 });
    expect(number).toHaveValue('#7');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));

    const assignee = within(dialog).getByRole('combobox', { name: 'Assignee' });
    await waitFor(() =>
      expect(within(assignee).getByRole('option', { name: 'Pat Manager' })).toBeInTheDocument(),
    );
    await user.selectOptions(assignee, 'emp-2');
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === `${PATH}/assign`)?.body).toEqual({
        assigneeId: 'emp-2',
      }),
    );
    await waitFor(() => expect(assignee).toHaveValue('emp-2'));
  });

  it('attaches a file to the reply and sends its id', async () => {
    const { api, user, dialog } = await openRequest({
      [`POST ${PATH}/attachments`]: {
        body: {
          id: 'file-9',
          contentType: 'application/pdf',
          size: 2048,
          name: 'receipt-scan.pdf',
        },
      },
      [`POST ${PATH}/replies`]: answered({ status: 'answered' }),
    });
    const file = new File(['%PDF-1.4'], 'receipt-scan.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/^Attach files/), file);
    expect(
      await within(dialog).findByRole('button', { name: /^Remove\W+receipt-scan\.pdf$/ }),
    ).toBeVisible();
    expect(api.calls.find((c) => c.path.startsWith(`${PATH}/attachments`))?.path).toBe(
      `${PATH}/attachments?name=receipt-scan.pdf`,
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reply' }), 'Here it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === `${PATH}/replies`)?.body).toEqual({
        body: 'Here it is.',
        attachments: ['file-9'],
      }),
    );
    await waitFor(() =>
      expect(
        within(dialog).queryByRole('button', { name: /^Remove\W+receipt-scan\.pdf$/ }),
      ).toBeNull(),
    );
  });

  it('acknowledges an urgent request and moves on to the reply', async () => {
    const { api, user, dialog } = await openRequest({
      [`POST ${PATH}/acknowledge`]: answered({
        acknowledgedAt: iso(NOW),
        acknowledgedBy: { id: 'emp-1', name: 'Sam' },
      }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge: I have it' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Reply' })).toHaveFocus(),
    );
    expect(api.calls.some((c) => c.path === `${PATH}/acknowledge`)).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Acknowledge: I have it' })).toBeNull();
    expect(dialog).toHaveTextContent('By Sam,');
  });

  it('reopens a closed request', async () => {
    const { api, user, dialog } = await openRequest({
      [`GET ${PATH}`]: answered({
        status: 'closed',
        resolution: 'Restarted the server.',
        closedAt: iso(NOW),
      }),
      [`POST ${PATH}/reopen`]: answered({ status: 'open' }),
    });
    expect(dialog).toHaveTextContent('Restarted the server.');
    expect(within(dialog).queryByRole('textbox', { name: 'Reply' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Close…' })).toHaveFocus(),
    );
    expect(api.calls.some((c) => c.path === `${PATH}/reopen`)).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: 'Reply' })).toBeVisible();
  });
});
