import type { PlanUpdateInput, PlanUpdatePayload } from '../../../contract/plans/admin';
import { formatDollars, type SubscriptionPlan } from '../../../contract/plans/plans';

export interface PlanFormValues {
  displayName: string;
  description: string;
  price: string;
  billingCycle: string;
  /** One feature a line. */
  features: string;
  /** '' for none. */
  renewalPrice: string;
  mostPopular: boolean;
  /** '' for none: the English description is shown on /es, marked lang="en". */
  descriptionEs: string;
  /** One feature a line; '' for none (the English lines are shown). */
  featuresEs: string;
}

export const planValuesOf = (plan: SubscriptionPlan): PlanFormValues => ({
  displayName: plan.displayName,
  description: plan.description,
  price: formatDollars(plan.price),
  billingCycle: plan.billingCycle,
  features: plan.features.join('\n'),
  renewalPrice: plan.renewalPrice ? formatDollars(plan.renewalPrice) : '',
  mostPopular: plan.mostPopular,
  descriptionEs: plan.descriptionEs ?? '',
  featuresEs: plan.featuresEs.join('\n'),
});

/** Lines trimmed and empty lines dropped: a trailing Enter is not a feature. */
export const featureLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** What the server takes; it checks amounts and lengths and answers field by field. */
export function planPayload(values: PlanFormValues): PlanUpdatePayload {
  const renewal = values.renewalPrice.trim().replace(/^\$/, '');
  return {
    displayName: values.displayName.trim(),
    description: values.description.trim(),
    price: values.price.trim().replace(/^\$/, ''),
    billingCycle: values.billingCycle as PlanUpdateInput['billingCycle'],
    features: featureLines(values.features),
    renewalPrice: renewal === '' ? null : renewal,
    mostPopular: values.mostPopular,
    descriptionEs: values.descriptionEs.trim(),
    featuresEs: featureLines(values.featuresEs),
  };
}

const FIELD_KEYS: Record<keyof PlanFormValues, true> = {
  displayName: true,
  description: true,
  price: true,
  billingCycle: true,
  features: true,
  renewalPrice: true,
  mostPopular: true,
  descriptionEs: true,
  featuresEs: true,
};

/** The server names a feature's problem 'features.2'; the form shows it on the features box, naming the line. */
export function planFieldErrors(
  issues: Record<string, string>,
): Partial<Record<keyof PlanFormValues, string>> {
  const out: Partial<Record<keyof PlanFormValues, string>> = {};
  for (const [field, message] of Object.entries(issues)) {
    const [key, index] = field.split('.');
    if (!key || !Object.hasOwn(FIELD_KEYS, key)) continue;
    const name = key as keyof PlanFormValues;
    out[name] ??=
      index !== undefined && /^\d+$/.test(index)
        ? `Line ${Number(index) + 1}: ${message}`
        : message;
  }
  return out;
}
