import {
  CLIENT_PAYMENT_STATUS_LABELS,
  type ClientPaymentStatus,
} from '../../../contract/clients/clients';
import { Badge } from '../../components/ui/badge';

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
