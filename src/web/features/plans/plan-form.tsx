import { useState, type FormEvent } from 'react';
import { priceStoryEn, type SubscriptionPlan } from '../../../contract/plans/plans';
import { Button } from '../../components/ui/button';
import { describedBy, Field, Input, Select, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  featureLines,
  planFieldErrors,
  planPayload,
  planValuesOf,
  type PlanFormValues,
} from './plan-values';
import { useSavePlan } from './admin-api';

type TextKey = 'displayName' | 'price' | 'renewalPrice';
const HINTS: Partial<Record<keyof PlanFormValues, string>> = {
  price: 'Dollars, e.g. 249 or 249.00. Applies to new subscribers only.',
  renewalPrice: 'Optional: the price after the first 12 months.',
  features: 'One feature per line.',
  descriptionEs: 'Shown on the Spanish pages. Left blank, they show the English description.',
  featuresEs: 'One feature per line. Left blank, the Spanish pages show the English features.',
};

/** One plan's name, price and what it includes; saved on its own. Read-only without the billing permission. */
export function PlanForm({
  plan,
  readOnly = false,
}: {
  plan: SubscriptionPlan;
  readOnly?: boolean;
}) {
  const save = useSavePlan();
  const [values, setValues] = useState<PlanFormValues>(() => planValuesOf(plan));
  // 'Most Popular' is one plan at a time: when saving another plan moves it, this box follows.
  const [savedPopular, setSavedPopular] = useState(plan.mostPopular);
  if (savedPopular !== plan.mostPopular) {
    setSavedPopular(plan.mostPopular);
    setValues((v) => ({ ...v, mostPopular: plan.mostPopular }));
  }
  const errors = planFieldErrors(fieldIssues(save.error));
  const prefix = `plan-${plan.id}`;
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const amount = (text: string) => {
    const value = text.trim().replace(/^\$/, '');
    return /^\d+(\.\d{1,2})?$/.test(value) ? value : null;
  };
  const price = amount(values.price);
  const note =
    price &&
    priceStoryEn({
      price,
      renewalPrice: amount(values.renewalPrice),
      billingCycle: values.billingCycle,
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: plan.id, payload: planPayload(values) },
      {
        onSuccess: (saved) => (
          toast({
            title: 'Plan saved',
            description: `${saved.displayName}: $${saved.price}/${saved.billingCycle}`,
          }),
          save.reset()
        ),
        onError: (error) =>
          toast({ title: errorMessage(error, 'The plan was not saved.'), variant: 'destructive' }),
      },
    );
  };

  const text = (key: TextKey, label: string, inputMode?: 'decimal') => {
    const id = `${prefix}-${key}`;
    return (
      <Field
        id={id}
        label={label}
        required={key !== 'renewalPrice'}
        error={errors[key]}
        {...(HINTS[key] ? { hint: HINTS[key] } : {})}
      >
        <Input
          id={id}
          {...(inputMode ? { inputMode } : {})}
          autoComplete="off"
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          aria-invalid={Boolean(errors[key])}
          aria-describedby={describedBy(id, errors[key], HINTS[key])}
        />
      </Field>
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Edit plan ${plan.displayName}`}>
      <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
        {text('displayName', 'Display name')}
        <Field id={`${prefix}-cycle`} label="Billing cycle" error={errors.billingCycle}>
          <Select
            id={`${prefix}-cycle`}
            value={values.billingCycle}
            onChange={(e) => set('billingCycle', e.target.value)}
          >
            <option value="month">Monthly</option>
            <option value="year">Yearly</option>
          </Select>
        </Field>
        <Field
          id={`${prefix}-description`}
          label="Description"
          required
          error={errors.description}
          className="sm:col-span-2"
        >
          <Textarea
            id={`${prefix}-description`}
            rows={2}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={describedBy(`${prefix}-description`, errors.description)}
          />
        </Field>
        {text('price', 'Price ($)', 'decimal')}
        <div className="grid gap-1.5">
          {text('renewalPrice', 'Renewal price ($)', 'decimal')}
          <p className="text-xs text-muted-foreground" aria-live="polite">
            Shown on the plan card:{' '}
            {note ? <span className="font-medium text-foreground">{note}</span> : 'no price yet'}
          </p>
        </div>
        <Field
          id={`${prefix}-features`}
          label="Features"
          required
          error={errors.features}
          hint={HINTS.features}
          className="sm:col-span-2"
        >
          <Textarea
            id={`${prefix}-features`}
            rows={Math.min(10, Math.max(4, featureLines(values.features).length + 1))}
            value={values.features}
            onChange={(e) => set('features', e.target.value)}
            aria-invalid={Boolean(errors.features)}
            aria-describedby={describedBy(`${prefix}-features`, errors.features, HINTS.features)}
          />
        </Field>
        <Field
          id={`${prefix}-descriptionEs`}
          label="Description in Spanish"
          error={errors.descriptionEs}
          hint={HINTS.descriptionEs}
          className="sm:col-span-2"
        >
          <Textarea
            id={`${prefix}-descriptionEs`}
            lang="es"
            rows={2}
            value={values.descriptionEs}
            onChange={(e) => set('descriptionEs', e.target.value)}
            aria-invalid={Boolean(errors.descriptionEs)}
            aria-describedby={describedBy(
              `${prefix}-descriptionEs`,
              errors.descriptionEs,
              HINTS.descriptionEs,
            )}
          />
        </Field>
        <Field
          id={`${prefix}-featuresEs`}
          label="Features in Spanish"
          error={errors.featuresEs}
          hint={HINTS.featuresEs}
          className="sm:col-span-2"
        >
          <Textarea
            id={`${prefix}-featuresEs`}
            lang="es"
            rows={Math.min(10, Math.max(4, featureLines(values.featuresEs).length + 1))}
            value={values.featuresEs}
            onChange={(e) => set('featuresEs', e.target.value)}
            aria-invalid={Boolean(errors.featuresEs)}
            aria-describedby={describedBy(
              `${prefix}-featuresEs`,
              errors.featuresEs,
              HINTS.featuresEs,
            )}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input
            type="checkbox"
            checked={values.mostPopular}
            onChange={(e) => set('mostPopular', e.target.checked)}
            className="size-4 accent-flag-red"
          />
          Most Popular
          <span className="font-normal text-muted-foreground">
            (one plan at a time; ticking it here takes it off the others)
          </span>
        </label>
        {save.error && Object.keys(errors).length === 0 && (
          <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
            {errorMessage(save.error, 'The plan was not saved.')}
          </p>
        )}
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : `Save ${plan.displayName}`}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
