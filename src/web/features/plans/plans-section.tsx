import type { SubscriptionPlan } from '../../../contract/plans/plans';
import { PlanFeatures, PlanPrice } from './plan-features';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-core';
import { cn } from '../../lib/cn';
import { contentText, useT } from '../../lib/i18n';
import { usePlans } from './api';

export function PlansSection({ onChoose }: { onChoose: (planName: string) => void }) {
  const { data: plans, isPending, error, refetch, isFetching } = usePlans();
  const _ = useT();
  return (
    <section
      id="plans"
      aria-labelledby="plans-title"
      className="scroll-mt-4 bg-muted py-16 below-fold"
    >
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="plans-title" className="text-center text-3xl font-bold">
          {_('plans.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
          {_('plans.intro')}
        </p>
        {error ? (
          <div
            role="alert"
            className="mx-auto mt-10 max-w-lg rounded-lg border border-flag-red bg-card p-6 text-center"
          >
            <p className="font-semibold">{_('plans.loadFailed')}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {errorMessage(error, _('common.pleaseTryAgain'))}
            </p>
            <Button className="mt-4" onClick={() => void refetch()} disabled={isFetching}>
              {_('common.tryAgain')}
            </Button>
          </div>
        ) : (
          <div className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4" aria-busy={isPending}>
            {isPending
              ? [0, 1, 2].map((i) => <PlanSkeleton key={i} />)
              : plans.map((plan) => <PlanCard key={plan.id} plan={plan} onChoose={onChoose} />)}
          </div>
        )}
        {!isPending && !error && plans.length === 0 && (
          <p className="mt-6 text-center text-muted-foreground">{_('plans.none')}</p>
        )}
      </div>
    </section>
  );
}

function PlanSkeleton() {
  return (
    <Card className="flex h-[30rem] flex-col gap-4 p-6" data-testid="plan-skeleton">
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </div>
      <Skeleton className="mt-auto h-11 w-full" />
    </Card>
  );
}

function PlanCard({
  plan,
  onChoose,
}: {
  plan: SubscriptionPlan;
  onChoose: (planName: string) => void;
}) {
  const _ = useT();
  const description = contentText(plan.description, plan.descriptionEs);
  const titleId = `plan-${plan.name}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn(
        'relative flex min-h-[30rem] flex-col p-6 xl:p-5',
        plan.mostPopular && 'border-2 border-flag-red shadow-lg',
      )}
    >
      {plan.mostPopular && (
        <Badge
          variant="red"
          className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap"
        >
          {_('plans.mostPopular')}
        </Badge>
      )}
      <h3 id={titleId} className="text-xl font-bold">
        {plan.displayName}
      </h3>
      <p className="mt-2 text-sm text-muted-foreground" lang={description.lang}>
        {description.text}
      </p>
      <PlanPrice plan={plan} className="mt-5" priceClass="text-4xl font-extrabold" />
      <PlanFeatures
        features={plan.features}
        featuresEs={plan.featuresEs}
        className="mt-5 grid gap-2 text-sm"
      />
      <Button
        className="mt-auto w-full translate-y-2"
        variant={plan.mostPopular ? 'red' : 'primary'}
        onClick={() => onChoose(plan.name)}
        aria-describedby={titleId}
      >
        {_('plans.choose', { plan: plan.displayName })}
      </Button>
    </Card>
  );
}
