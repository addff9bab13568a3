import { asc, eq, ne } from 'drizzle-orm';
import { centsToDecimal, dollarsToCents } from '../../../contract/lib/money.js';
import { HttpError } from '../../http/errors.js';
import type { PlanUpdateInput } from '../../../contract/plans/admin.js';
import type { SubscriptionPlan } from '../../../contract/plans/plans.js';
import type { Db } from '../../db/client.js';
import { subscriptionPlans } from '../../db/schema.js';
import { isSerialId } from '../../db/ids.js';
import { createCachedJson } from '../../lib/cached-json.js';

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
    descriptionEs: row.descriptionEs,
    featuresEs: row.featuresEs,
    renewalPrice: row.renewalPriceCents == null ? null : centsToDecimal(row.renewalPriceCents),
    mostPopular: row.mostPopular,
  };
}

export async function listPlans(db: Db): Promise<SubscriptionPlan[]> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id));
  return rows.map(toPlan);
}

/** The plans, read on every landing page view: cached and serialised (lib/cached-json.ts). */
export function createPlanCatalogue(db: Db, ttlMs = 5_000) {
  return createCachedJson(() => listPlans(db), ttlMs);
}
export type PlanCatalogue = ReturnType<typeof createPlanCatalogue>;

/** Edits a plan; only new subscriptions see a new price (each subscription keeps the price it was bought at). */
export async function updatePlan(
  db: Db,
  id: number,
  input: PlanUpdateInput,
): Promise<SubscriptionPlan> {
  const [existing] = isSerialId(id)
    ? await db
        .select({ id: subscriptionPlans.id })
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.id, id))
    : [];
  if (!existing) throw new HttpError(404, 'This plan does not exist (any more).');
  const row = await db.transaction(async (tx) => {
    // One plan carries the 'Most Popular' badge.
    if (input.mostPopular)
      await tx
        .update(subscriptionPlans)
        .set({ mostPopular: false })
        .where(ne(subscriptionPlans.id, id));
    const [updated] = await tx
      .update(subscriptionPlans)
      .set({
        displayName: input.displayName,
        description: input.description,
        priceCents: dollarsToCents(input.price)!,
        billingCycle: input.billingCycle,
        features: input.features,
        descriptionEs: input.descriptionEs ?? null,
        featuresEs: input.featuresEs ?? [],
        renewalPriceCents: input.renewalPrice === null ? null : dollarsToCents(input.renewalPrice)!,
        mostPopular: input.mostPopular,
        updatedAt: new Date(),
      })
      .where(eq(subscriptionPlans.id, id))
      .returning();
    return updated!;
  });
  return toPlan(row);
}
