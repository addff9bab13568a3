import { FlaskConical } from 'lucide-react';
import type { FormEvent } from 'react';
import { TestCardFields, useTestCard } from '../../components/test-card-fields';
import { Button } from '../../components/ui/button';
import { errorMessage, fieldIssues } from '../../lib/api';
import { usePayWithTestCard } from './api';
import type { PaymentFormProps } from './payment-form';

/** Test mode's card form: checked here like a real card, charged by nobody (Stripe's test cards decide). */
export default function TestCardForm({ clientSecret, payLabel, onPaid, onFailed }: PaymentFormProps) {
  const card = useTestCard();
  const pay = usePayWithTestCard();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pay.isPending) return;
    const values = card.check(event);
    if (!values) return;
    pay.mutate(
      { clientSecret, ...values },
      {
        onSuccess: (result) => {
          if (result.status === 'succeeded' || result.status === 'processing') onPaid(result.paymentIntentId, result.status);
          else onFailed(result.message ?? 'Your card was declined.');
        },
        onError: (error) => {
          card.setErrors(fieldIssues(error));
          onFailed(errorMessage(error, 'Please try again.'));
        },
      },
    );
  };

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
      <TestCardFields card={card} />
      <Button type="submit" variant="red" size="lg" disabled={pay.isPending}>
        {pay.isPending ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
