import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { cardProblems, formatCardNumber, formatExpiry, type CardCheck } from '../../../contract/cards';
import { Button } from '../../components/ui/button';
import { describedBy, Field, Input } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { usePayWithTestCard } from './api';
import type { PaymentFormProps } from './payment-form';

type CardField = keyof CardCheck;

/** Test mode's card form: checked here like a real card, charged by nobody (Stripe's test cards decide). */
export default function TestCardForm({ clientSecret, payLabel, onPaid, onFailed }: PaymentFormProps) {
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardCheck>({});
  const pay = usePayWithTestCard();

  const set = (field: CardField, format: (v: string) => string) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: format(event.target.value) }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pay.isPending) return;
    const problems = cardProblems(values);
    setErrors(problems);
    const first = (['cardNumber', 'expiry', 'cvc'] as const).find((f) => problems[f]);
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`#${first}`)?.focus();
      return;
    }
    pay.mutate(
      { clientSecret, ...values },
      {
        onSuccess: (result) => {
          if (result.status === 'succeeded' || result.status === 'processing') onPaid(result.paymentIntentId, result.status);
          else onFailed(result.message ?? 'Your card was declined.');
        },
        onError: (error) => {
          setErrors(fieldIssues(error));
          onFailed(errorMessage(error, 'Please try again.'));
        },
      },
    );
  };

  const control = (field: CardField) => ({
    id: field,
    name: field,
    value: values[field],
    required: true,
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': describedBy(field, errors[field]),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Card payment">
      <div role="note" className="flex gap-3 rounded-lg border-2 border-dashed border-flag-red bg-muted p-4 text-sm">
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-flag-red" aria-hidden="true" />
        <div>
          <p className="font-bold">Test mode — no real charge</p>
          <p className="mt-1 text-muted-foreground">
            Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card; any future expiry date and any CVC.
          </p>
        </div>
      </div>
      <Field id="cardNumber" label="Card number" error={errors.cardNumber}>
        <Input
          {...control('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          onChange={set('cardNumber', formatCardNumber)}
        />
      </Field>
      <div className="grid grid-cols-2 items-start gap-4">
        <Field id="expiry" label="Expiry" hint="MM / YY" error={errors.expiry}>
          <Input
            {...control('expiry')}
            aria-describedby={describedBy('expiry', errors.expiry, 'MM / YY')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            onChange={set('expiry', formatExpiry)}
          />
        </Field>
        <Field id="cvc" label="CVC" error={errors.cvc}>
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
      <Button type="submit" variant="red" size="lg" disabled={pay.isPending}>
        {pay.isPending ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
