import { FlaskConical } from 'lucide-react';
import type { FormEvent } from 'react';
import type { PaymentStatusResult } from '../../../contract/payments/payments';
import { useTestAuthentication } from '../../components/authentication-dialog';
import { TestCardFields, useTestCard } from '../../components/test-card-fields';
import { Button } from '../../components/ui/button';
import { declineText, errorMessage, fieldIssues } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useAuthenticateTestPayment, usePayWithTestCard } from './api';
import type { PaymentFormProps } from './payment-form';

/** Test mode's card form: checked here like a real card, charged by nobody (Stripe's test cards decide). */
export default function TestCardForm({
  clientSecret,
  payLabel,
  onPaid,
  onFailed,
}: PaymentFormProps) {
  const card = useTestCard();
  const pay = usePayWithTestCard();
  // Stripe's 3-D Secure test cards: the simulated bank page, then its answer to our server.
  const authentication = useTestAuthentication();
  const answer = useAuthenticateTestPayment();
  const busy = pay.isPending || answer.isPending;
  const _ = useT();

  const settled = (result: PaymentStatusResult) => {
    if (result.status === 'succeeded' || result.status === 'processing')
      onPaid(result.paymentIntentId, result.status);
    else onFailed(declineText(result.code, result.message) ?? _('pay.declined'));
  };
  const failed = (error: unknown) => {
    card.setErrors(fieldIssues(error));
    onFailed(errorMessage(error, _('common.pleaseTryAgain')));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const values = card.check(event);
    if (!values) return;
    pay.mutate(
      { clientSecret, ...values },
      {
        onSuccess: (result) => {
          if (result.status !== 'requires_action') return settled(result);
          void authentication
            .ask()
            .then((outcome) =>
              answer.mutate({ clientSecret, outcome }, { onSuccess: settled, onError: failed }),
            );
        },
        onError: failed,
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={_('pay.form')}>
      <div
        role="note"
        className="flex gap-3 rounded-lg border-2 border-dashed border-flag-red bg-muted p-4 text-sm"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-flag-red" aria-hidden="true" />
        <div>
          <p className="font-bold">{_('pay.testMode')}</p>
          <p className="mt-1 text-muted-foreground">{_('pay.testCards')}</p>
        </div>
      </div>
      <TestCardFields card={card} />
      {authentication.dialog}
      <Button type="submit" variant="red" size="lg" disabled={busy}>
        {busy ? _('pay.processing') : payLabel}
      </Button>
    </form>
  );
}
