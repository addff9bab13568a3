import type { Db } from '../../db/client.js';
import { portfolioItems } from '../../db/schema.js';

/** Clearly fictional client websites on reserved example domains. */
export const DEMO_PORTFOLIO = [
  {
    websiteName: 'Harbor Lights Bakery (demo)',
    websiteUrl: 'https://harbor-lights-bakery.example.com',
    logoUrl: '/demo/harbor-lights.svg',
    description:
      'Demo client: a neighbourhood bakery with online pre-orders and a weekly specials page.',
  },
  {
    websiteName: 'Ridgeline Auto Care (demo)',
    websiteUrl: 'https://ridgeline-auto.example.net',
    logoUrl: '/demo/ridgeline-auto.svg',
    description: 'Demo client: a family-run repair shop with service booking and customer reviews.',
  },
  {
    websiteName: 'Juniper Family Dental (demo)',
    websiteUrl: 'https://juniper-dental.example.org',
    logoUrl: null,
    description:
      'Demo client: a dental practice site with new-patient forms and insurance information.',
  },
];

/** Adds the demo portfolio, marked as demo items. */
export async function seedDemoPortfolio(db: Db): Promise<void> {
  await db.insert(portfolioItems).values(DEMO_PORTFOLIO.map((p) => ({ ...p, isDemo: true })));
}
