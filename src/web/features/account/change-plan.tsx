import { useState } from 'react';
import type { PlanChangePreview, SubscriptionOverview } from '../../../contract/billing';
import { Button } from '../../components/ui/button';
import { DialogClose } from '../../components/ui/dialog';
import { Field, Select } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { usePlans } from '../plans';
import { ActionDialog, ActionError } from './action-dialog';
import { useChangePlan, usePlanChangePreview } from './api';
import { formatDate, money } from './format';

/** What the change costs, in the words the client confirms. */
export function previewSentence(preview: PlanChangePreview, cycle: string, currency: string): string | null {
  const price = money(preview.plan.price, currency);
  if (preview.direction === 'upgrade') return `You pay ${money(preview.amountNow, currency)} now and ${price} per ${cycle} from then on`;
  if (preview.direction === 'downgrade') return `From ${formatDate(preview.effectiveAt)} you pay ${price} per ${cycle}`;
  if (preview.direction === 'same') return `You stay on ${preview.plan.displayName} at ${price} per ${cycle}; the scheduled change is cancelled`;
  return null;
}

function ChangePlanForm({ subscription, close }: { subscription: SubscriptionOverview; close: () => void }) {
  const plans = usePlans();
  const [planId, setPlanId] = useState<number | null>(null);
  const preview = usePlanChangePreview(planId);
  const change = useChangePlan();
  // While a downgrade waits for the renewal, the current plan is a choice too: keeping it undoes the downgrade.
  const choices = (plans.data ?? []).filter((p) => p.id !== subscription.plan.id || subscription.scheduledPlan);
  const sentence = preview.data && previewSentence(preview.data, subscription.billingCycle, subscription.currency);

  if (plans.isPending) return <p role="status">Loading the plans…</p>;
  if (plans.error) return <ActionError message={errorMessage(plans.error, 'We could not load the plans.')} />;
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (planId === null || change.isPending || !preview.data) return;
        change.mutate(planId, {
          onSuccess: (next) => {
            close();
            toast({ title: 'Plan changed', description: sentence ?? `Your plan is now ${next.subscription?.plan.displayName ?? ''}.` });
          },
        });
      }}
    >
      <ActionError message={change.error ? errorMessage(change.error, 'Please try again.') : null} />
      <Field id="new-plan" label="New plan">
        <Select id="new-plan" name="planId" value={planId ?? ''} onChange={(e) => setPlanId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">Choose a plan</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id === subscription.plan.id ? `Keep ${p.displayName} (no change at renewal)` : `${p.displayName} - $${p.price}/${p.billingCycle}`}
            </option>
          ))}
        </Select>
      </Field>
      <div aria-live="polite" className="min-h-6 text-sm">
        {preview.isFetching && <p>Working out the price…</p>}
        {preview.error && <ActionError message={errorMessage(preview.error, 'We could not price this change.')} />}
        {!preview.isFetching && sentence && <p className="font-semibold">{sentence}</p>}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Keep my plan</Button>
        </DialogClose>
        <Button type="submit" variant="red" disabled={!preview.data || preview.isFetching || change.isPending}>
          {change.isPending ? 'Changing...' : 'Change plan'}
        </Button>
      </div>
    </form>
  );
}

export function ChangePlanDialog({ subscription }: { subscription: SubscriptionOverview }) {
  return (
    <ActionDialog
      label="Change plan"
      title="Change plan"
      description="An upgrade starts now (you pay the difference for the rest of this period); a downgrade starts at your next renewal."
    >
      {(close) => <ChangePlanForm subscription={subscription} close={close} />}
    </ActionDialog>
  );
}
