import { formatMoney } from '../../../contract/lib/locale-format';
import { BUSINESS_TYPES } from '../../../contract/registration/fields';
import { useI18n, useT } from '../../lib/i18n';
import type { usePlans } from '../plans';
import { TYPE_LABELS } from './type-labels';

/** The business-type select's options: a prompt, then each type in the page's language. */
export function BusinessTypeOptions() {
  const _ = useT();
  return (
    <>
      <option value="">{_('reg.chooseType')}</option>
      {BUSINESS_TYPES.map((type) => (
        <option key={type} value={type}>
          {_(TYPE_LABELS[type])}
        </option>
      ))}
    </>
  );
}

/** The plan select's options ('Growing - $299/month'), from the plans the page has loaded. */
export function PlanOptions({
  plans,
  loading,
}: {
  plans: ReturnType<typeof usePlans>['data'];
  loading: boolean;
}) {
  const _ = useT();
  const i18n = useI18n();
  return (
    <>
      <option value="">{loading ? _('reg.loadingPlans') : _('reg.choosePlan')}</option>
      {plans?.map((plan) => (
        <option key={plan.id} value={plan.name}>
          {_('reg.planOption', {
            plan: plan.displayName,
            price: formatMoney(i18n, plan.price, plan.currency),
            cycle: _('common.cycle', { cycle: plan.billingCycle }),
          })}
        </option>
      ))}
    </>
  );
}
