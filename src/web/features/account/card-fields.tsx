import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { cardProblems, formatCardNumber, formatExpiry, type CardCheck } from '../../../contract/cards';
import type { CardInput } from '../../../contract/billing';
import { Button } from '../../components/ui/button';
import { describedBy, Field, Input } from '../../components/ui/field';
import { site } from '../../lib/site';

type CardField = keyof CardCheck;

/**
 * Test mode's card form, checked like the checkout's (src/web/features/payments/test-card-form.tsx):
 * the same fields, formatting and messages. With Stripe a new card needs Stripe's Payment Element
 * and a SetupIntent, which this page does not have yet: the client is asked to contact support.
 */
export function CardForm({
  provider,
  pending,
  serverErrors,
  onSubmit,
}: {
  provider: 'test' | 'stripe';
  pending: boolean;
  serverErrors: CardCheck;
  onSubmit: (card: CardInput) => void;
}) {
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [checked, setChecked] = useState<CardCheck>({});
  const errors = { ...serverErrors, ...checked };

  if (provider === 'stripe') {
    return (
      <p role="note" className="text-sm">
        To change the card on file, write to{' '}
        <a className="underline" href={`mailto:${site.supportEmail}`}>
          {site.supportEmail}
        </a>{' '}
        and we will send you a secure link.
      </p>
    );
  }

  const set = (field: CardField, format: (v: string) => string) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: format(event.target.value) }));
    if (checked[field]) setChecked((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const problems = cardProblems(values);
    setChecked(problems);
    const first = (['cardNumber', 'expiry', 'cvc'] as const).find((f) => problems[f]);
    if (first) event.currentTarget.querySelector<HTMLInputElement>(`#new-${first}`)?.focus();
    else onSubmit(values);
  };
  const control = (field: CardField) => ({
    id: `new-${field}`,
    name: field,
    value: values[field],
    required: true,
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': describedBy(`new-${field}`, errors[field]),
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="New card">
      <div role="note" className="flex gap-3 rounded-lg border-2 border-dashed border-flag-red bg-muted p-3 text-sm">
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-flag-red" aria-hidden="true" />
        <p>
          <span className="font-bold">Test mode — no real charge.</span> Use 4242 4242 4242 4242 or 5555 5555 5555 4444; any future expiry date and any CVC.
        </p>
      </div>
      <Field id="new-cardNumber" label="Card number" error={errors.cardNumber}>
        <Input
          {...control('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          onChange={set('cardNumber', formatCardNumber)}
        />
      </Field>
      <div className="grid grid-cols-2 items-start gap-4">
        <Field id="new-expiry" label="Expiry" hint="MM / YY" error={errors.expiry}>
          <Input
            {...control('expiry')}
            aria-describedby={describedBy('new-expiry', errors.expiry, 'MM / YY')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            onChange={set('expiry', formatExpiry)}
          />
        </Field>
        <Field id="new-cvc" label="CVC" error={errors.cvc}>
          <Input
            {...control('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            onChange={set('cvc', (v) => v.replace(/\D/g, ''))}
          />
        </Field>
      </div>
      <Button type="submit" variant="red" disabled={pending}>
        {pending ? 'Saving...' : 'Save card'}
      </Button>
    </form>
  );
}
