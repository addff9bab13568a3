import { Check } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { formatMoney } from '../../../contract/lib/locale-format';
import type { SubscriptionPlan } from '../../../contract/plans/plans';
import { contentText, useI18n, useT } from '../../lib/i18n';

/** What a plan includes, as a checked list (plan cards, checkout), in the page's language when the agency wrote it. */
export function PlanFeatures({
  features,
  featuresEs = [],
  className,
}: {
  features: string[];
  /** The Spanish lines; none: the English ones, marked lang="en" on a Spanish page. */
  featuresEs?: string[];
  className?: string;
}) {
  const { text, lang } = contentText(features, featuresEs);
  return (
    <ul className={className ?? 'grid gap-2 text-sm'} lang={lang}>
      {text.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-flag-red" aria-hidden="true" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}

/** The whole price in one line (issue 28 §7): '$199/month for 12 months, then $425/month', or '$449/month, the price stays'. */
export function priceStory(i18n: I18n, plan: SubscriptionPlan): string {
  const money = (price: string | null) => price && formatMoney(i18n, price, plan.currency, true);
  return i18n._(plan.renewalPrice ? 'plans.priceStory' : 'plans.priceStays', {
    price: money(plan.price),
    renewal: money(plan.renewalPrice),
    cycle: i18n._('common.cycle', { cycle: plan.billingCycle }),
  });
}

/** A plan's price per cycle, big, and beneath it the whole story ('$199/month for 12 months, then…'). */
export function PlanPrice({
  plan,
  className,
  priceClass,
}: {
  plan: SubscriptionPlan;
  className?: string;
  priceClass: string;
}) {
  const i18n = useI18n();
  const _ = useT();
  return (
    <>
      <p className={className}>
        <span className={priceClass}>{formatMoney(i18n, plan.price, plan.currency, true)}</span>
        <span className="text-muted-foreground">
          {_('plans.perCycle', { cycle: _('common.cycle', { cycle: plan.billingCycle }) })}
        </span>
      </p>
      <p className="mt-1 text-sm font-medium text-muted-foreground">{priceStory(i18n, plan)}</p>
    </>
  );
}
