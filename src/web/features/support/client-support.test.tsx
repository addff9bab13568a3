import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type {
  ClientSupportRequest,
  ClientSupportSummary,
  SupportAttachment,
} from '../../../contract/support/support';
import { loadErrorWords } from '../../lib/error-words';
import { renderIn } from '../../lib/i18n';
import { apiError, mockApi, renderInApp, type Answer, type Handler } from '../../test/app';
import { SupportSection } from './index';
import { loadSupportMessages } from './messages';

const DUE = '2026-11-28T13:00:00.000Z';
const OLD: ClientSupportSummary = {
  id: 's-1',
  number: 1041,
  topic: 'billing',
  urgency: 'normal',
  status: 'answered',
  title: 'A second invoice this month',
  source: 'web',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastMessageAt: '2026-11-21T10:00:00.000Z',
  dueAt: null,
};
const PHOTO: SupportAttachment = {
  id: 'f-1',
  contentType: 'image/webp',
  size: 2048,
  name: 'broken-form.png',
};
const NEW: ClientSupportRequest = {
  id: 's-2',
  number: 1042,
  topic: 'broken',
  urgency: 'urgent',
  status: 'open',
  title: 'The contact form sends nothing',
  source: 'web',
  createdAt: '2026-11-28T12:00:00.000Z',
  lastMessageAt: '2026-11-28T12:00:00.000Z',
  dueAt: DUE,
  messages: [
    {
      id: 'message-1',
      kind: 'client',
      authorName: 'Ana Ruiz',
      body: 'The contact form sends nothing.',
      via: 'web',
      attachments: [PHOTO],
      at: '2026-11-28T12:00:00.000Z',
    },
  ],
};
/** A date and time as the section writes them in English, in this machine's zone. */
const when = (iso: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

function renderSection(routes: Record<string, Answer | Handler>, path = '/account') {
  const api = mockApi({
    'GET /api/account/support': { body: { items: [OLD] } },
    'GET /api/account/uptime': { body: { site: null } },
    ...routes,
  });
  renderInApp(<SupportSection />, { path });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe("the billing page's 'Get help'", () => {
  it('opens a request: the form’s own checks, the server’s field issues, then the request on top', async () => {
    let posts = 0;
    let uploads = 0;
    const { api, user } = renderSection({
      'POST /api/account/support/attachments': ({ url }) => ({
        status: 201,
        body: { ...PHOTO, id: `f-${++uploads}`, name: url.searchParams.get('name') },
      }),
      'POST /api/account/support': () =>
        ++posts === 1
          ? apiError(
              400,
              'Please check Description: Description must be at most 5000 characters.',
              [{ field: 'description', message: 'Description must be at most 5000 characters.' }],
            )
          : { status: 201, body: NEW },
    });
    const section = await screen.findByRole('region', { name: 'Get help' });
    expect(await within(section).findByText('#1041')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Get help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get help' });
    // Focus starts on the first question, not on the close button.
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: 'A change to my website' })).toHaveFocus(),
    );

    // Sent empty: the summary lists what to fix, each beside its field too.
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const summary = await within(dialog).findByTestId('error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Choose what your request is about.',
      'Choose how urgent it is.',
      'Describe what you need.',
    ]);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(dialog).getByRole('group', { name: 'What it is about' }),
    ).toHaveAccessibleDescription('Choose what your request is about.');
    expect(posts).toBe(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Something is broken' }));
    await user.click(within(dialog).getByRole('radio', { name: 'My website is down' }));
    await user.type(
      within(dialog).getByLabelText('Description'),
      'The contact form sends nothing.',
    );
    const files = within(dialog).getByLabelText('Attachments');
    await user.upload(files, [
      new File(['png'], 'broken-form.png', { type: 'image/png' }),
      new File(['pdf'], 'second-invoice.pdf', { type: 'application/pdf' }),
    ]);
    expect(await within(dialog).findByRole('link', { name: 'second-invoice.pdf' })).toHaveAttribute(
      'href',
      '/api/account/support/attachments/f-2',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove broken-form.png' }));
    expect(within(dialog).queryByRole('link', { name: 'broken-form.png' })).toBeNull();
    expect(within(dialog).getByText('broken-form.png removed.')).toHaveAttribute('role', 'status');
    // A file the server would refuse is stopped here, in the page's words.
    // (A browser's picker may offer any file despite `accept`.)
    await userEvent
      .setup({ delay: null, applyAccept: false })
      .upload(files, new File(['x'], 'my-notes.txt', { type: 'text/plain' }));
    expect(
      await within(dialog).findByText(
        'my-notes.txt: Only images (PNG, JPEG, WebP, GIF) and PDF files can be attached.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(files).toHaveAccessibleDescription(
      'my-notes.txt: Only images (PNG, JPEG, WebP, GIF) and PDF files can be attached.',
    );

    // The server's field issue: at its field and in the summary.
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const description = within(dialog).getByLabelText('Description');
    await waitFor(() => expect(description).toHaveAttribute('aria-invalid', 'true'));
    expect(description).toHaveAccessibleDescription('Description must be at most 5000 characters.');
    expect(within(dialog).getByTestId('error-summary')).toHaveTextContent(
      'Description must be at most 5000 characters.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rows = within(section).getAllByTestId('support-request');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('#1042 The contact form sends nothing'),
      expect.stringContaining('#1041 A second invoice this month'),
    ]);
    expect(rows[0]).toHaveTextContent('Waiting for us');
    expect(rows[0]).toHaveTextContent(`Answer due by ${when(DUE)}`);
    expect(rows[1]).toHaveTextContent('Answered');
    await waitFor(() =>
      expect(within(rows[0]!).getByRole('button', { expanded: false })).toHaveFocus(),
    );
    expect(
      within(section).getByText(`Request #1042 sent. We will answer by ${when(DUE)}.`),
    ).toHaveAttribute('role', 'status');

    const sent = api.calls.filter((c) => c.method === 'POST' && c.path === '/api/account/support');
    expect(sent.at(-1)!.body).toEqual({
      topic: 'broken',
      urgency: 'urgent',
      description: 'The contact form sends nothing.',
      attachments: ['f-2'],
    });
    expect(
      api.calls
        .filter((c) => c.path.startsWith('/api/account/support/attachments'))
        .map((c) => c.path),
    ).toEqual([
      '/api/account/support/attachments?name=broken-form.png',
      '/api/account/support/attachments?name=second-invoice.pdf',
    ]);
  });

  it('closes the dialog with Escape and gives focus back to its button', async () => {
    const { user } = renderSection({});
    const section = await screen.findByRole('region', { name: 'Get help' });
    const open = within(section).getByRole('button', { name: 'Get help' });
    await user.click(open);
    await screen.findByRole('dialog', { name: 'Get help' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('shows the whole conversation of a request, and a reply reopens a closed one', async () => {
    const closed: ClientSupportRequest = {
      ...NEW,
      status: 'closed',
      dueAt: null,
      messages: [
        ...NEW.messages,
        {
          id: 'message-2',
          kind: 'team',
          authorName: 'Dana from the team',
          body: 'Fixed: the form sends again.\nPlease try it.',
          via: 'email',
          attachments: [{ ...PHOTO, id: 'f-9', name: 'test-send.pdf' }],
          at: '2026-11-28T12:30:00.000Z',
        },
      ],
    };
    const reopened: ClientSupportRequest = {
      ...closed,
      status: 'open',
      dueAt: DUE,
      messages: [
        ...closed.messages,
        {
          id: 'message-3',
          kind: 'client',
          authorName: 'Ana Ruiz',
          body: 'It broke again.',
          via: 'web',
          attachments: [],
          at: '2026-11-28T12:40:00.000Z',
        },
      ],
    };
    const { api, user } = renderSection({
      'GET /api/account/support': { body: { items: [OLD, { ...closed, messages: undefined }] } },
      'GET /api/account/support/s-2': { body: closed },
      'POST /api/account/support/s-2/messages': ({ body }) =>
        (body as { body: string }).body.length > 20
          ? apiError(400, 'Please check Message.', [
              { field: 'body', message: 'Message must be at most 20 characters.' },
            ])
          : { body: reopened },
    });
    const row = (await screen.findAllByTestId('support-request'))[1]!;
    expect(row).toHaveTextContent('Closed');
    const opener = within(row).getByRole('button', { expanded: false });
    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const thread = await within(row).findByRole('list', { name: 'Conversation' });
    const messages = within(thread)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.kind);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toHaveTextContent('Ana Ruiz');
    expect(messages[0]).toHaveTextContent(when(NEW.messages[0]!.at));
    expect(within(messages[0]!).getByRole('link', { name: 'broken-form.png' })).toHaveAttribute(
      'href',
      '/api/account/support/attachments/f-1',
    );
    expect(messages[1]).toHaveTextContent('Dana from the team');
    expect(messages[1]).toHaveTextContent('by e-mail');
    expect(messages[1]).toHaveTextContent('Fixed: the form sends again. Please try it.');
    expect(within(messages[1]!).getByRole('link', { name: 'test-send.pdf' })).toHaveAttribute(
      'href',
      '/api/account/support/attachments/f-9',
    );

    const box = within(row).getByLabelText('Write a reply');
    expect(box).toHaveAccessibleDescription('This request is closed. Replying reopens it.');
    await user.click(within(row).getByRole('button', { name: 'Send' }));
    expect(box).toHaveAccessibleDescription('Write your reply.');
    expect(box).toHaveFocus();

    await user.type(box, 'It broke again, and the page is blank too.');
    await user.click(within(row).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription('Message must be at most 20 characters.'),
    );
    await user.clear(box);
    await user.type(box, 'It broke again.');
    await user.click(within(row).getByRole('button', { name: 'Send' }));
    expect(await within(row).findByText('Reply sent.')).toHaveAttribute('role', 'status');
    expect(within(thread).getByText('It broke again.')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(row).toHaveTextContent('Waiting for us');
    expect(row).toHaveTextContent(`Answer due by ${when(DUE)}`);
    expect(box).toHaveAccessibleDescription('We e-mail you when the team answers.');
    // The row keeps its place in the list, and the keyboard stays where it was.
    expect(screen.getAllByTestId('support-request').indexOf(row)).toBe(1);
    expect(within(row).getByRole('button', { name: 'Send' })).toHaveFocus();
    expect(api.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/account/support/s-2/messages',
      body: { body: 'It broke again.', attachments: [] },
    });
  });

  it('brings a row up to date when its request is opened (the team answered meanwhile)', async () => {
    const { user } = renderSection({
      'GET /api/account/support': { body: { items: [{ ...NEW, messages: undefined }] } },
      'GET /api/account/support/s-2': { body: { ...NEW, status: 'answered', dueAt: null } },
    });
    const row = await screen.findByTestId('support-request');
    expect(row).toHaveTextContent('Waiting for us');
    await user.click(within(row).getByRole('button'));
    await within(row).findByRole('list', { name: 'Conversation' });
    await waitFor(() => expect(row).toHaveTextContent('Answered'));
    expect(row).not.toHaveTextContent('Answer due by');
  });

  it('says when there are no requests yet', async () => {
    renderSection({ 'GET /api/account/support': { body: { items: [] } } });
    expect(await screen.findByText('No requests yet.')).toBeInTheDocument();
  });

  it('says it is loading, then why the list failed, and tries again', async () => {
    let reads = 0;
    const { user } = renderSection({
      'GET /api/account/support': () =>
        ++reads === 1
          ? apiError(503, 'The database is not answering right now. Please try again in a moment.')
          : { body: { items: [OLD] } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your requests.');
    expect(alert).toHaveTextContent('The database is not answering right now.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('A second invoice this month')).toBeInTheDocument();
  });

  it('says it is loading the requests', async () => {
    renderSection({ 'GET /api/account/support': 'pending' });
    expect(await screen.findByText('Loading your requests…')).toHaveAttribute('role', 'status');
  });

  it('speaks Spanish on a Spanish page: labels, statuses, dates and the server’s error codes', async () => {
    await renderIn('es');
    // The page's language never changes inside a document; this test's does, so its words load again.
    await Promise.all([loadErrorWords(), loadSupportMessages()]);
    try {
      const { user } = renderSection(
        {
          'GET /api/account/support': { body: { items: [{ ...NEW, messages: undefined }] } },
          // As the server sends a coded issue (src/server/http/errors.ts): the English and the code.
          'POST /api/account/support': {
            status: 400,
            body: {
              message: 'Please check Description.',
              code: 'validation',
              issues: [
                {
                  field: 'description',
                  message: 'This field is required.',
                  code: 'field_required',
                },
              ],
            },
          },
        },
        '/es/account',
      );
      const section = await screen.findByRole('region', { name: 'Pedir ayuda' });
      const row = await within(section).findByTestId('support-request');
      expect(row).toHaveTextContent('Algo no funciona');
      expect(row).toHaveTextContent('Esperando nuestra respuesta');
      expect(row).toHaveTextContent(`Respuesta antes del ${when(DUE, 'es-US')}`);
      await user.click(within(section).getByRole('button', { name: 'Pedir ayuda' }));
      const dialog = await screen.findByRole('dialog', { name: 'Pedir ayuda' });
      expect(within(dialog).getByRole('group', { name: 'De qué se trata' })).toBeInTheDocument();
      expect(
        within(dialog).getByRole('radio', { name: 'Mi sitio web no funciona' }),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByRole('radio', { name: 'Puede esperar al horario laboral' }),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
      expect(within(dialog).getByTestId('error-summary')).toHaveTextContent('Hay un problema');
      expect(within(dialog).getByTestId('error-summary')).toHaveTextContent(
        'Elija de qué se trata su solicitud.',
      );
      await user.click(within(dialog).getByRole('radio', { name: 'Un cambio en mi sitio web' }));
      await user.click(
        within(dialog).getByRole('radio', { name: 'Puede esperar al horario laboral' }),
      );
      await user.type(within(dialog).getByLabelText('Descripción'), ' x ');
      await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
      // The server's coded issue, in the page's language.
      await waitFor(() =>
        expect(within(dialog).getByLabelText('Descripción')).toHaveAccessibleDescription(
          'Este campo es obligatorio.',
        ),
      );
      expect(document.body.textContent).not.toMatch(/Get help|Send request|Waiting for us/);
    } finally {
      await renderIn('en');
    }
  });

  it('has markup axe finds nothing wrong with: the list, an open thread, the card and the dialog', async () => {
    const { user } = renderSection({
      'GET /api/account/support': { body: { items: [OLD, NEW] } },
      'GET /api/account/support/s-1': { body: { ...NEW, ...OLD, messages: NEW.messages } },
      'GET /api/account/uptime': {
        body: {
          site: {
            url: 'https://sunrise-bakery.example',
            state: 'down',
            lastCheckedAt: DUE,
            lastStatus: null,
            lastTtfbMs: null,
            lastError: 'No answer within 10 seconds',
            certificateExpiresAt: null,
            uptime: 0.991,
            checks: 100,
            outages: [{ startedAt: DUE, endedAt: null, minutes: 3 }],
          },
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Get help' });
    await within(section).findByTestId('site-uptime');
    await user.click(
      within((await within(section).findAllByTestId('support-request'))[0]!).getByRole('button'),
    );
    await within(section).findByRole('list', { name: 'Conversation' });
    // jsdom lays nothing out: colours and sizes are the browser tests' to measure.
    const only = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(document.body, only)).violations).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Get help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get help' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await within(dialog).findByTestId('error-summary');
    expect((await axe.run(dialog, only)).violations).toEqual([]);
  });
});
