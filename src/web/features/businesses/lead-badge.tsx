import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../contract/leads/leads';
import { Badge } from '../../components/ui/badge';

/** 'Lead · Contacted' on a result that is already a saved lead (whoever saved it). */
export function LeadBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant={status === 'won' ? 'default' : 'outline'} className="shrink-0">
      Lead · {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}
