import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OnboardingView } from '../../../contract/onboarding/onboarding';
import { apiError, mockApi, renderInApp } from '../../test/app';
import { OnboardingBlock } from './admin';

const ID = '6f0c2f53-8a7e-4d0f-9a55-1f1c2b3d4e5f';
const SENT: OnboardingView = {
  status: 'submitted',
  version: 4,
  answers: {
    businessName: 'Sunrise Bakery',
    ownerName: 'Ana Ruiz',
    phone: '',
    address: '',
    description: 'Bread and cakes',
    colours: ['#1a2b3c'],
    domain: 'sunrise.example',
    domainHost: 'GoDaddy',
    social: [{ network: 'instagram', url: 'https://instagram.com/sunrise' }],
    goals: 'More orders',
    likedSites: ['https://example.com/'],
  },
  files: [
    {
      id: 'a1',
      kind: 'logo',
      contentType: 'image/webp',
      bytes: 100,
      width: 512,
      height: 256,
      createdAt: '2026-11-28T09:00:00.000Z',
    },
    {
      id: 'b2',
      kind: 'photo',
      contentType: 'image/webp',
      bytes: 100,
      width: 800,
      height: 600,
      createdAt: '2026-11-28T09:01:00.000Z',
    },
  ],
  updatedAt: '2026-11-28T09:05:00.000Z',
  submittedAt: '2026-11-28T09:05:00.000Z',
};

describe("the Onboarding block on a client's record", () => {
  it('shows the answers read-only, with the logo and photos linked to the employees’ file route', async () => {
    mockApi({ [`GET /api/clients/${ID}/onboarding`]: { body: SENT } });
    renderInApp(<OnboardingBlock clientId={ID} />);
    expect(await screen.findByText('More orders')).toBeVisible();
    expect(screen.getByText(/^Submitted /)).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://instagram.com/sunrise' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    const images = within(screen.getByRole('list', { name: 'Logo and photos' }));
    expect(images.getByRole('img', { name: 'Logo' })).toHaveAttribute(
      'src',
      `/api/clients/${ID}/onboarding/files/a1`,
    );
    expect(images.getByRole('img', { name: 'Photo 1' })).toHaveAttribute(
      'src',
      `/api/clients/${ID}/onboarding/files/b2`,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says when the client has not started, and when the answers cannot be read', async () => {
    mockApi({
      [`GET /api/clients/${ID}/onboarding`]: {
        body: { ...SENT, status: 'draft', version: 0, files: [], submittedAt: null },
      },
      'GET /api/clients/other/onboarding': apiError(404, 'No such client.'),
    });
    renderInApp(
      <>
        <OnboardingBlock clientId={ID} />
        <OnboardingBlock clientId="other" />
      </>,
    );
    expect(await screen.findByText('Not started yet.')).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent('No such client.');
  });
});
