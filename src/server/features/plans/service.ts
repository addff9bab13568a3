import { asc } from 'drizzle-orm';
import { centsToDecimal } from '../../../contract/money.js';
import type { SubscriptionPlan } from '../../../contract/plans.js';
import type { Db } from '../../db/client.js';
import { subscriptionPlans } from '../../db/schema.js';

type PlanRow = typeof subscriptionPlans.$inferSelect;

export function toPlan(row: PlanRow): SubscriptionPlan {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    price: centsToDecimal(row.priceCents),
    currency: row.currency,
    billingCycle: row.billingCycle,
    features: row.features,
    renewalPrice: row.renewalPriceCents == null ? null : centsToDecimal(row.renewalPriceCents),
    mostPopular: row.mostPopular,
  };
}

export async function listPlans(db: Db): Promise<SubscriptionPlan[]> {
  const rows = await db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id));
  return rows.map(toPlan);
}

/**
 * The plans are read on every landing page view and change rarely: keep the serialised list
 * for a few seconds. A write in this instance clears it at once; other instances catch up
 * within the TTL.
 */
export function createPlanCatalogue(db: Db, ttlMs = 5_000) {
  let cached: { json: string; expires: number } | undefined;
  return {
    async json(): Promise<string> {
      const now = Date.now();
      if (!cached || cached.expires <= now) {
        cached = { json: JSON.stringify(await listPlans(db)), expires: now + ttlMs };
      }
      return cached.json;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
export type PlanCatalogue = ReturnType<typeof createPlanCatalogue>;
