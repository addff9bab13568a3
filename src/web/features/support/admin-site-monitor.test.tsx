import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SiteUptime } from '../../../contract/support/uptime';
import { apiError, mockApi, renderInApp, type Answer, type Handler } from '../../test/app';
import { SiteMonitorBlock } from './admin';

const ID = '5d0c7c1e-2b7a-4d5e-8f60-7a1b2c3d4e5f';
const PATH = `/api/clients/${ID}/site-monitor`;
const SITE: SiteUptime = {
  url: 'https://sunrise-bakery.example',
  state: 'down',
  lastCheckedAt: '2026-11-28T10:55:00.000Z',
  lastStatus: 503,
  lastTtfbMs: 812,
  lastError: 'The site answered 503 Service Unavailable.',
  certificateExpiresAt: '2027-01-20T00:00:00.000Z',
  uptime: 0.9931,
  checks: 8640,
  outages: [
    { startedAt: '2026-11-20T03:00:00.000Z', endedAt: '2026-11-20T03:25:00.000Z', minutes: 25 },
    { startedAt: '2026-11-28T10:50:00.000Z', endedAt: null, minutes: 10 },
  ],
};

function render(routes: Record<string, Answer | Handler>) {
  const api = mockApi(routes);
  renderInApp(<SiteMonitorBlock clientId={ID} />);
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('The client record’s launched website', () => {
  it('shows the state, 30-day uptime and outages', async () => {
    render({ [`GET ${PATH}`]: { body: { site: SITE } } });
    const block = await screen.findByRole('region', { name: 'Launched website' });
    expect(within(block).getByText('Down')).toHaveAttribute('data-state', 'down');
    expect(within(block).getByRole('link', { name: SITE.url })).toHaveAttribute('href', SITE.url);
    expect(block).toHaveTextContent('99% of 8640 checks');
    expect(block).toHaveTextContent('HTTP 503 · first byte in 812 ms');
    expect(block).toHaveTextContent('The site answered 503 Service Unavailable.');
    const outages = within(block).getAllByRole('listitem');
    expect(outages[0]).toHaveTextContent('25 min');
    expect(outages[1]).toHaveTextContent('still down');
    expect(outages[1]).toHaveTextContent('10 min so far');
    expect(within(block).getByRole('textbox', { name: 'Launched website' })).toHaveValue(SITE.url);
  });

  it('starts watching a website, with the server’s field error first', async () => {
    let tries = 0;
    const { api, user } = render({
      [`GET ${PATH}`]: { body: { site: null } },
      [`PUT ${PATH}`]: ({ body }) =>
        ++tries === 1
          ? apiError(400, 'Check the address.', [
              { field: 'url', message: 'The address must not point to a private network.' },
            ])
          : {
              body: {
                site: {
                  ...SITE,
                  url: (body as { url: string }).url,
                  state: 'unknown',
                  lastCheckedAt: null,
                  uptime: null,
                  checks: 0,
                  outages: [],
                },
              },
            },
    });
    const block = await screen.findByRole('region', { name: 'Launched website' });
    expect(block).toHaveTextContent('Not watched.');
    const field = within(block).getByRole('textbox', { name: 'Launched website' });
    await user.click(within(block).getByRole('button', { name: 'Watch this website' }));
    expect(field).toHaveAccessibleDescription('Enter the website address.');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(field, 'http://10.0.0.5');
    await user.click(within(block).getByRole('button', { name: 'Watch this website' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('The address must not point to a private network.'),
    );
    expect(field).toHaveValue('http://10.0.0.5');

    await user.clear(field);
    await user.type(field, 'https://sunrise-bakery.example');
    await user.click(within(block).getByRole('button', { name: 'Watch this website' }));
    expect(await within(block).findByText('Not checked yet')).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      url: 'https://sunrise-bakery.example',
    });
    expect(block).toHaveTextContent('No checks yet');
  });

  it('stops watching after asking', async () => {
    const { api, user } = render({
      [`GET ${PATH}`]: { body: { site: SITE } },
      [`DELETE ${PATH}`]: { status: 204 },
    });
    const block = await screen.findByRole('region', { name: 'Launched website' });
    await user.click(within(block).getByRole('button', { name: 'Stop watching' }));
    const ask = await screen.findByRole('dialog', { name: 'Stop watching this website?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Stop watching' }));
    expect(await within(block).findByText(/^Not watched\./)).toBeVisible();
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe(PATH);
    await waitFor(() =>
      expect(within(block).getByRole('textbox', { name: 'Launched website' })).toHaveFocus(),
    );
    expect(within(block).getByRole('textbox', { name: 'Launched website' })).toHaveValue('');
  });
});
