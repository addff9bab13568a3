import { AlertTriangle, BellRing, Check } from 'lucide-react';
import type {
  SupportQueueItem,
  SupportStatus,
  SupportUrgency,
} from '../../../contract/support/support';
import { Badge } from '../../components/ui/badge';
import { Cell, DataTable, Row } from '../../components/ui/data-table';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { timeLeft, when } from './admin-format';

const COLUMNS = ['#', 'Business', 'Title', 'Urgency', 'Status', 'Assignee', 'Due'] as const;

export const STATUS_LABELS: Record<SupportStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

/** Urgent in red and in words: the colour is never the only sign. */
export function UrgencyBadge({ urgency }: { urgency: SupportUrgency }) {
  return urgency === 'urgent' ? (
    <Badge variant="red">
      <AlertTriangle className="size-3.5" aria-hidden="true" />
      Urgent
    </Badge>
  ) : (
    <Badge variant="secondary">Normal</Badge>
  );
}

/**
 * When the first answer is due: a countdown while nobody answered ('Overdue by 2 h' in red once
 * breached), else when it came and whether in time; the absolute time under it.
 */
export function DueText({ item, now }: { item: SupportQueueItem; now: number }) {
  if (item.firstResponseAt) {
    return (
      <span className="grid gap-0.5">
        <span className={cn(item.breached && 'font-semibold text-destructive')}>
          {item.breached ? 'Answered late' : 'Answered in time'}
        </span>
        <span className="text-xs text-muted-foreground">
          Due <time dateTime={item.dueAt}>{when(item.dueAt)}</time>
        </span>
      </span>
    );
  }
  const left = timeLeft(item.dueAt, now);
  const late = item.breached || left.overdue;
  return (
    <span className="grid gap-0.5">
      <span
        className={cn('tabular-nums', late && 'font-semibold text-destructive')}
        data-breached={late || undefined}
      >
        {left.text}
      </span>
      <span className="text-xs text-muted-foreground">
        Due <time dateTime={item.dueAt}>{when(item.dueAt)}</time>
      </span>
    </span>
  );
}

/** Acknowledged / owners told: what happened to an urgent request's escalation. */
function UrgentMarkers({ item }: { item: SupportQueueItem }) {
  if (item.urgency !== 'urgent') return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {item.acknowledgedAt ? (
        <Badge variant="outline">
          <Check className="size-3.5" aria-hidden="true" />
          Acknowledged
        </Badge>
      ) : (
        item.status !== 'closed' && <Badge variant="outline">Not acknowledged</Badge>
      )}
      {item.escalatedAt && (
        <Badge variant="outline">
          <BellRing className="size-3.5" aria-hidden="true" />
          Escalated to owners
        </Badge>
      )}
    </span>
  );
}

/**
 * The queue, in the server's order (the most pressing answer first); one row a request, a card each
 * where the columns do not fit. A breached row is red and says so in words.
 */
export function QueueTable({
  rows,
  dimmed,
  now,
  onOpen,
}: {
  rows: SupportQueueItem[] | undefined;
  dimmed: boolean;
  now: number;
  onOpen: (item: SupportQueueItem) => void;
}) {
  return (
    <DataTable
      columns={COLUMNS}
      caption="Support requests"
      cardsBelow="lg"
      className={cn('transition-opacity', dimmed && 'opacity-60')}
      aria-busy={!rows || dimmed}
    >
      {rows
        ? rows.map((item) => (
            <Row
              key={item.id}
              data-breached={item.breached || undefined}
              className={cn(item.breached && item.status !== 'closed' && 'bg-destructive/10')}
            >
              <Cell>
                <button
                  type="button"
                  className="font-semibold text-primary underline underline-offset-2"
                  onClick={() => onOpen(item)}
                >
                  <span className="sr-only">Open request </span>#{item.number}
                </button>
              </Cell>
              <Cell label="Business">
                <span className="block font-medium">{item.business.name}</span>
                <span className="block break-all text-xs text-muted-foreground">
                  {item.business.email}
                  {item.business.language === 'es' ? ' · Spanish' : ''}
                </span>
              </Cell>
              <Cell label="Title">
                <span className="break-words">{item.title}</span>
              </Cell>
              <Cell label="Urgency">
                <UrgencyBadge urgency={item.urgency} />
                <UrgentMarkers item={item} />
              </Cell>
              <Cell label="Status">
                {STATUS_LABELS[item.status]}
                {item.breached && (
                  <Badge variant="red" className="ml-1">
                    Breached
                  </Badge>
                )}
              </Cell>
              <Cell label="Assignee">
                {item.assignee?.name ?? <span className="text-muted-foreground">Nobody</span>}
              </Cell>
              <Cell label="Due" className="whitespace-nowrap">
                <DueText item={item} now={now} />
              </Cell>
            </Row>
          ))
        : Array.from({ length: 3 }, (_, i) => (
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
