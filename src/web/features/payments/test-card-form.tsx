import { FlaskConical } from 'lucide-react';
import type { FormEvent } from 'react';
import { TestCardFields, useTestCard } from '../../components/test-card-fields';
import { Button } from '../../components/ui/button';
import { errorMessage, fieldIssues } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { usePayWithTestCard } from './api';
import type { PaymentFormProps } from './payment-form';

/** Test mode's card form: checked here like a real card, charged by nobody (Stripe's test cards decide). */
export default function TestCardForm({ clientSecret, payLabel, onPaid, onFailed }: PaymentFormProps) {
  const card = useTestCard();
  const pay = usePayWithTestCard();
  const _ = useT();

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
          else onFailed(result.message ?? _('pay.declined'));
        },
        onError: (error) => {
          card.setErrors(fieldIssues(error));
          onFailed(errorMessage(error, _('common.pleaseTryAgain')));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={_('pay.form')}>
      <div role="note" className="flex gap-3 rounded-lg border-2 border-dashed border-flag-red bg-muted p-4 text-sm">
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-flag-red" aria-hidden="true" />
        <div>
          <p className="font-bold">{_('pay.testMode')}</p>
          <p className="mt-1 text-muted-foreground">{_('pay.testCards')}</p>
        </div>
      </div>
      <TestCardFields card={card} />
      <Button type="submit" variant="red" size="lg" disabled={pay.isPending}>
        {pay.isPending ? _('pay.processing') : payLabel}
      </Button>
    </form>
  );
}
