import { seededRandom } from '../../lib/seeded-random.js';
/**
 * Clearly fictional applications and 60 days of their sales, so the dashboard shows numbers on
 * an empty install. Products are `prod_demo_*`, customers `@customers.example`, provider 'test';
 * test money (`livemode: false`), so a product taking real money never counts it.
 */
export const DEMO_APPLICATIONS = [
  {
    name: 'Mission Meals (demo)',
    url: 'https://mission-meals.example',
    description: 'Meal-prep ordering for a family kitchen.',
    status: 'active' as const,
    iconColor: '#B91C1C',
    iconType: 'utensils',
    stripeProductId: 'prod_demo_mission_meals',
  },
  {
    name: 'Patriot Fitness Booking (demo)',
    url: 'https://patriot-fitness.example',
    description: 'Class booking and memberships for a veteran-run gym.',
    status: 'active' as const,
    iconColor: '#1D4ED8',
    iconType: 'mobile-alt',
    stripeProductId: 'prod_demo_patriot_fitness',
  },
  {
    name: 'Hill Country Listings (demo)',
    url: 'https://hill-country-listings.example',
    description: 'A local business directory, launching soon.',
    status: 'deployment' as const,
    iconColor: '#047857',
    iconType: 'globe',
    stripeProductId: 'prod_demo_hill_country',
  },
];

export interface DemoPayment {
  providerPaymentId: string;
  productId: string;
  amountCents: number;
  customerEmail: string;
  paidAt: Date;
  livemode: false;
}

/** Sales of the two live demo apps over the `days` before `until`, a few a day, growing slowly. */
export function demoPayments(until: Date, days = 60, seed = 42): DemoPayment[] {
  const next = seededRandom(seed);
  const out: DemoPayment[] = [];
  const live = DEMO_APPLICATIONS.filter((a) => a.status === 'active');
  for (let day = days; day >= 0; day--) {
    for (const app of live) {
      const sales = 1 + Math.floor(next() * (3 + (days - day) / 20));
      for (let n = 0; n < sales; n++) {
        const paidAt = new Date(
          until.getTime() - day * 86_400_000 - Math.floor(next() * 86_400_000),
        );
        if (paidAt > until) continue;
        out.push({
          providerPaymentId: `demo_${app.stripeProductId}_${day}_${n}`,
          productId: app.stripeProductId,
          amountCents: [999, 1499, 2499, 4999][Math.floor(next() * 4)]!,
          customerEmail: `customer-${1 + Math.floor(next() * 120)}@customers.example`,
          paidAt,
          livemode: false,
        });
      }
    }
  }
  return out;
}
