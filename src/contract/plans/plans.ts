/** A subscription plan as the API answers it: money as decimal strings (docs/product.md §3). */
export interface SubscriptionPlan {
  id: number;
  name: string;
  displayName: string;
  description: string;
  price: string;
  currency: string;
  billingCycle: string;
  features: string[];
  /** Price after the first 12 months, when the plan has one ('After 12 months $...'). */
  renewalPrice: string | null;
  mostPopular: boolean;
}

/** 'After 12 months $565' — whole dollars without cents, otherwise with them. */
export function renewalNote(plan: Pick<SubscriptionPlan, 'renewalPrice'>): string | null {
  if (!plan.renewalPrice) return null;
  return `After 12 months $${formatDollars(plan.renewalPrice)}`;
}

/** '565.00' → '565', '99.50' → '99.50'. */
export function formatDollars(decimal: string): string {
  return decimal.endsWith('.00') ? decimal.slice(0, -3) : decimal;
}

/** The registration form's plan option: 'displayName - $price/billingCycle' (docs/product.md §5). */
export function planOptionLabel(
  plan: Pick<SubscriptionPlan, 'displayName' | 'price' | 'billingCycle'>,
): string {
  return `${plan.displayName} - $${plan.price}/${plan.billingCycle}`;
}
