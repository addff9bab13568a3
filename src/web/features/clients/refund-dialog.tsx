import { useState, type FormEvent } from 'react';
import type { InvoiceView } from '../../../contract/billing/billing';
import { REFUND_REASON_MAX } from '../../../contract/clients/clients';
import { centsToDecimal, dollarsToCents, formatAmount as money } from '../../../contract/lib/money';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { describedBy, Field, Input, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { useRefundInvoice } from './api';

/** What is left to refund of an invoice, as a decimal string ('199.00'). */
const leftOf = (invoice: InvoiceView) =>
  centsToDecimal((dollarsToCents(invoice.amount) ?? 0) - (dollarsToCents(invoice.refunded) ?? 0));

/**
 * Refunds part or all of what is left of a paid invoice: the amount (what is left by default) and
 * why, both sent to the server, which checks the amount again and logs both.
 */
export function RefundDialog({
  invoice,
  refund,
  onClose,
}: {
  invoice: InvoiceView | null;
  refund: ReturnType<typeof useRefundInvoice>;
  onClose: () => void;
}) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => !open && (refund.reset(), onClose())}>
      {invoice && (
        <DialogContent
          title={`Refund ${invoice.number}?`}
          description={`Up to ${money(leftOf(invoice), invoice.currency)} can go back to the client's card; it comes out of revenue. The client gets an e-mail.`}
        >
          {/* Mounted per invoice: the fields start from that invoice's remainder. */}
          <RefundForm key={invoice.id} invoice={invoice} refund={refund} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function RefundForm({
  invoice,
  refund,
  onClose,
}: {
  invoice: InvoiceView;
  refund: ReturnType<typeof useRefundInvoice>;
  onClose: () => void;
}) {
  const left = leftOf(invoice);
  const [amount, setAmount] = useState(left);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const issues = fieldIssues(refund.error);
  const reasonError = missingReason ? 'Say why you refund.' : issues.reason;
  const amountHint = `At most ${money(left, invoice.currency)}.`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissingReason(true);
    setMissingReason(false);
    refund.mutate(
      { invoiceId: invoice.id, amount: amount.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          toast({
            title: 'Refunded',
            description: `${money(centsToDecimal(dollarsToCents(amount) ?? 0), invoice.currency)} of ${invoice.number} was refunded.`,
          });
          refund.reset();
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'The refund did not go through',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      <Field id="refund-amount" label="Amount" required error={issues.amount} hint={amountHint}>
        <Input
          id="refund-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={Boolean(issues.amount)}
          aria-describedby={describedBy('refund-amount', issues.amount, amountHint)}
        />
      </Field>
      <Field id="refund-reason" label="Reason" required error={reasonError}>
        <Textarea
          id="refund-reason"
          rows={2}
          maxLength={REFUND_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={Boolean(reasonError)}
          aria-describedby={describedBy('refund-reason', reasonError, undefined)}
        />
      </Field>
      <DialogActions
        className="mt-1"
        submitLabel="Refund"
        pendingLabel="Refunding..."
        pending={refund.isPending}
        variant="red"
      />
    </form>
  );
}
