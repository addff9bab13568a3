import type { Db } from '../../db/client.js';
import { subscriptionPlans } from '../../db/schema.js';

const CORE_SERVICES = [
  'Website Development',
  '2 AI Generated Commercials',
  'Social Media Marketing',
  '24/7 Tech Support',
];

/** The plans every install starts with. Prices are demo prices; the renewal prices are those of docs/product.md §9. */
export const DEMO_PLANS = [
  {
    name: 'essential',
    displayName: 'Essential',
    description: 'A professional website and the basics to get your business found online.',
    priceCents: 19_900,
    renewalPriceCents: 42_500,
    features: [
      ...CORE_SERVICES,
      'Up to 5 website pages',
      '1 social media channel managed',
      'Monthly performance report',
    ],
  },
  {
    name: 'growing',
    displayName: 'Growing',
    description:
      'More pages, more channels and local search work for a business that is picking up speed.',
    priceCents: 29_900,
    renewalPriceCents: 32_500,
    features: [
      ...CORE_SERVICES,
      'Up to 10 website pages',
      '2 social media channels managed',
      'Local search listing set-up',
    ],
  },
  {
    name: 'professional',
    displayName: 'Professional',
    description:
      'Our most chosen plan: a full business site with online booking and steady marketing.',
    priceCents: 44_900,
    renewalPriceCents: null,
    mostPopular: true,
    features: [
      ...CORE_SERVICES,
      'Up to 20 website pages',
      '3 social media channels managed',
      'Online booking or contact forms',
      'Quarterly strategy call',
    ],
  },
  {
    name: 'comprehensive',
    displayName: 'Comprehensive',
    description:
      'Everything we do, for businesses that want a partner for their whole online presence.',
    priceCents: 59_900,
    renewalPriceCents: 56_500,
    features: [
      ...CORE_SERVICES,
      'Unlimited website pages',
      'All major social media channels managed',
      'Online store set-up',
      'Monthly strategy call',
    ],
  },
];

/** Adds the plans (a plan of the same name already there is kept). */
export async function seedPlans(db: Db): Promise<void> {
  await db
    .insert(subscriptionPlans)
    .values(
      DEMO_PLANS.map((p, i) => ({ ...p, mostPopular: p.mostPopular ?? false, sortOrder: i + 1 })),
    )
    .onConflictDoNothing({ target: subscriptionPlans.name });
}
