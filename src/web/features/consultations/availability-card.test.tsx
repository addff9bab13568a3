import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MyAvailability } from '../../../contract/consultations/consultations';
import { apiError, mockApi, renderInApp } from '../../test/app';
import { AvailabilityCard } from './availability-card';

const MINE: MyAvailability = {
  availability: {
    timeZone: 'America/Chicago',
    weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
    daysOff: ['2026-12-24'],
  },
  settings: { slotMinutes: 30, cutoffHours: 24 },
};

describe('Settings → Availability', () => {
  it('shows the saved hours, adds a range and saves them all with the days off', async () => {
    let saved: unknown;
    mockApi({
      'GET /api/consultations/availability': { body: MINE },
      'PUT /api/consultations/availability': ({ body }) => {
        saved = body;
        return { body: MINE };
      },
    });
    renderInApp(<AvailabilityCard owner={false} />);
    const zone = await screen.findByLabelText('Time zone');
    expect((zone as HTMLInputElement).value).toBe('America/Chicago');
    const hours = screen.getByRole('group', { name: 'Weekly hours' });
    expect(within(hours).getAllByLabelText('Day')).toHaveLength(1);
    const user = userEvent.setup({ delay: null });
    await user.click(within(hours).getByRole('button', { name: 'Add a time range' }));
    await user.selectOptions(within(hours).getAllByLabelText('Day')[1]!, 'Wednesday');
    await user.type(screen.getByLabelText('Days off'), '\n2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await screen.findByText('Availability saved');
    expect(saved).toEqual({
      timeZone: 'America/Chicago',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 3, start: '09:00', end: '17:00' },
      ],
      daysOff: ['2026-12-24', '2026-12-31'],
    });
    // Staff see the shared settings but cannot change them.
    expect(screen.getByLabelText('Slot length (minutes)')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });

  it('shows the server’s complaint beside the field', async () => {
    mockApi({
      'GET /api/consultations/availability': { body: MINE },
      'PUT /api/consultations/availability': apiError(400, 'Check the time zone.', [
        { field: 'timeZone', message: 'Time zone must be a time zone such as Europe/Madrid.' },
      ]),
    });
    renderInApp(<AvailabilityCard owner />);
    const user = userEvent.setup({ delay: null });
    const zone = await screen.findByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Mars/Base');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(
      await screen.findByText('Time zone must be a time zone such as Europe/Madrid.'),
    ).toBeTruthy();
    expect(zone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeTruthy();
  });
});
