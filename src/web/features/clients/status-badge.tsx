import {
  CLIENT_BILLING_STATUS_LABELS,
  CLIENT_PAYMENT_STATUS_LABELS,
  type ClientBillingStatus,
  type ClientPaymentStatus,
  type ClientSummary,
} from '../../../contract/clients/clients';
import { Badge } from '../../components/ui/badge';
import { calendarDay } from './format';

const BADGES: Record<ClientPaymentStatus, 'default' | 'secondary' | 'red'> = {
  active: 'default',
  pending_payment: 'secondary',
  failed: 'red',
};

/** A client's payment status, in the list and in the detail dialog. */
export function StatusBadge({ status }: { status: ClientPaymentStatus }) {
  return (
    <Badge variant={BADGES[status]} className="whitespace-nowrap">
      {CLIENT_PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

const BILLING_BADGES: Record<ClientBillingStatus, 'default' | 'secondary' | 'red' | 'outline'> = {
  active: 'default',
  past_due: 'red',
  cancels: 'outline',
  canceled: 'secondary',
  awaiting_payment: 'outline',
};

/** 'Cancels on Dec 24, 2026' for a cancelling client; the status's name for the others. */
export const billingLabel = ({
  billingStatus,
  cancelsOn,
}: Pick<ClientSummary, 'billingStatus' | 'cancelsOn'>) =>
  billingStatus === 'cancels' && cancelsOn
    ? `Cancels on ${calendarDay(cancelsOn)}`
    : CLIENT_BILLING_STATUS_LABELS[billingStatus];

/** A client's billing status in words (the colour only repeats it). */
export function BillingBadge({
  client,
}: {
  client: Pick<ClientSummary, 'billingStatus' | 'cancelsOn'>;
}) {
  return (
    <Badge variant={BILLING_BADGES[client.billingStatus]} className="whitespace-nowrap">
      {billingLabel(client)}
    </Badge>
  );
}
