import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountConsultation } from '../../../contract/consultations/consultations';
import { apiError, mockApi, renderInApp } from '../../test/app';
import { browserTimeZone, ConsultationSection } from './consultation-section';
import { loadConsultationMessages } from './messages';

const DAY = 86_400_000;
/** Whole hours from now, so they are free times in any zone. */
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const NONE: AccountConsultation = {
  consultation: null,
  canBook: true,
  slotMinutes: 30,
  cutoffHours: 24,
};
const zone = browserTimeZone();
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

describe('the consultation section on the billing page', () => {
  it('offers free times by day in the browser’s zone, and books the chosen one', async () => {
    const slots = [at(3, 10), at(3, 11), at(4, 10)];
    const booked = {
      id: 'c-1',
      startsAt: slots[1]!,
      endsAt: slots[1]!,
      hostName: 'Dana Host',
      changeableUntil: new Date(Date.parse(slots[1]!) - DAY).toISOString(),
    };
    let current: AccountConsultation = NONE;
    const api = mockApi({
      'GET /api/account/consultation': () => ({ body: current }),
      'GET /api/account/consultation/slots': { body: { timeZone: zone, slotMinutes: 30, slots } },
      'POST /api/account/consultation': () => {
        current = { ...NONE, consultation: booked };
        return { status: 201, body: booked };
      },
    });
    renderInApp(<ConsultationSection />);
    const section = await screen.findByRole('region', { name: 'Book your consultation' });
    expect(within(section).getByText(`Times in ${zone}`)).toBeTruthy();
    const book = await within(section).findByRole('button', { name: 'Book this time' });
    expect(book).toHaveProperty('disabled', true);
    const user = userEvent.setup({ delay: null });
    await user.click(within(section).getByRole('radio', { name: timeOf(slots[1]!) }));
    await user.click(book);
    await screen.findByRole('region', { name: 'Your consultation' });
    expect(screen.getByText(/with Dana Host/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ startsAt: slots[1], timeZone: zone });
    expect(api.calls.find((c) => c.path.startsWith('/api/account/consultation/slots'))!.path).toBe(
      `/api/account/consultation/slots?timeZone=${encodeURIComponent(zone)}&days=14`,
    );
  });

  it('says when someone else took the time, in the server’s words', async () => {
    mockApi({
      'GET /api/account/consultation': { body: NONE },
      'GET /api/account/consultation/slots': {
        body: { timeZone: zone, slotMinutes: 30, slots: [at(3, 10)] },
      },
      'POST /api/account/consultation': apiError(
        409,
        'Someone has just booked this time. Please choose another one.',
      ),
    });
    renderInApp(<ConsultationSection />);
    const section = await screen.findByRole('region', { name: 'Book your consultation' });
    const user = userEvent.setup({ delay: null });
    await user.click(await within(section).findByRole('radio'));
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Someone has just booked this time. Please choose another one.',
    );
  });

  it('past the cut-off, shows the booking without Reschedule or Cancel', async () => {
    const soon = at(0, 23);
    mockApi({
      'GET /api/account/consultation': {
        body: {
          ...NONE,
          consultation: {
            id: 'c-2',
            startsAt: soon,
            endsAt: soon,
            hostName: 'Dana Host',
            changeableUntil: new Date(Date.now() - 1000).toISOString(),
          },
        },
      },
    });
    renderInApp(<ConsultationSection />);
    await screen.findByRole('region', { name: 'Your consultation' });
    expect(screen.getByText(/less than 24 hours/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel consultation' })).toBeNull();
  });

  it('shows nothing to a client who cannot book and has nothing booked', async () => {
    const api = mockApi({
      'GET /api/account/consultation': { body: { ...NONE, canBook: false } },
    });
    const { container } = renderInApp(<ConsultationSection />);
    await loadConsultationMessages();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    // The answer and the renders it causes settle before looking.
    await act(async () => {});
    expect(container.querySelector('#consultation')).toBeNull();
    expect(screen.queryByTestId('consultation-loading')).toBeNull();
  });

  it('keeps the section’s room while it loads, then shows the section in its place', async () => {
    mockApi({
      'GET /api/account/consultation': { body: NONE },
      'GET /api/account/consultation/slots': {
        body: { timeZone: zone, slotMinutes: 30, slots: [] },
      },
    });
    renderInApp(<ConsultationSection />);
    // Before the booking's answer: a placeholder, hidden from assistive technology.
    const placeholder = screen.getByTestId('consultation-loading');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.className).toContain('h-');
    await screen.findByRole('region', { name: 'Book your consultation' });
    expect(screen.queryByTestId('consultation-loading')).toBeNull();
  });

  it('says so when there are no free times', async () => {
    mockApi({
      'GET /api/account/consultation': { body: NONE },
      'GET /api/account/consultation/slots': {
        body: { timeZone: zone, slotMinutes: 30, slots: [] },
      },
    });
    renderInApp(<ConsultationSection />);
    await waitFor(() => expect(screen.getByText(/There are no free times/)).toBeTruthy());
  });
});
