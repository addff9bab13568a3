import { formatDollars } from '../../../contract/plans/plans';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useEmployee } from '../auth/admin';
import { PlanForm } from './plan-form';
import { usePlans } from './api';

/** The plans the landing page offers (docs/product.md §10–11: managed here, not hard-coded). */
export function PlansCard() {
  const plans = usePlans();
  // Prices are money: changing a plan needs the billing permission (the server refuses it too).
  const readOnly = useEmployee().data?.billing !== true;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Plans</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        What the landing page and checkout offer. A price change applies to new subscribers only;
        current subscribers keep the price they signed up for.
      </p>
      {readOnly && (
        <p className="mt-2 text-sm text-muted-foreground">
          Changing plans needs the billing permission. Ask an owner to grant it in Settings →
          Employees.
        </p>
      )}
      {plans.isPending && <Skeleton className="mt-4 h-32 w-full" />}
      {plans.isError && (
        <p className="mt-4 text-sm text-destructive">
          Error loading plans: {errorMessage(plans.error, 'Unknown error')}
        </p>
      )}
      {plans.data && (
        <div className="mt-4 grid gap-3">
          {plans.data.map((plan) => (
            <details key={plan.id} className="group rounded-lg border border-border">
              <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-4 py-3 font-medium">
                {plan.displayName}
                <span className="text-sm font-normal text-muted-foreground">
                  ${formatDollars(plan.price)}/{plan.billingCycle}
                </span>
                {plan.mostPopular && <Badge variant="red">Most Popular</Badge>}
              </summary>
              <div className="border-t border-border p-4">
                <PlanForm plan={plan} readOnly={readOnly} />
              </div>
            </details>
          ))}
        </div>
      )}
    </Card>
  );
}
