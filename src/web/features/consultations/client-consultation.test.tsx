import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamConsultation } from '../../../contract/consultations/consultations';
import { mockApi, renderInApp } from '../../test/app';
import { ClientConsultationBlock } from './client-consultation';

const BOOKED: TeamConsultation = {
  id: 'c-1',
  uid: 'u-1@consultations',
  startsAt: '2027-11-02T14:00:00.000Z',
  endsAt: '2027-11-02T14:30:00.000Z',
  status: 'booked',
  host: { id: 'e-1', name: 'Dana Host', email: 'dana@example.com' },
  clientTimeZone: 'Europe/Madrid',
  sequence: 1,
};

describe("the client record's consultation block", () => {
  it('shows the booking, its host and the client’s own time', async () => {
    mockApi({ 'GET /api/consultations/clients/r-1': { body: { consultation: BOOKED } } });
    renderInApp(<ClientConsultationBlock clientId="r-1" />);
    expect(await screen.findByText('Booked')).toBeTruthy();
    expect(screen.getByText('Dana Host (dana@example.com)')).toBeTruthy();
    expect(
      screen.getByText(/Client’s time: Nov 2, 2027, 3:00\s?PM \(Europe\/Madrid\)/),
    ).toBeTruthy();
    expect(screen.getByText('1')).toBeTruthy();
  });

  it('says when nothing is booked', async () => {
    mockApi({ 'GET /api/consultations/clients/r-2': { body: { consultation: null } } });
    renderInApp(<ClientConsultationBlock clientId="r-2" />);
    expect(await screen.findByText('Not booked yet.')).toBeTruthy();
  });

  it('names a removed host as none', async () => {
    mockApi({
      'GET /api/consultations/clients/r-3': { body: { consultation: { ...BOOKED, host: null } } },
    });
    renderInApp(<ClientConsultationBlock clientId="r-3" />);
    expect(await screen.findByText('None: the host was removed')).toBeTruthy();
  });
});
