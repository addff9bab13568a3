import axe from 'axe-core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UnmatchedMail } from '../../../contract/support/support';
import { mockApi, renderInApp } from '../../test/app';
import { OnCallCard, SavedRepliesCard, SiteMonitorBlock, SupportHoursCard } from './admin';
import SupportSection from './admin-section';
import { detail, EMPLOYEES, FIGURES, item, NOW, iso, queuePage } from './admin-test-data';

// The e2e specs run axe in a real browser, with colours; here each screen's structure is checked
// (names, labels, roles, ARIA) as it is rendered, without the colour rules a DOM without CSS
// cannot judge, and without 'region' (a component is no whole page with landmarks).
const RULES = { 'color-contrast': { enabled: false }, region: { enabled: false } };
async function violations(context: Element) {
  const result = await axe.run(context, { rules: RULES });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const URGENT = item(1060, {
  urgency: 'urgent',
  breached: true,
  escalatedAt: iso(NOW),
  business: { id: 'b', name: 'Sol', email: 'sol@example.com', language: 'es' },
});
const MAIL: UnmatchedMail = {
  id: 'mail-1',
  from: 'stranger@example.net',
  subject: 'Hello',
  text: 'Text',
  reason: 'not_the_client',
  receivedAt: iso(NOW),
};

describe('The support screens have no axe violations', () => {
  it('the queue, and the request dialog', async () => {
    mockApi({
      'GET /api/support/requests': {
        body: queuePage([URGENT, item(1061, { firstResponseAt: iso(NOW) })], { total: 60 }),
      },
      'GET /api/support/figures': { body: FIGURES },
      'GET /api/support/inbound': { body: { items: [MAIL] } },
      [`GET /api/support/requests/${URGENT.id}`]: { body: detail(URGENT) },
      'GET /api/new-clients/project-managers': { body: EMPLOYEES },
      'GET /api/support/saved-replies': {
        body: { items: [{ id: 'r', title: 'Hi', en: 'Hi', es: 'Hola' }] },
      },
    });
    const { container } = renderInApp(<SupportSection />, { path: '/admin#support' });
    const open = await screen.findByRole('button', { name: 'Open request #1060' });
    await screen.findByText('Hello');
    await screen.findByRole('region', { name: 'Urgent requests' });
    expect(await violations(container)).toEqual([]);

    await userEvent.setup({ delay: null }).click(open);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { name: 'Conversation' });
    await within(dialog).findByRole('option', { name: 'Hi' });
    expect(await violations(dialog)).toEqual([]);
  });

  it('the settings pages and the launched-website block', async () => {
    mockApi({
      'GET /api/support/settings/hours': {
        body: {
          weekdays: [1, 2, 3, 4, 5],
          start: '09:00',
          end: '17:00',
          holidays: ['2026-12-25'],
          urgentMinutes: 60,
          normalBusinessDays: 1,
          timeZone: 'America/Chicago',
        },
      },
      'GET /api/support/settings/on-call': {
        body: {
          employees: EMPLOYEES.slice(0, 2),
          now: EMPLOYEES[0],
          weeks: [{ weekOf: '2026-11-23', employee: EMPLOYEES[0] }],
        },
      },
      'GET /api/new-clients/project-managers': { body: EMPLOYEES },
      'GET /api/support/saved-replies': {
        body: { items: [{ id: 'r', title: 'Hi', en: 'Hi', es: 'Hola' }] },
      },
      'GET /api/clients/c1/site-monitor': {
        body: {
          site: {
            url: 'https://example.com',
            state: 'up',
            lastCheckedAt: iso(NOW),
            lastStatus: 200,
            lastTtfbMs: 120,
            lastError: null,
            certificateExpiresAt: iso(NOW + 50 * 86_400_000),
            uptime: 1,
            checks: 10,
            outages: [{ startedAt: iso(NOW - 86_400_000), endedAt: iso(NOW), minutes: 5 }],
          },
        },
      },
    });
    const { container } = renderInApp(
      <div className="grid gap-6">
        <SupportHoursCard owner />
        <OnCallCard owner />
        <SavedRepliesCard />
        <SiteMonitorBlock clientId="c1" />
      </div>,
    );
    await screen.findByRole('group', { name: 'Business days' });
    await screen.findByRole('region', { name: 'Who is on call' });
    await screen.findByRole('list', { name: 'Saved replies' });
    await screen.findByRole('region', { name: 'Launched website' });
    expect(await violations(container)).toEqual([]);
  });
});
