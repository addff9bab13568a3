import { AlertTriangle } from 'lucide-react';
import {
  CONTACT_METHOD_LABELS,
  type EmployeeRef,
  type NewClient,
  type NewClientView,
} from '../../../contract/kickoff/kickoff';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Cell, DataTable, Row } from '../../components/ui/data-table';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import type { useAssignProjectManager } from './api';
import { timeLeft, when } from './format';
import { ProjectManagerSelect } from './project-manager-select';

const COLUMNS: Record<NewClientView, readonly string[]> = {
  waiting: ['Business', 'Plan', 'Paid', 'Time left', 'Project manager', 'Contact'],
  contacted: ['Business', 'Plan', 'Paid', 'Contacted', 'Project manager'],
};

function Business({ client }: { client: NewClient }) {
  return (
    <>
      <span className="block font-semibold">{client.businessName}</span>
      <span className="block text-xs text-muted-foreground">
        {client.ownerName} · <span className="break-all">{client.email}</span>
        {client.phone ? ` · ${client.phone}` : ''}
        {client.language === 'es' ? ' · Spanish' : ''}
      </span>
    </>
  );
}

/**
 * One row a new client; a card each where the columns do not fit. A waiting client past its 24
 * hours has a red row and says so in words ('Overdue' and by how much), not by colour alone.
 */
export function NewClientsTable({
  view,
  rows,
  dimmed,
  now,
  employees,
  assign,
  onMarkContacted,
}: {
  view: NewClientView;
  rows: NewClient[] | undefined;
  dimmed: boolean;
  /** The server's time now, in milliseconds. */
  now: number;
  employees: EmployeeRef[] | undefined;
  assign: ReturnType<typeof useAssignProjectManager>;
  onMarkContacted: (client: NewClient, button: HTMLElement) => void;
}) {
  const columns = COLUMNS[view];
  return (
    <DataTable
      columns={columns}
      caption={view === 'waiting' ? 'New clients waiting for contact' : 'Contacted new clients'}
      cardsBelow="lg"
      className={cn('transition-opacity', dimmed && 'opacity-60')}
      aria-busy={!rows || dimmed}
    >
      {rows
        ? rows.map((c) => {
            const left = timeLeft(c.dueAt, now);
            const late = view === 'waiting' && left.overdue;
            return (
              <Row
                key={c.id}
                data-overdue={late || undefined}
                className={cn(late && 'bg-destructive/10')}
              >
                <Cell>
                  <Business client={c} />
                </Cell>
                <Cell label="Plan">{c.plan.displayName}</Cell>
                <Cell label="Paid" className="whitespace-nowrap">
                  <time dateTime={c.paidAt}>{when(c.paidAt)}</time>
                </Cell>
                {view === 'waiting' ? (
                  <Cell label="Time left">
                    {late ? (
                      <span className="flex flex-wrap items-center gap-2">
                        <Badge variant="red">
                          <AlertTriangle className="size-3.5" aria-hidden="true" />
                          Overdue
                        </Badge>
                        <span className="font-semibold text-destructive">{left.text}</span>
                      </span>
                    ) : (
                      <span className="whitespace-nowrap tabular-nums">{left.text}</span>
                    )}
                    {c.overdueNoticeAt && (
                      <span className="block text-xs text-muted-foreground">Team e-mailed</span>
                    )}
                  </Cell>
                ) : (
                  <Cell label="Contacted">
                    {c.contact && (
                      <>
                        <span className="block">
                          {CONTACT_METHOD_LABELS[c.contact.method]} by {c.contact.by.name},{' '}
                          <time dateTime={c.contact.at}>{when(c.contact.at)}</time>
                        </span>
                        <Badge
                          variant={c.contact.inTime ? 'secondary' : 'outline'}
                          className="mt-1"
                        >
                          {c.contact.inTime ? 'Within 24 hours' : 'After 24 hours'}
                        </Badge>
                        {c.contact.note && (
                          <span className="mt-1 block whitespace-pre-line text-xs text-muted-foreground">
                            {c.contact.note}
                          </span>
                        )}
                      </>
                    )}
                  </Cell>
                )}
                <Cell label="Project manager">
                  <ProjectManagerSelect client={c} employees={employees} assign={assign} />
                </Cell>
                {view === 'waiting' && (
                  <Cell>
                    <Button
                      size="sm"
                      variant={late ? 'red' : 'outline'}
                      className="whitespace-nowrap"
                      onClick={(e) => onMarkContacted(c, e.currentTarget)}
                    >
                      Mark contacted<span className="sr-only">: {c.businessName}</span>
                    </Button>
                  </Cell>
                )}
              </Row>
            );
          })
        : Array.from({ length: 3 }, (_, i) => (
            <Row key={i}>
              {columns.map((column) => (
                <Cell key={column}>
                  <Skeleton className="h-5 w-full" />
                </Cell>
              ))}
            </Row>
          ))}
    </DataTable>
  );
}
