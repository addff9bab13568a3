/** The billing cycle's arithmetic, shared by first payments and the billing engine. */

const MONTHS_PER_CYCLE: Record<string, number> = { month: 1, quarter: 3, year: 12 };
/** How many months one billing period of `billingCycle` lasts (a month when unknown). */
export const cycleMonths = (billingCycle: string): number => MONTHS_PER_CYCLE[billingCycle] ?? 1;
/** docs/product.md §9: the renewal price applies after the first 12 months. */
export const FIRST_PRICE_MONTHS = 12;

/** The price of a period starting at `start`: the intro price until `renewalStartsAt`, then the renewal price (docs/product.md §9). */
export function priceAt(
  sub: { priceCents: number; renewalPriceCents: number | null; renewalStartsAt: Date | null },
  start: Date,
): number {
  return sub.renewalPriceCents != null && sub.renewalStartsAt && start >= sub.renewalStartsAt
    ? sub.renewalPriceCents
    : sub.priceCents;
}
