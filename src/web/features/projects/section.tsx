import { AlertTriangle } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  BOARD_COLUMN_LABELS,
  STATUS_LABELS,
  type BoardCard,
} from '../../../contract/projects/projects';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../../components/ui/load-error';
import { errorMessage } from '../../lib/api';
import type { SectionProps } from '../../lib/admin-section';
import { useProjectBoard } from './api';
import { ProjectDialog } from './project-dialog';

/**
 * 'Projects' (issue 29 §4): every live client project by the stage its website is at, filtered by
 * project manager, overdue milestones named in words and with an icon (never by colour alone).
 * Columns stack into one list of cards on a phone. A card's button opens the project to work on.
 */
export default function ProjectsSection(_props: SectionProps) {
  const [manager, setManager] = useState('');
  const board = useProjectBoard(manager);
  const [open, setOpen] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Each client&apos;s project by its website&apos;s current stage. Open a card to move its
        milestones, attach deliverables and send them for review.
      </p>
      <div className="grid max-w-xs gap-1.5">
        <label htmlFor="project-manager" className="text-sm font-medium">
          Project manager
        </label>
        <Select
          id="project-manager"
          className="h-11"
          value={manager}
          onChange={(e) => setManager(e.target.value)}
        >
          <option value="">Everyone</option>
          <option value="none">No project manager</option>
          {board.data?.managers.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      {board.isError ? (
        <LoadError onRetry={() => void board.refetch()}>
          <p className="font-semibold text-destructive">
            Error loading projects: {errorMessage(board.error, 'Unknown error')}
          </p>
        </LoadError>
      ) : !board.data ? (
        <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-7" aria-hidden="true">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-7">
          {board.data.columns.map((column) => (
            <section
              key={column.id}
              aria-labelledby={`projects-${column.id}`}
              data-project-column={column.id}
              className="grid content-start gap-2 rounded-xl border border-border bg-muted/40 p-3"
            >
              <h2 id={`projects-${column.id}`} className="text-sm font-semibold">
                {BOARD_COLUMN_LABELS[column.id]}{' '}
                <span className="font-normal text-muted-foreground">({column.total})</span>
              </h2>
              {column.cards.length === 0 ? (
                <p className="text-sm text-muted-foreground">No projects here.</p>
              ) : (
                <ul
                  className="grid gap-2"
                  aria-label={`${BOARD_COLUMN_LABELS[column.id]} projects`}
                >
                  {column.cards.map((card) => (
                    <ProjectCard
                      key={card.projectId}
                      card={card}
                      today={board.data.today}
                      onOpen={(button) => {
                        opener.current = button;
                        setOpen(card.projectId);
                      }}
                    />
                  ))}
                </ul>
              )}
              {column.total > column.cards.length && (
                <p className="text-xs text-muted-foreground">
                  The {column.cards.length} most overdue of {column.total}.
                </p>
              )}
            </section>
          ))}
        </div>
      )}
      <ProjectDialog
        projectId={open}
        onClose={() => setOpen(null)}
        returnFocus={() => opener.current}
      />
    </div>
  );
}

function ProjectCard(props: {
  card: BoardCard;
  today: string;
  onOpen: (button: HTMLElement) => void;
}) {
  const { card } = props;
  return (
    <li
      className="grid gap-1 rounded-lg border border-border bg-card p-3 text-sm"
      data-project-card={card.projectId}
    >
      <p className="font-semibold break-words">{card.businessName}</p>
      <p className="text-muted-foreground">{card.planName}</p>
      {card.status && <p>{STATUS_LABELS[card.status]}</p>}
      {card.dueOn && (
        <p className="text-muted-foreground">
          Due {card.dueOn}
          {card.dueOn < props.today ? ' (past)' : ''}
        </p>
      )}
      <p className="text-muted-foreground">Project manager: {card.managerName ?? 'none'}</p>
      {card.overdue > 0 && (
        <p className="flex items-center gap-1 font-medium text-destructive">
          <AlertTriangle className="size-4" aria-hidden="true" />
          <Badge variant="red">
            {card.overdue} overdue {card.overdue === 1 ? 'milestone' : 'milestones'}
          </Badge>
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        className="mt-1 justify-self-start"
        onClick={(e) => props.onOpen(e.currentTarget)}
      >
        Open<span className="sr-only"> the project of {card.businessName}</span>
      </Button>
    </li>
  );
}
