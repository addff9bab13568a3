import { AlertTriangle, CheckCircle2, Circle, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import type { Milestone, NotifyChoice, Project } from '../../../contract/projects/projects';
import { formatLongDate } from '../../../contract/lib/locale-format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea, describedBy } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { useI18n, useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import {
  approve,
  clientFileHref,
  requestChanges,
  setNotify,
  useClientProject,
  useClientProjectAction,
  useProjectWords,
} from './api';

// ICU select keys are plain words: the tracks' ids without their hyphen.
const trackKey = (kind: string) => kind.replace('-', '');

/**
 * 'Your project' on the billing page (issue 29 §4): each track's milestones as a timeline, the
 * review the client answers, the social calendar and how they want to hear of each step. Shows
 * nothing until the client has paid (no project yet) or while its words load.
 */
export function YourProject() {
  const ready = useProjectWords();
  const project = useClientProject();
  const _ = useT();
  if (!ready || project.isPending || project.data === null) return null;
  if (project.isError)
    return (
      <div role="alert" className="mt-10">
        <p className="font-semibold">{_('project.loadFailed')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void project.refetch()}>
          {_('project.tryAgain')}
        </Button>
      </div>
    );
  return <ProjectView project={project.data} />;
}

export function ProjectView({ project }: { project: Project }) {
  const _ = useT();
  return (
    <section aria-labelledby="your-project" className="mt-10" data-testid="your-project">
      <h2 id="your-project" className="text-2xl font-bold">
        {_('project.title')}
      </h2>
      <p className="mt-1 text-muted-foreground">{_('project.plan', { plan: project.planName })}</p>
      {project.archived && (
        <p className="mt-4 rounded-lg border border-border bg-muted p-4 text-sm" role="status">
          {_('project.archived')}
        </p>
      )}
      {project.milestoneTracks.map((track) => (
        <Card key={track.kind} className="mt-6 p-4 sm:p-6">
          <h3 className="text-lg font-semibold">
            {_('project.track', { track: trackKey(track.kind) })}
          </h3>
          <ol className="mt-4 grid gap-4">
            {track.milestones.map((m, i) => (
              <MilestoneItem
                key={m.id}
                milestone={m}
                step={i + 1}
                total={track.milestones.length}
                archived={project.archived}
              />
            ))}
          </ol>
        </Card>
      ))}
      {project.social && <SocialCalendar months={project.social} />}
      {!project.archived && <NotifyChoiceForm notify={project.notify} />}
    </section>
  );
}

function StatusIcon({ m }: { m: Milestone }) {
  const props = { 'aria-hidden': true, className: 'size-5 shrink-0' } as const;
  if (m.status === 'done')
    return <CheckCircle2 {...props} className="size-5 shrink-0 text-primary" />;
  if (m.overdue) return <AlertTriangle {...props} className="size-5 shrink-0 text-flag-red" />;
  if (m.status === 'todo') return <Circle {...props} />;
  return <Clock {...props} />;
}

