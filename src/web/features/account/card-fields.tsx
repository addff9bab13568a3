import { FlaskConical } from 'lucide-react';
import type { FormEvent } from 'react';
import type { CardCheck } from '../../../contract/payments/cards';
import type { CardInput } from '../../../contract/billing/billing';
import { Button } from '../../components/ui/button';
import { TestCardFields, useTestCard } from '../../components/test-card-fields';
import { useT } from '../../lib/i18n';

/**
 * Test mode's card form, the same fields, checks and messages as the checkout's
 * (components/test-card-fields.tsx). With Stripe the dialog shows stripe-card-form.tsx instead.
 */
export function CardForm({
  pending,
  serverErrors,
  onSubmit,
}: {
  pending: boolean;
  serverErrors: CardCheck;
  onSubmit: (card: CardInput) => void;
}) {
  const card = useTestCard('new-');
  const errors = { ...serverErrors, ...card.errors };
  const _ = useT();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const values = card.check(event);
    if (values) onSubmit(values);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={_('account.newCard')}>
      <div
        role="note"
        className="flex gap-3 rounded-lg border-2 border-dashed border-flag-red bg-muted p-3 text-sm"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-flag-red" aria-hidden="true" />
        <p>
          <span className="font-bold">{_('account.testMode')}</span> {_('account.testCards')}
        </p>
      </div>
      <TestCardFields card={card} errors={errors} />
      <Button type="submit" variant="red" disabled={pending}>
        {pending ? _('account.saving') : _('account.saveCard')}
      </Button>
    </form>
  );
}
