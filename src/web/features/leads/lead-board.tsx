import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  getLeadBoard,
  LEAD_STATUSES,
  type Lead,
  type LeadBoard as Board,
  type LeadStatus,
} from '../../../contract/leads/leads';
import { followUpState } from '../../components/follow-up';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { apiUrl, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { LEAD_STATUS_LABELS, moveOnBoard, useLeadBoard, useMoveLead } from './api';
import { LoadError } from '../../components/ui/load-error';

const BOARD_KEY = [apiUrl(getLeadBoard)];
const HELP =
  'Drag a card to another column, or focus a card and press the left or right arrow key, or use its move buttons.';

/**
 * Leads by status. A card moves by mouse (drag and drop) or keyboard (arrow keys on a focused card,
 * or its buttons): one PATCH each, shown at once and put back if the server refuses. A live region
 * says what happened; focus stays on the moved card.
 */
export function LeadBoard() {
  const board = useLeadBoard();
  const update = useMoveLead();
  // Each card's last asked-for status: a refusal of an older move must not undo a newer one.
  const latest = useRef(new Map<string, LeadStatus>());
  const client = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const [dropTarget, setDropTarget] = useState<LeadStatus | null>(null);
  const focusAfterMove = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (!focusAfterMove.current) return;
    document.querySelector<HTMLElement>(`[data-lead-card="${focusAfterMove.current}"]`)?.focus();
    focusAfterMove.current = null;
  });

  const move = async (lead: Lead, status: LeadStatus) => {
    if (lead.status === status) return;
    const label = LEAD_STATUS_LABELS[status];
    focusAfterMove.current = lead.id;
    client.setQueryData<Board>(BOARD_KEY, (b) => b && moveOnBoard(b, { ...lead, status }));
    latest.current.set(lead.id, status);
    // Said at once, in the order of the moves; a refusal corrects it.
    setAnnouncement(`${lead.name} moved to ${label}.`);
    try {
      await update.mutateAsync({ id: lead.id, status });
    } catch (error) {
      if (latest.current.get(lead.id) !== status) return;
      latest.current.set(lead.id, lead.status);
      focusAfterMove.current = lead.id;
      client.setQueryData<Board>(BOARD_KEY, (b) => b && moveOnBoard(b, lead));
      const why = errorMessage(error, 'Please try again.');
      setAnnouncement(`${lead.name} was not moved: ${why}`);
      toast({ title: 'The lead was not moved', description: why, variant: 'destructive' });
    }
  };
  const step = (lead: Lead, by: -1 | 1) => {
    const next = LEAD_STATUSES[LEAD_STATUSES.indexOf(lead.status) + by];
    if (next) void move(lead, next);
    else setAnnouncement(`${lead.name} is already in the ${by < 0 ? 'first' : 'last'} column.`);
  };

  const onDrop = (status: LeadStatus) => (event: DragEvent) => {
    event.preventDefault();
    setDropTarget(null);
    const id = event.dataTransfer.getData('text/plain');
    const lead = board.data?.columns.flatMap((c) => c.items).find((l) => l.id === id);
    if (lead) void move(lead, status);
  };

  return (
    <section aria-labelledby="board-heading" className="grid gap-3">
      <div>
        <h2 id="board-heading" className="text-lg font-semibold">
          Leads by status
        </h2>
        <p id="board-help" className="text-sm text-muted-foreground">
          {HELP}
        </p>
        <p aria-live="polite" className="sr-only" data-testid="board-announcement">
          {announcement}
        </p>
      </div>
      {board.isError ? (
        <LoadError onRetry={() => void board.refetch()}>
          <p className="font-semibold text-destructive">
            Error loading leads: {errorMessage(board.error, 'Unknown error')}
          </p>
        </LoadError>
      ) : !board.data ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true">
          {LEAD_STATUSES.map((s) => (
            <Skeleton key={s} className="h-48 w-full rounded-xl" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {board.data.columns.map((column) => {
            const label = LEAD_STATUS_LABELS[column.status];
            return (
              <section
                key={column.status}
                aria-labelledby={`board-${column.status}`}
                onDragOver={(e) => (e.preventDefault(), setDropTarget(column.status))}
                onDragLeave={() => setDropTarget((t) => (t === column.status ? null : t))}
                onDrop={onDrop(column.status)}
                data-board-column={column.status}
                className={cn(
                  'grid content-start gap-2 rounded-xl border border-border bg-muted/40 p-3',
                  dropTarget === column.status && 'border-primary bg-muted',
                )}
              >
                <h3 id={`board-${column.status}`} className="text-sm font-semibold">
                  {label}{' '}
                  <span className="font-normal text-muted-foreground">({column.total})</span>
                </h3>
                {column.items.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    No leads {column.status === 'new' ? 'waiting' : label.toLowerCase()}.
                  </p>
                ) : (
                  <ul className="grid gap-2" aria-label={`${label} leads`}>
                    {column.items.map((lead) => (
                      <BoardCard key={lead.id} lead={lead} today={board.data.today} onStep={step} />
                    ))}
                  </ul>
                )}
                {column.total > column.items.length && (
                  <p className="text-xs text-muted-foreground">
                    The newest {column.items.length} of {column.total}; the Leads tab lists them
                    all.
                  </p>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

function BoardCard({
  lead,
  today,
  onStep,
}: {
  lead: Lead;
  today: string;
  onStep: (lead: Lead, by: -1 | 1) => void;
}) {
  const index = LEAD_STATUSES.indexOf(lead.status);
  const previous = LEAD_STATUSES[index - 1];
  const next = LEAD_STATUSES[index + 1];
  const due = followUpState(lead.nextFollowUp, today);
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return; // the buttons inside keep their own keys
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      onStep(lead, event.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  return (
    <li
      tabIndex={0}
      draggable
      data-lead-card={lead.id}
      aria-labelledby={`card-${lead.id}`}
      aria-describedby="board-help"
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', lead.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onKeyDown={onKeyDown}
      className="grid cursor-grab gap-1 rounded-lg border border-border bg-card p-3 text-sm shadow-sm active:cursor-grabbing"
    >
      <span id={`card-${lead.id}`} className="font-semibold">
        {lead.name}
      </span>
      {(lead.category || lead.phone) && (
        <span className="text-muted-foreground">
          {[lead.category, lead.phone].filter(Boolean).join(' · ')}
        </span>
      )}
      <span className="flex flex-wrap gap-1">
        {due && (
          <Badge variant={due === 'overdue' ? 'red' : 'default'} className="px-2 py-0.5">
            {due === 'overdue' ? `Overdue since ${lead.nextFollowUp}` : 'Due today'}
          </Badge>
        )}
        {lead.doNotContact && (
          <Badge variant="outline" className="px-2 py-0.5">
            Do not contact
          </Badge>
        )}
      </span>
      <span className="mt-1 flex justify-between gap-2">
        {previous ? (
          <Button
            variant="outline"
            size="sm"
            tabIndex={-1}
            aria-label={`Move ${lead.name} to ${LEAD_STATUS_LABELS[previous]}`}
            onClick={() => onStep(lead, -1)}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {LEAD_STATUS_LABELS[previous]}
          </Button>
        ) : (
          <span />
        )}
        {next && (
          <Button
            variant="outline"
            size="sm"
            tabIndex={-1}
            aria-label={`Move ${lead.name} to ${LEAD_STATUS_LABELS[next]}`}
            onClick={() => onStep(lead, 1)}
          >
            {LEAD_STATUS_LABELS[next]}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        )}
      </span>
    </li>
  );
}
