import { CLIENT_LANGUAGE_LABELS, type ClientSummary } from '../../../contract/clients/clients';
import { Cell, DataTable, Row } from '../../components/ui/data-table';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { day, period } from './format';
import { BillingBadge } from './status-badge';

const COLUMNS = [
  'Business',
  'Owner',
  'Plan',
  'Status',
  'Registered',
  'Paid',
  'Subscription period',
  // The language the client registered in, so the first call is in it (issue 28 §2).
  'Language',
] as const;

/** One row a client; where the eight columns do not fit (a phone, a small laptop), a card each. */
export function ClientsTable({
  rows,
  dimmed,
  onOpen,
}: {
  rows: ClientSummary[] | undefined;
  dimmed: boolean;
  onOpen: (c: ClientSummary, button: HTMLElement) => void;
}) {
  return (
    <DataTable
      columns={COLUMNS}
      caption="Clients"
      cardsBelow="lg"
      className={cn('transition-opacity', dimmed && 'opacity-60')}
      aria-busy={!rows || dimmed}
    >
      {rows
        ? rows.map((c) => (
            <Row key={c.id}>
              <Cell>
                <button
                  type="button"
                  className="text-left font-semibold text-foreground underline-offset-4 hover:underline focus-visible:underline"
                  onClick={(e) => onOpen(c, e.currentTarget)}
                >
                  {c.businessName}
                </button>
                <span className="block text-xs text-muted-foreground">{c.businessType}</span>
              </Cell>
              <Cell label="Owner">
                {c.ownerName}
                <span className="block break-all text-xs text-muted-foreground">{c.email}</span>
              </Cell>
              <Cell label="Plan">{c.plan.displayName}</Cell>
              <Cell label="Status">
                <BillingBadge client={c} />
                {c.paymentStatus === 'failed' && (
                  <span className="block text-xs text-muted-foreground">Card declined</span>
                )}
              </Cell>
              <Cell label="Registered" className="whitespace-nowrap">
                {day(c.createdAt)}
              </Cell>
              <Cell label="Paid" className="whitespace-nowrap">
                {day(c.paidAt)}
              </Cell>
              <Cell label="Subscription period">{period(c.periodStart, c.periodEnd)}</Cell>
              <Cell label="Language">{CLIENT_LANGUAGE_LABELS[c.language]}</Cell>
            </Row>
          ))
        : Array.from({ length: 5 }, (_, i) => (
            <Row key={i}>
              {COLUMNS.map((column) => (
                <Cell key={column}>
                  <Skeleton className="h-5 w-full" />
                </Cell>
              ))}
            </Row>
          ))}
    </DataTable>
  );
}
