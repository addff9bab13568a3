import { useEffect, useId, useState } from 'react';
import {
  DELIVERABLE_FILE_ACCEPT,
  MAX_DELIVERABLE_BYTES,
  MOVABLE_STATUSES,
  STAGE_LABELS,
  STATUS_LABELS,
  TRACK_LABELS,
  type AdminProject,
  type DeliverableFile,
  type Milestone,
  type MilestoneStatus,
} from '../../../contract/projects/projects';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Input, Select, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  adminFileHref,
  attachDeliverableFile,
  detachDeliverableFile,
  moveMilestone,
  saveSocialMonth,
  sendForReview,
  useAdminProject,
  useProjectChange,
} from './api';

/** '(PDF, 1.2 MB)': what the attached file is, for the link that opens it. */
function fileSummary(file: DeliverableFile): string {
  const kind = file.contentType === 'application/pdf' ? 'PDF' : 'image';
  const size =
    file.bytes >= 1024 * 1024
      ? `${(file.bytes / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.max(1, Math.round(file.bytes / 1024))} KB`;
  return `${kind}, ${size}`;
}

/** One client's project for the team: move milestones, attach deliverables, send them for review. */
export function ProjectDialog(props: {
  projectId: string | null;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}) {
  const project = useAdminProject(props.projectId);
  const data = project.data?.id === props.projectId ? project.data : undefined;
  return (
    <Dialog open={props.projectId !== null} onOpenChange={(open) => !open && props.onClose()}>
      {props.projectId !== null && (
        <DialogContent
          title={data ? `Project of ${data.businessName}` : 'Project'}
          description={data ? `${data.planName} plan · ${data.email}` : undefined}
          returnFocus={props.returnFocus}
          className="w-[min(56rem,calc(100vw-1rem))] p-4 sm:p-6"
        >
          {project.isError ? (
            <p role="alert">{errorMessage(project.error, 'The project could not be loaded.')}</p>
          ) : !data ? (
            <p role="status">Loading the project…</p>
          ) : (
            <ProjectEditor project={data} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function ProjectEditor({ project }: { project: AdminProject }) {
  return (
    <div className="grid gap-6">
      {project.archived && (
        <p className="rounded-lg bg-muted p-3 text-sm" role="status">
          Archived: the subscription ended. The project is kept as it was and cannot change.
        </p>
      )}
      {project.milestoneTracks.map((track) => (
        <section key={track.kind} aria-labelledby={`track-${track.kind}`}>
          <h3 id={`track-${track.kind}`} className="text-base font-semibold">
            {TRACK_LABELS[track.kind]}
          </h3>
          <ol className="mt-2 grid gap-3">
            {track.milestones.map((m) => (
              <MilestoneEditor key={m.id} milestone={m} archived={project.archived} />
            ))}
          </ol>
        </section>
      ))}
      {project.social && <SocialEditor project={project} />}
    </div>
  );
}

function MilestoneEditor({ milestone: m, archived }: { milestone: Milestone; archived: boolean }) {
  const id = useId();
  const [status, setStatus] = useState<MilestoneStatus>(m.status);
  const [dueOn, setDueOn] = useState(m.dueOn ?? '');
  const [url, setUrl] = useState(m.deliverableUrl ?? '');
  const [note, setNote] = useState(m.deliverableNote ?? '');
  // What the server answered after a save or a send is what the form shows next.
  useEffect(() => {
    setStatus(m.status);
    setDueOn(m.dueOn ?? '');
    setUrl(m.deliverableUrl ?? '');
    setNote(m.deliverableNote ?? '');
  }, [m.status, m.dueOn, m.deliverableUrl, m.deliverableNote]);
  const move = useProjectChange(moveMilestone);
  const send = useProjectChange(sendForReview);
  const attach = useProjectChange(attachDeliverableFile);
  const detach = useProjectChange(detachDeliverableFile);
  const [fileError, setFileError] = useState<string | null>(null);
  const chooseFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setFileError(null);
    // Emptied afterwards, so choosing the same file again uploads it again.
    const clear = () => {
      input.value = '';
    };
    // The server refuses it too; this spares sending 5 MB for nothing.
    if (file.size > MAX_DELIVERABLE_BYTES) {
      setFileError('The file is larger than 5 MB. Please choose a smaller file.');
      clear();
      return;
    }
    attach.mutate(
      { id: m.id, file },
      {
        onSuccess: () => toast({ title: `File attached to ${stage}` }),
        onError: (error) => setFileError(errorMessage(error, 'The file was not attached.')),
        onSettled: clear,
      },
    );
  };
  const issues = { ...fieldIssues(move.error), ...fieldIssues(send.error) };
  const stage = STAGE_LABELS[m.stage];
  const failed = (what: string) => (error: unknown) =>
    toast({
      title: what,
      description: errorMessage(error, 'Please try again.'),
      variant: 'destructive',
    });
  const statusChoices: MilestoneStatus[] = MOVABLE_STATUSES.includes(m.status as never)
    ? [...MOVABLE_STATUSES]
    : [m.status, ...MOVABLE_STATUSES];
  return (
    <li
      className="grid gap-2 rounded-lg border border-border p-3"
      data-milestone={m.stage}
      data-status={m.status}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{stage}</span>
        <Badge variant={m.status === 'in_review' ? 'default' : 'secondary'}>
          {STATUS_LABELS[m.status]}
        </Badge>
        {m.overdue && <Badge variant="red">Overdue</Badge>}
      </p>
      {m.reviewComment && (
        <p className="text-sm break-words">
          Client&apos;s comment: <q>{m.reviewComment}</q>
        </p>
      )}
      <fieldset disabled={archived} className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">{stage}</legend>
        <div className="grid gap-1">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            Status
          </label>
          <Select
            id={`${id}-status`}
            className="h-10"
            value={status}
            onChange={(e) => setStatus(e.target.value as MilestoneStatus)}
          >
            {statusChoices.map((s) => (
              <option key={s} value={s} disabled={s === 'in_review'}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-due`} className="text-sm font-medium">
            Due date
          </label>
          <Input
            id={`${id}-due`}
            type="date"
            className="h-10"
            value={dueOn}
            aria-invalid={issues.dueOn ? true : undefined}
            onChange={(e) => setDueOn(e.target.value)}
          />
          {issues.dueOn && <p className="text-xs text-destructive">{issues.dueOn}</p>}
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <label htmlFor={`${id}-url`} className="text-sm font-medium">
            Deliverable (a link)
          </label>
          <Input
            id={`${id}-url`}
            type="url"
            className="h-10"
            placeholder="https://"
            value={url}
            aria-invalid={issues.deliverableUrl ? true : undefined}
            aria-describedby={issues.deliverableUrl ? `${id}-url-error` : undefined}
            onChange={(e) => setUrl(e.target.value)}
          />
          {issues.deliverableUrl && (
            <p id={`${id}-url-error`} className="text-xs text-destructive">
              {issues.deliverableUrl}
            </p>
          )}
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            Or attach a file (PDF or image, up to 5 MB)
          </label>
          {m.deliverableFile && (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <a
                href={adminFileHref(m.id)}
                target="_blank"
                rel="noreferrer noopener"
                className="font-medium text-primary underline underline-offset-2"
              >
                Open the attached file<span className="sr-only"> of {stage}</span>
              </a>
              <span className="text-muted-foreground">({fileSummary(m.deliverableFile)})</span>
              <Button
                size="sm"
                variant="outline"
                disabled={detach.isPending || attach.isPending}
                onClick={() =>
                  detach.mutate(
                    { id: m.id },
                    {
                      onSuccess: () => toast({ title: `File removed from ${stage}` }),
                      onError: failed('The file was not removed'),
                    },
                  )
                }
              >
                Remove file<span className="sr-only"> of {stage}</span>
              </Button>
            </p>
          )}
          <Input
            id={`${id}-file`}
            type="file"
            accept={DELIVERABLE_FILE_ACCEPT}
            disabled={attach.isPending}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${id}-file-error` : undefined}
            onChange={(e) => chooseFile(e.currentTarget)}
            className="h-auto min-w-0 py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
          />
          {attach.isPending && (
            <p role="status" className="text-xs text-muted-foreground">
              Uploading the file…
            </p>
          )}
          {fileError && (
            <p id={`${id}-file-error`} role="alert" className="text-xs text-destructive">
              {fileError}
            </p>
          )}
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            Note for the client
          </label>
          <Textarea
            id={`${id}-note`}
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button
            size="sm"
            variant="outline"
            disabled={move.isPending}
            onClick={() =>
              move.mutate(
                {
                  id: m.id,
                  ...(status !== m.status
                    ? { status: status as (typeof MOVABLE_STATUSES)[number] }
                    : {}),
                  dueOn: dueOn || null,
                  deliverableUrl: url.trim() || null,
                  deliverableNote: note.trim() || null,
                },
                {
                  onSuccess: () => toast({ title: `${stage} saved` }),
                  onError: failed(`${stage} was not saved`),
                },
              )
            }
          >
            Save<span className="sr-only"> {stage}</span>
          </Button>
          <Button
            size="sm"
            disabled={send.isPending || m.status === 'done'}
            onClick={() =>
              send.mutate(
                {
                  id: m.id,
                  ...(url.trim() ? { deliverableUrl: url.trim() } : {}),
                  deliverableNote: note.trim() || null,
                },
                {
                  onSuccess: () => toast({ title: `${stage} sent to the client for review` }),
                  onError: failed(`${stage} was not sent`),
                },
              )
            }
          >
            Send for review<span className="sr-only"> ({stage})</span>
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

function SocialEditor({ project }: { project: AdminProject }) {
  const save = useProjectChange(saveSocialMonth);
  const [month, setMonth] = useState('');
  const rows = project.social ?? [];
  const submit = (m: string, form: HTMLFormElement) => {
    const data = new FormData(form);
    save.mutate(
      {
        id: project.id,
        month: m,
        planned: Number(data.get('planned')),
        published: Number(data.get('published')),
      },
      {
        onSuccess: () => toast({ title: `Social calendar for ${m} saved` }),
        onError: (error) =>
          toast({
            title: 'The calendar was not saved',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <section aria-labelledby="track-social">
      <h3 id="track-social" className="text-base font-semibold">
        Social media calendar
      </h3>
      <ul className="mt-2 grid gap-2">
        {[
          ...rows.map((r) => r.month),
          ...(month && !rows.some((r) => r.month === month) ? [month] : []),
        ].map((m) => {
          const row = rows.find((r) => r.month === m);
          return (
            <li key={m}>
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  submit(m, e.currentTarget);
                }}
              >
                <span className="w-20 pb-2 text-sm font-medium">{m}</span>
                <label className="grid gap-1 text-sm">
                  Planned
                  <Input
                    name="planned"
                    type="number"
                    min={0}
                    max={1000}
                    defaultValue={row?.planned ?? 0}
                    className="h-10 w-24"
                    disabled={project.archived}
                  />
                </label>
                <label className="grid gap-1 text-sm">
                  Published
                  <Input
                    name="published"
                    type="number"
                    min={0}
                    max={1000}
                    defaultValue={row?.published ?? 0}
                    className="h-10 w-24"
                    disabled={project.archived}
                  />
                </label>
                <Button
                  size="sm"
                  variant="outline"
                  type="submit"
                  disabled={project.archived || save.isPending}
                >
                  Save<span className="sr-only"> {m}</span>
                </Button>
              </form>
            </li>
          );
        })}
      </ul>
      {!project.archived && (
        <div className="mt-3 grid max-w-xs gap-1">
          <label htmlFor="social-add-month" className="text-sm font-medium">
            Add a month
          </label>
          <Input
            id="social-add-month"
            type="month"
            className="h-10"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          />
        </div>
      )}
    </section>
  );
}
