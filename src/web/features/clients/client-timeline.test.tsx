import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClientTimeline } from '../../../contract/clients/timeline';
import { apiError, mockApi, renderInApp } from '../../test/app';
import { ClientTimelineBlock } from './client-timeline';

const ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const TIMELINE: ClientTimeline = {
  items: [
    {
      at: '2026-11-03T15:00:00.000Z',
      kind: 'activity',
      entry: {
        id: 'a1',
        at: '2026-11-03T15:00:00.000Z',
        actorEmail: 'pat@agency.example',
        action: 'update',
        subject: 'new client',
        detail: { businessName: 'Sunrise Bakery' },
        ipAddress: null,
      },
    },
    { at: '2026-11-02T10:00:00.000Z', kind: 'contact', text: 'First contact by a call (Pat)' },
    { at: '2026-11-01T10:00:00.000Z', kind: 'payment', text: 'Paid $199.00 (INV-001001)' },
    { at: '2026-11-01T09:00:00.000Z', kind: 'registered', text: 'Registered for the Growing plan' },
  ],
};

describe('the client’s timeline', () => {
  it('lists what happened, newest first, each with its time and kind', async () => {
    mockApi({ [`GET /api/clients/${ID}/timeline`]: { body: TIMELINE } });
    renderInApp(<ClientTimelineBlock clientId={ID} />);
    const list = await screen.findByRole('list');
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/Activity.*Updated .*Sunrise Bakery.*\(pat@agency\.example\)/);
    expect(lines[1]).toMatch(/Contact.*First contact by a call \(Pat\)$/);
    expect(lines[3]).toMatch(/Registered.*Registered for the Growing plan$/);
    expect(within(list).getAllByRole('time')[2]).toHaveAttribute(
      'datetime',
      '2026-11-01T10:00:00.000Z',
    );
  });

  it('says in a sentence when it cannot be loaded', async () => {
    mockApi({ [`GET /api/clients/${ID}/timeline`]: apiError(500, 'Something went wrong.') });
    renderInApp(<ClientTimelineBlock clientId={ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
  });
});