function MilestoneItem(props: {
  milestone: Milestone;
  step: number;
  total: number;
  archived: boolean;
}) {
  const { milestone: m } = props;
  const _ = useT();
  const i18n = useI18n();
  const day = (iso: string) => formatLongDate(i18n, new Date(`${iso}T12:00:00Z`));
  return (
    <li className="flex gap-3" data-milestone={m.stage} data-status={m.status}>
      <StatusIcon m={m} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">
            <span className="sr-only">
              {_('project.step', { n: props.step, total: props.total })}:{' '}
            </span>
            {_('project.stage', { stage: m.stage })}
          </span>
          <Badge variant={m.status === 'in_review' ? 'default' : 'secondary'}>
            {_('project.status', { status: m.status })}
          </Badge>
          {m.overdue && <Badge variant="red">{_('project.overdue')}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {m.dueOn ? _('project.due', { date: day(m.dueOn) }) : _('project.noDate')}
        </p>
        {(m.deliverableFile || m.deliverableUrl) && m.status !== 'todo' && (
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
            {/* A file is read through the client's own route (their session), never a public address. */}
            <a
              href={m.deliverableFile ? clientFileHref(m.id) : m.deliverableUrl!}
              target="_blank"
              rel="noreferrer noopener"
              className="font-medium text-primary underline underline-offset-2"
            >
              {_('project.deliverable')}
            </a>
            {m.deliverableFile && m.deliverableUrl && (
              <a
                href={m.deliverableUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="font-medium text-primary underline underline-offset-2"
              >
                {_('project.deliverableLink')}
              </a>
            )}
          </p>
        )}
        {m.deliverableNote && m.status === 'in_review' && (
          <p className="mt-1 text-sm break-words">
            {_('project.note', { note: m.deliverableNote })}
          </p>
        )}
        {m.reviewComment && m.status !== 'in_review' && (
          <p className="mt-1 text-sm break-words text-muted-foreground">
            {_('project.yourComment', { comment: m.reviewComment })}
          </p>
        )}
        {m.status === 'in_review' && !props.archived && <ReviewForm milestone={m} />}
      </div>
    </li>
  );
}

function ReviewForm({ milestone }: { milestone: Milestone }) {
  const _ = useT();
  const id = useId();
  const [comment, setComment] = useState('');
  const approving = useClientProjectAction(approve);
  const changing = useClientProjectAction(requestChanges);
  const pending = approving.isPending || changing.isPending;
  const error = fieldIssues(changing.error).comment ?? fieldIssues(approving.error).comment;
  const failed = (e: unknown) =>
    toast({
      title: _('project.answerFailed'),
      description: errorMessage(e, _('common.pleaseTryAgain')),
      variant: 'destructive',
    });
  const hint = _('project.commentHint');
  return (
    <div className="mt-3 grid gap-2 rounded-lg border border-border p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {_('project.commentLabel')}
      </label>
      <Textarea
        id={id}
        rows={3}
        value={comment}
        maxLength={2000}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => setComment(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={pending}
          onClick={() =>
            approving.mutate(
              { id: milestone.id, comment },
              { onSuccess: () => toast({ title: _('project.approved') }), onError: failed },
            )
          }
        >
          {_('project.approve')}
        </Button>
        <Button
          variant="outline"
          disabled={pending}
          onClick={() =>
            changing.mutate(
              { id: milestone.id, comment },
              {
                onSuccess: () => toast({ title: _('project.changesSent') }),
                onError: (e) => {
                  if (!fieldIssues(e).comment) failed(e);
                },
              },
            )
          }
        >
          {_('project.requestChanges')}
        </Button>
      </div>
    </div>
  );
}

function SocialCalendar({ months }: { months: NonNullable<Project['social']> }) {
  const _ = useT();
  const i18n = useI18n();
  const monthName = (month: string) =>
    i18n.date(new Date(`${month}-01T12:00:00Z`), {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return (
    <Card className="mt-6 p-4 sm:p-6">
      <h3 className="text-lg font-semibold" id="social-calendar">
        {_('project.social')}
      </h3>
      <table className="mt-3 w-full text-sm" aria-labelledby="social-calendar">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-2 font-medium">
              {_('project.month')}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              {_('project.planned')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {_('project.published')}
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-t border-border">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {monthName(m.month)}
              </th>
              <td className="py-1 pr-2 text-right">{m.planned}</td>
              <td className="py-1 text-right">{m.published}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function NotifyChoiceForm({ notify }: { notify: NotifyChoice }) {
  const _ = useT();
  const save = useClientProjectAction(setNotify);
  const choose = (choice: NotifyChoice) =>
    save.mutate(choice, {
      onSuccess: () => toast({ title: _('project.notifySaved') }),
      onError: (e) =>
        toast({
          title: _('project.notifyFailed'),
          description: errorMessage(e, _('common.pleaseTryAgain')),
          variant: 'destructive',
        }),
    });
  const options: [NotifyChoice, string][] = [
    ['each', _('project.notifyEach')],
    ['daily', _('project.notifyDaily')],
  ];
  return (
    <fieldset className="mt-6 grid gap-2" disabled={save.isPending}>
      <legend className="mb-1 font-semibold">{_('project.notifyLegend')}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name="project-notify"
            value={value}
            checked={notify === value}
            onChange={() => choose(value)}
            className="size-4"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
