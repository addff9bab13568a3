import { useState } from 'react';
import type { PlanChangePreview, SubscriptionOverview } from '../../../contract/billing/billing';
import { Button } from '../../components/ui/button';
import { DialogClose } from '../../components/ui/dialog';
import { Field, Select } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { usePlans } from '../plans';
import { ActionDialog, ActionError } from './action-dialog';
import { useChangePlan, usePlanChangePreview } from './api';
import { useChargeAuthentication } from './authenticate';
import { useAccountFormat } from './format';

type Format = ReturnType<typeof useAccountFormat>;

/** What the change costs, in the words the client confirms. */
export function previewSentence(
  { _, money, date }: Format,
  preview: PlanChangePreview,
  billingCycle: string,
  currency: string,
): string | null {
  const price = money(preview.plan.price, currency);
  const cycle = _('common.cycle', { cycle: billingCycle });
  if (preview.direction === 'upgrade')
    return _('change.upgrade', { now: money(preview.amountNow, currency), price, cycle });
  if (preview.direction === 'downgrade')
    return _('change.downgrade', { date: date(preview.effectiveAt), price, cycle });
  if (preview.direction === 'same')
    return _('change.same', { plan: preview.plan.displayName, price, cycle });
  return null;
}

function ChangePlanForm({
  subscription,
  close,
}: {
  subscription: SubscriptionOverview;
  close: () => void;
}) {
  const plans = usePlans();
  const format = useAccountFormat();
  const { _, money } = format;
  const [planId, setPlanId] = useState<number | null>(null);
  const preview = usePlanChangePreview(planId);
  const change = useChangePlan();
  const authentication = useChargeAuthentication();
  const busy = change.isPending || authentication.busy;
  // While a downgrade waits for the renewal, the current plan is a choice too: keeping it undoes the downgrade.
  const choices = (plans.data ?? []).filter(
    (p) => p.id !== subscription.plan.id || subscription.scheduledPlan,
  );
  const sentence =
    preview.data &&
    previewSentence(format, preview.data, subscription.billingCycle, subscription.currency);

  if (plans.isPending) return <p role="status">{_('change.loadingPlans')}</p>;
  if (plans.error)
    return <ActionError message={errorMessage(plans.error, _('plans.loadFailed'))} />;
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (planId === null || busy || !preview.data) return;
        authentication.reset();
        change.mutate(planId, {
          // An upgrade the bank wants authenticated (3-D Secure) is made once the client did so.
          onSuccess: (answer) =>
            void authentication.settle(answer).then(
              (next) => {
                close();
                toast({
                  title: _('change.done'),
                  description:
                    sentence ??
                    _('change.doneText', { plan: next.subscription?.plan.displayName ?? '' }),
                });
              },
              () => undefined,
            ),
        });
      }}
    >
      <ActionError
        message={
          (change.error ?? authentication.error)
            ? errorMessage(change.error ?? authentication.error, _('common.pleaseTryAgain'))
            : null
        }
      />
      {authentication.dialog}
      <Field id="new-plan" label={_('change.newPlan')}>
        <Select
          id="new-plan"
          name="planId"
          value={planId ?? ''}
          onChange={(e) => setPlanId(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{_('change.choose')}</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id === subscription.plan.id
                ? _('change.keepOption', { plan: p.displayName })
                : _('reg.planOption', {
                    plan: p.displayName,
                    price: money(p.price, p.currency),
                    cycle: _('common.cycle', { cycle: p.billingCycle }),
                  })}
            </option>
          ))}
        </Select>
      </Field>
      <div aria-live="polite" className="min-h-6 text-sm">
        {preview.isFetching && <p>{_('change.pricing')}</p>}
        {preview.error && (
          <ActionError message={errorMessage(preview.error, _('change.priceFailed'))} />
        )}
        {!preview.isFetching && sentence && <p className="font-semibold">{sentence}</p>}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">{_('change.keepMine')}</Button>
        </DialogClose>
        <Button type="submit" variant="red" disabled={!preview.data || preview.isFetching || busy}>
          {busy ? _('change.changing') : _('change.action')}
        </Button>
      </div>
    </form>
  );
}

export function ChangePlanDialog({ subscription }: { subscription: SubscriptionOverview }) {
  const _ = useT();
  return (
    <ActionDialog
      label={_('change.action')}
      title={_('change.action')}
      description={_('change.text')}
    >
      {(close) => <ChangePlanForm subscription={subscription} close={close} />}
    </ActionDialog>
  );
}
