import { useEffect, useRef, useState, type ReactNode } from 'react';
import type {
  AccountOverview,
  PlanChangePreview,
  SubscriptionOverview,
} from '../../../contract/billing/billing';
import { Button } from '../../components/ui/button';
import { DialogClose } from '../../components/ui/dialog';
import { ApiError, errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { PlanFeatures, usePlans } from '../plans';
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

/** The upgrade's line items, as the server priced them: the new plan for the rest of the period, less the unused time. */
function PreviewLines({
  preview,
  subscription,
}: {
  preview: PlanChangePreview;
  subscription: SubscriptionOverview;
}) {
  const { _, money, date } = useAccountFormat();
  if (preview.lines.length === 0) return null;
  const c = subscription.currency;
  const until = date(subscription.currentPeriodEnd);
  const label = (kind: PlanChangePreview['lines'][number]['kind']) =>
    kind === 'newPlanRest'
      ? _('change.lineNewPlan', { plan: preview.plan.displayName, date: until })
      : kind === 'unusedCredit'
        ? _('change.lineCredit', { plan: subscription.plan.displayName })
        : _('change.lineProration', { plan: preview.plan.displayName, date: until });
  return (
    <dl
      data-testid="proration-lines"
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border border-border p-3"
    >
      {preview.lines.map((line) => (
        <div key={line.kind} className="contents">
          <dt>{label(line.kind)}</dt>
          <dd className="text-right tabular-nums">
            {line.kind === 'unusedCredit' ? `−${money(line.amount, c)}` : money(line.amount, c)}
          </dd>
        </div>
      ))}
      <div className="contents font-semibold">
        <dt className="border-t border-border pt-1">{_('change.lineTotal')}</dt>
        <dd className="border-t border-border pt-1 text-right tabular-nums">
          {money(preview.amountNow, c)}
        </dd>
      </div>
    </dl>
  );
}

function ChangePlanForm({
  account,
  subscription,
  close,
  updateCard,
}: {
  account: AccountOverview;
  subscription: SubscriptionOverview;
  close: () => void;
  /** The 'Update card' button a declined upgrade offers as the next step. */
  updateCard: (account: AccountOverview) => ReactNode;
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
  const failure = change.error ?? authentication.error;
  const declined = failure instanceof ApiError && failure.status === 402;
  // A failed change keeps the keyboard in the dialog: on its message, with what to do next beside it.
  const errorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) errorBox.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [failure]);

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
      <div ref={errorBox}>
        <ActionError
          focusable
          message={failure ? errorMessage(failure, _('common.pleaseTryAgain')) : null}
          next={
            declined && (
              <>
                <p>{_('change.declinedNext')}</p>
                <div className="mt-2">{updateCard(account)}</div>
              </>
            )
          }
        />
      </div>
      {authentication.dialog}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{_('change.newPlan')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {choices.map((p) => {
            const keep = p.id === subscription.plan.id;
            const id = `new-plan-${p.id}`;
            return (
              <label
                key={p.id}
                htmlFor={id}
                className="relative grid cursor-pointer gap-1 rounded-lg border border-border p-4 text-sm has-[:checked]:border-flag-red has-[:checked]:ring-2 has-[:checked]:ring-flag-red has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
              >
                <span className="flex items-start gap-2">
                  <input
                    type="radio"
                    id={id}
                    name="planId"
                    value={p.id}
                    checked={planId === p.id}
                    onChange={() => setPlanId(p.id)}
                    // Its name is the plan's (or 'Keep …'); the price is its description, the features are read in the card.
                    aria-labelledby={`${id}-name`}
                    aria-describedby={`${id}-price`}
                    className="mt-1 accent-flag-red"
                  />
                  <span id={`${id}-name`} className="font-bold">
                    {keep ? _('change.keepOption', { plan: p.displayName }) : p.displayName}
                  </span>
                </span>
                <span id={`${id}-price`} className="font-semibold">
                  {_('account.pricePer', {
                    price: money(p.price, p.currency),
                    cycle: _('common.cycle', { cycle: p.billingCycle }),
                  })}
                </span>
                <PlanFeatures
                  features={p.features}
                  featuresEs={p.featuresEs}
                  className="mt-1 grid gap-1 text-xs"
                />
              </label>
            );
          })}
        </div>
      </fieldset>
      <div aria-live="polite" className="grid min-h-6 gap-2 text-sm">
        {preview.isFetching && <p>{_('change.pricing')}</p>}
        {preview.error && (
          <ActionError message={errorMessage(preview.error, _('change.priceFailed'))} />
        )}
        {!preview.isFetching && preview.data && (
          <PreviewLines preview={preview.data} subscription={subscription} />
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

export function ChangePlanDialog({
  account,
  subscription,
  updateCard,
}: {
  account: AccountOverview;
  subscription: SubscriptionOverview;
  updateCard: (account: AccountOverview) => ReactNode;
}) {
  const _ = useT();
  return (
    <ActionDialog
      label={_('change.action')}
      title={_('change.action')}
      description={_('change.text')}
    >
      {(close) => (
        <ChangePlanForm
          account={account}
          subscription={subscription}
          close={close}
          updateCard={updateCard}
        />
      )}
    </ActionDialog>
  );
}
