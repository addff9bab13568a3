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
  /** The description in Spanish; null: the English one is shown, marked lang="en" (docs/decisions/033). */
  descriptionEs: string | null;
  /** The feature lines in Spanish; empty: the English ones are shown, marked lang="en". */
  featuresEs: string[];
  /** Price after the first 12 months, when the plan has one ('After 12 months $...'). */
  renewalPrice: string | null;
  mostPopular: boolean;
}

/** The plan card's price line in English (issue 28 §7), for the settings page's preview. */
export function priceStoryEn(
  plan: Pick<SubscriptionPlan, 'price' | 'renewalPrice' | 'billingCycle'>,
): string {
  const start = `$${formatDollars(plan.price)}/${plan.billingCycle}`;
  return plan.renewalPrice
    ? `${start} for 12 months, then $${formatDollars(plan.renewalPrice)}/${plan.billingCycle}`
    : `${start}, the price stays`;
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
