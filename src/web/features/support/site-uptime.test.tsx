import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteUptime as Site } from '../../../contract/support/uptime';
import { renderIn } from '../../lib/i18n';
import { apiError, mockApi, renderInApp } from '../../test/app';
import { loadSupportMessages } from './messages';
import { SiteUptime } from './site-uptime';

const UP: Site = {
  url: 'https://sunrise-bakery.example',
  state: 'up',
  lastCheckedAt: '2026-11-28T11:55:00.000Z',
  lastStatus: 200,
  lastTtfbMs: 180,
  lastError: null,
  certificateExpiresAt: '2027-02-01T00:00:00.000Z',
  uptime: 0.9987,
  checks: 8640,
  outages: [
    { startedAt: '2026-11-10T03:00:00.000Z', endedAt: '2026-11-10T03:12:00.000Z', minutes: 12 },
    { startedAt: '2026-11-20T22:00:00.000Z', endedAt: '2026-11-20T23:05:00.000Z', minutes: 65 },
  ],
};
const when = (iso: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The card's facts as 'term: value' pairs, in order. */
const facts = (card: HTMLElement) =>
  [...card.querySelectorAll('dt')].map(
    (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
  );

beforeAll(() => loadSupportMessages());

describe("'Your website' on the billing page", () => {
  it('shows nothing while no website is watched', async () => {
    const api = mockApi({ 'GET /api/account/uptime': { body: { site: null } } });
    const { container } = renderInApp(<SiteUptime />, { path: '/account' });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading', { name: 'Your website' })).toBeNull();
  });

  it('shows the site, its state, the 30-day uptime, the last check and the outages', async () => {
    mockApi({ 'GET /api/account/uptime': { body: { site: UP } } });
    renderInApp(<SiteUptime />, { path: '/account' });
    const card = await screen.findByTestId('site-uptime');
    expect(within(card).getByRole('heading', { name: 'Your website' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: UP.url })).toHaveAttribute('href', UP.url);
    expect(within(card).getByText('Up')).toBeInTheDocument();
    expect(facts(card)).toEqual(['30-day uptime: 99.9%', `Last check: ${when(UP.lastCheckedAt!)}`]);
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `${when('2026-11-10T03:00:00.000Z')}: 12 minutes`,
      `${when('2026-11-20T22:00:00.000Z')}: 1 h 5 min`,
    ]);
  });

  it('says a site is down now, and a new one is not checked yet', async () => {
    const down: Site = {
      ...UP,
      state: 'down',
      uptime: 0.95,
      outages: [{ startedAt: '2026-11-28T11:00:00.000Z', endedAt: null, minutes: 1 }],
    };
    mockApi({ 'GET /api/account/uptime': { body: { site: down } } });
    const first = renderInApp(<SiteUptime />, { path: '/account' });
    const card = await screen.findByTestId('site-uptime');
    expect(within(card).getByText('Down')).toBeInTheDocument();
    expect(facts(card)[0]).toBe('30-day uptime: 95.0%');
    expect(within(card).getByRole('listitem')).toHaveTextContent(
      `${when('2026-11-28T11:00:00.000Z')}: 1 minute so far, still down`,
    );
    first.unmount();

    const fresh: Site = {
      ...UP,
      state: 'unknown',
      uptime: null,
      lastCheckedAt: null,
      checks: 0,
      outages: [],
    };
    mockApi({ 'GET /api/account/uptime': { body: { site: fresh } } });
    renderInApp(<SiteUptime />, { path: '/account' });
    const next = await screen.findByTestId('site-uptime');
    expect(within(next).getAllByText('Not checked yet')).toHaveLength(3);
    expect(facts(next)).toEqual(['30-day uptime: Not checked yet', 'Last check: Not checked yet']);
    expect(within(next).getByText('None.')).toBeInTheDocument();
  });

  it('says why it could not be loaded, and tries again', async () => {
    let reads = 0;
    mockApi({
      'GET /api/account/uptime': () =>
        ++reads === 1 ? apiError(500, 'Something went wrong on our side.') : { body: { site: UP } },
    });
    renderInApp(<SiteUptime />, { path: '/account' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We could not load your website's checks.");
    await userEvent
      .setup({ delay: null })
      .click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('site-uptime')).toHaveTextContent('99.9%');
  });

  it('speaks Spanish on a Spanish page, with the percent and dates of its locale', async () => {
    await renderIn('es');
    try {
      await loadSupportMessages();
      mockApi({ 'GET /api/account/uptime': { body: { site: UP } } });
      renderInApp(<SiteUptime />, { path: '/es/account' });
      const card = await screen.findByTestId('site-uptime');
      expect(within(card).getByRole('heading', { name: 'Su sitio web' })).toBeInTheDocument();
      expect(within(card).getByText('En línea')).toBeInTheDocument();
      const percent = new Intl.NumberFormat('es-US', {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(0.9987);
      expect(facts(card)).toEqual([
        `Disponibilidad en 30 días: ${percent}`,
        `Última comprobación: ${when(UP.lastCheckedAt!, 'es-US')}`,
      ]);
      expect(within(card).getByText('Caídas en los últimos 30 días')).toBeInTheDocument();
      expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent(
        `${when('2026-11-10T03:00:00.000Z', 'es-US')}: 12 minutos`,
      );
    } finally {
      await renderIn('en');
    }
  });
});
