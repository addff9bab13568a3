import { Lock, Paperclip } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  MAX_ATTACHMENTS,
  SUPPORT_DESCRIPTION_MAX,
  SUPPORT_RESOLUTION_MAX,
  SUPPORT_TOPIC_LABELS,
  type SupportAttachment,
  type SupportMessage,
  type SupportRequestDetail,
} from '../../../contract/support/support';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { FactList } from '../../components/ui/fact-list';
import { describedBy, Field, Input, Select, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import {
  attachmentHref,
  uploadAttachment,
  useAcknowledge,
  useAddNote,
  useAssign,
  useEmployeeNames,
  useCloseRequest,
  useMerge,
  useReopen,
  useReply,
  useSavedReplies,
  useSupportRequest,
} from './admin-api';
import { fileSummary, when } from './admin-format';
import { DueText, STATUS_LABELS, UrgencyBadge } from './queue-table';

const SOURCE_LABELS: Record<SupportRequestDetail['source'], string> = {
  web: 'The billing page',
  email: 'E-mail',
  uptime: 'The uptime check',
  certificate: 'The certificate check',
};
const KIND_LABELS: Record<SupportMessage['kind'], string> = {
  client: 'Client',
  team: 'Team',
  system: 'System',
  note: 'Internal note',
};
const ATTACH_ACCEPT = 'image/*,application/pdf';
/** The server refuses a larger file (413); checked here first to spare sending it. */
const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Focuses the element with this id once it is rendered: the button pressed leaves with the state it
 * acted on (Acknowledge, Reopen), and the dialog would otherwise keep focus on itself.
 */
function focusOnceShown(id: string, tries = 30): void {
  const target = document.getElementById(id);
  if (target) target.focus();
  else if (tries > 0) requestAnimationFrame(() => focusOnceShown(id, tries - 1));
}

/** A failed action's toast: what did not happen, and the server's words why. */
const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

/** One request for the team: the conversation, reply and note, and what may be done to it. */
export function SupportRequestDialog({
  requestId,
  onClose,
}: {
  requestId: string | null;
  onClose: () => void;
}) {
  const request = useSupportRequest(requestId);
  const data = request.data?.id === requestId ? request.data : undefined;
  return (
    <Dialog open={requestId !== null} onOpenChange={(open) => !open && onClose()}>
      {requestId !== null && (
        <DialogContent
          title={data ? `#${data.number} ${data.title}` : 'Support request'}
          description={data ? `${data.business.name} · ${data.business.email}` : undefined}
          className="w-[min(56rem,calc(100vw-1rem))] p-4 sm:p-6"
        >
          {request.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(request.error, 'The request could not be loaded.')}
            </p>
          ) : !data ? (
            <p role="status">Loading the request…</p>
          ) : (
            <RequestView key={data.id} detail={data} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function RequestView({ detail: d }: { detail: SupportRequestDetail }) {
  const closed = d.status === 'closed';
  // The due time as of opening; the queue behind keeps its own countdown.
  const [now] = useState(() => Date.now());
  return (
    <div className="grid gap-6 text-sm">
      <section aria-labelledby="support-request-facts">
        <h3 id="support-request-facts" className="font-semibold">
          Request
        </h3>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <UrgencyBadge urgency={d.urgency} />
          <Badge variant={closed ? 'secondary' : 'outline'}>{STATUS_LABELS[d.status]}</Badge>
          {d.breached && <Badge variant="red">Breached</Badge>}
        </div>
        <FactList
          rows={(
            [
              ['About', SUPPORT_TOPIC_LABELS[d.topic]],
              ['From', SOURCE_LABELS[d.source]],
              [
                'Client’s language',
                d.business.language === 'es' ? 'Spanish (write in Spanish)' : 'English',
              ],
              [
                'Opened',
                <time key="o" dateTime={d.createdAt}>
                  {when(d.createdAt)}
                </time>,
              ],
              ['First answer', <DueText key="d" item={d} now={now} />],
              [
                'Acknowledged',
                d.urgency === 'urgent' &&
                  (d.acknowledgedAt
                    ? `${d.acknowledgedBy ? `By ${d.acknowledgedBy.name}, ` : ''}${when(d.acknowledgedAt)}`
                    : 'Not yet'),
              ],
              ['Escalated to owners', d.escalatedAt && when(d.escalatedAt)],
              ['Merged into', d.mergedInto && `#${d.mergedInto.number}`],
              ['Resolution', d.resolution && <q className="whitespace-pre-wrap">{d.resolution}</q>],
              ['Closed', d.closedAt && when(d.closedAt)],
              ['Replies go to', d.replyTo && <span className="break-all">{d.replyTo}</span>],
              // Only what applies to this request: no rows of dashes for an open one.
            ] as [string, ReactNode][]
          ).filter((row) => Boolean(row[1]))}
        />
      </section>
      <section aria-labelledby="support-request-actions" className="grid gap-3">
        <h3 id="support-request-actions" className="font-semibold">
          Actions
        </h3>
        <AssignSelect detail={d} />
        <RequestActions detail={d} />
      </section>
      <Conversation detail={d} />
      {closed ? (
        <p className="rounded-lg bg-muted p-3">
          This request is closed. Reopen it to reply; the client reopens it by writing again.
        </p>
      ) : (
        <ReplyForm detail={d} />
      )}
      <NoteForm detail={d} />
    </div>
  );
}

function AssignSelect({ detail: d }: { detail: SupportRequestDetail }) {
  const employees = useEmployeeNames();
  const assign = useAssign();
  const current = d.assignee;
  // Someone no longer in the list (disabled) is still shown as chosen.
  const list = employees.data ?? [];
  const options = current && !list.some((e) => e.id === current.id) ? [current, ...list] : list;
  const error = fieldIssues(assign.error).assigneeId;
  return (
    <Field id="support-assignee" label="Assignee" error={error} className="max-w-xs">
      <Select
        id="support-assignee"
        value={current?.id ?? ''}
        disabled={assign.isPending}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy('support-assignee', error)}
        onChange={(e) => {
          const assigneeId = e.target.value || null;
          const name = options.find((o) => o.id === assigneeId)?.name;
          assign.mutate(
            { id: d.id, assigneeId },
            {
              onSuccess: () =>
                toast({
                  title: 'Assignee saved',
                  description: name
                    ? `#${d.number} is ${name}’s.`
                    : `#${d.number} is nobody’s now.`,
                }),
              onError: failed('Not assigned'),
            },
          );
        }}
      >
        <option value="">Nobody</option>
        {options.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function RequestActions({ detail: d }: { detail: SupportRequestDetail }) {
  const acknowledge = useAcknowledge();
  const reopen = useReopen();
  const [closing, setClosing] = useState(false);
  const [merging, setMerging] = useState(false);
  const closed = d.status === 'closed';
  return (
    <div className="flex flex-wrap gap-2">
      {d.urgency === 'urgent' && !d.acknowledgedAt && !closed && (
        <Button
          id="support-acknowledge"
          variant="red"
          size="sm"
          disabled={acknowledge.isPending}
          onClick={() =>
            acknowledge.mutate(
              { id: d.id },
              {
                onSuccess: () => {
                  toast({
                    title: 'Acknowledged',
                    description: `The owners will not be called about #${d.number}.`,
                  });
                  focusOnceShown('support-reply-body');
                },
                onError: failed('Not acknowledged'),
              },
            )
          }
        >
          {acknowledge.isPending ? 'Acknowledging…' : 'Acknowledge: I have it'}
        </Button>
      )}
      {closed ? (
        <Button
          id="support-reopen"
          variant="outline"
          size="sm"
          disabled={reopen.isPending || d.mergedInto !== null}
          onClick={() =>
            reopen.mutate(
              { id: d.id },
              {
                onSuccess: () => {
                  toast({ title: `#${d.number} reopened` });
                  focusOnceShown('support-close');
                },
                onError: failed('Not reopened'),
              },
            )
          }
        >
          {reopen.isPending ? 'Reopening…' : 'Reopen'}
        </Button>
      ) : (
        <>
          <Button id="support-merge" variant="outline" size="sm" onClick={() => setMerging(true)}>
            Merge into…
          </Button>
          <Button id="support-close" variant="outline" size="sm" onClick={() => setClosing(true)}>
            Close…
          </Button>
        </>
      )}
      <CloseDialog detail={d} open={closing} onOpenChange={setClosing} />
      <MergeDialog detail={d} open={merging} onOpenChange={setMerging} />
    </div>
  );
}

interface FieldProps {
  id: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': true;
}

/**
 * A dialog that asks one required thing before an action (a resolution, a request number): the
 * field's own check first, then the server's issue on that field beside it; other failures are a
 * toast. The typed text stays when it fails and is cleared when it succeeds.
 */
function OneFieldDialog<T>({
  open,
  onOpenChange,
  title,
  description,
  returnFocus,
  field,
  mutation,
  send,
  submitLabel,
  pendingLabel,
  failedTitle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  returnFocus: () => HTMLElement | null;
  field: {
    id: string;
    label: string;
    /** The field's name in the server's issues. */
    issue: string;
    /** Said when the field's own check fails. */
    missing: string;
    /** The value to send, or null when it is not one. */
    parse: (text: string) => T | null;
    input: (props: FieldProps) => ReactNode;
  };
  mutation: { isPending: boolean; error: unknown; reset: () => void };
  /** Sends `value`; calls back as TanStack's `mutate` does. */
  send: (value: T, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  submitLabel: string;
  pendingLabel: string;
  failedTitle: string;
}) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const error = missing ? field.missing : fieldIssues(mutation.error)[field.issue];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = field.parse(text);
    if (value === null) {
      setMissing(true);
      document.getElementById(field.id)?.focus();
      return;
    }
    setMissing(false);
    send(value, {
      onSuccess: () => {
        setText('');
        mutation.reset();
        onOpenChange(false);
      },
      onError: (e) => {
        if (!fieldIssues(e)[field.issue]) failed(failedTitle)(e);
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (mutation.reset(), setMissing(false), onOpenChange(o))}
    >
      <DialogContent title={title} description={description} returnFocus={returnFocus}>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Field id={field.id} label={field.label} required error={error}>
            {field.input({
              id: field.id,
              value: text,
              onChange: (e) => setText(e.target.value),
              'aria-invalid': Boolean(error),
              'aria-describedby': describedBy(field.id, error),
              'aria-required': true,
            })}
          </Field>
          <DialogActions
            submitLabel={submitLabel}
            pendingLabel={pendingLabel}
            pending={mutation.isPending}
            variant="red"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface ActionDialogProps {
  detail: SupportRequestDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Closing asks for a resolution (required): what was done, for the team and the figures. */
function CloseDialog({ detail: d, open, onOpenChange }: ActionDialogProps) {
  const close = useCloseRequest();
  return (
    <OneFieldDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Close #${d.number}?`}
      description="Say how it was resolved. The client can reopen it by writing again."
      returnFocus={() => document.getElementById('support-reopen')}
      field={{
        id: 'support-resolution',
        label: 'Resolution',
        issue: 'resolution',
        missing: 'Enter the resolution: what was done.',
        parse: (text) => text.trim() || null,
        input: (props) => <Textarea rows={3} maxLength={SUPPORT_RESOLUTION_MAX} {...props} />,
      }}
      mutation={close}
      send={(resolution, callbacks) =>
        close.mutate(
          { id: d.id, resolution },
          {
            ...callbacks,
            onSuccess: () => {
              toast({ title: `#${d.number} closed` });
              callbacks.onSuccess();
            },
          },
        )
      }
      submitLabel="Close request"
      pendingLabel="Closing…"
      failedTitle="Not closed"
    />
  );
}

/** Merging moves this conversation into another request of the same client and closes this one. */
function MergeDialog({ detail: d, open, onOpenChange }: ActionDialogProps) {
  const merge = useMerge();
  return (
    <OneFieldDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Merge #${d.number} into another request?`}
      description="Its conversation moves into that request of the same client, and this one closes. It cannot be undone."
      // A merged request cannot be reopened (its button is disabled): focus goes to its facts.
      returnFocus={() =>
        merge.isSuccess ? document.getElementById('support-request-facts') : null
      }
      field={{
        id: 'support-merge-into',
        label: 'Merge into request number',
        issue: 'intoNumber',
        missing: 'Enter the number of the request to merge into.',
        parse: (text) => {
          const number = Number(text.trim().replace(/^#/, ''));
          return Number.isInteger(number) && number >= 1 ? number : null;
        },
        input: (props) => <Input inputMode="numeric" autoComplete="off" {...props} />,
      }}
      mutation={merge}
      send={(intoNumber, callbacks) =>
        merge.mutate(
          { id: d.id, intoNumber },
          {
            ...callbacks,
            onSuccess: () => {
              toast({ title: `#${d.number} merged into #${intoNumber}` });
              callbacks.onSuccess();
            },
          },
        )
      }
      submitLabel="Merge"
      pendingLabel="Merging…"
      failedTitle="Not merged"
    />
  );
}

function Conversation({ detail: d }: { detail: SupportRequestDetail }) {
  return (
    <section aria-labelledby="support-conversation">
      <h3 id="support-conversation" className="font-semibold">
        Conversation
      </h3>
      <ol className="mt-2 grid gap-3">
        {d.messages.map((m) => (
          <Message key={m.id} message={m} />
        ))}
      </ol>
    </section>
  );
}

function Message({ message: m }: { message: SupportMessage }) {
  const note = m.kind === 'note';
  return (
    <li
      data-kind={m.kind}
      className={cn(
        'grid gap-1 rounded-lg border p-3',
        m.kind === 'client' && 'border-border bg-card',
        m.kind === 'team' && 'border-primary/40 bg-primary/5 sm:ml-8',
        m.kind === 'system' && 'border-dashed border-border bg-muted',
        note && 'border-2 border-dashed border-amber-500 bg-amber-50 dark:bg-amber-950/40 sm:ml-8',
      )}
    >
      {note && (
        <p className="flex items-center gap-1 text-xs font-semibold text-amber-800 dark:text-amber-200">
          <Lock className="size-3.5" aria-hidden="true" />
          Internal note — the client never sees this
        </p>
      )}
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{m.authorName}</span>
        {!note && <span>{KIND_LABELS[m.kind]}</span>}
        {m.via === 'email' && <span>by e-mail</span>}
        <time dateTime={m.at}>{when(m.at)}</time>
      </p>
      <p className="whitespace-pre-wrap break-words">{m.body}</p>
      {m.attachments.length > 0 && <AttachmentLinks files={m.attachments} />}
    </li>
  );
}

function AttachmentLinks({ files }: { files: SupportAttachment[] }) {
  return (
    <ul className="grid gap-1">
      {files.map((f) => (
        <li key={f.id} className="flex flex-wrap items-center gap-1">
          <Paperclip className="size-3.5" aria-hidden="true" />
          <a
            href={attachmentHref(f.id)}
            target="_blank"
            rel="noreferrer noopener"
            className="break-all font-medium text-primary underline underline-offset-2"
          >
            {f.name}
          </a>
          <span className="text-muted-foreground">({fileSummary(f)})</span>
        </li>
      ))}
    </ul>
  );
}

/** The reply to the client: typed, or from a saved reply in the client's language, with files. */
function ReplyForm({ detail: d }: { detail: SupportRequestDetail }) {
  const reply = useReply();
  const saved = useSavedReplies();
  const [body, setBody] = useState('');
  const [chosen, setChosen] = useState('');
  const [files, setFiles] = useState<SupportAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const issues = fieldIssues(reply.error);
  const bodyError = missing ? 'Write the reply first.' : issues.body;
  const attachError = fileError ?? issues.attachments;
  const spanish = d.business.language === 'es';

  const insert = () => {
    const item = saved.data?.items.find((r) => r.id === chosen);
    if (!item) return;
    const text = spanish ? item.es : item.en;
    setBody((current) => (current.trim() ? `${current.trimEnd()}\n\n${text}` : text));
    setMissing(false);
    document.getElementById('support-reply-body')?.focus();
  };

  const attach = async (input: HTMLInputElement) => {
    const chosenFiles = [...(input.files ?? [])];
    input.value = '';
    if (chosenFiles.length === 0) return;
    if (files.length + chosenFiles.length > MAX_ATTACHMENTS) {
      setFileError(`Attach at most ${MAX_ATTACHMENTS} files to one reply.`);
      return;
    }
    const large = chosenFiles.find((f) => f.size > ATTACHMENT_MAX_BYTES);
    if (large) {
      setFileError(`‘${large.name}’ is larger than 5 MB. Please choose a smaller file.`);
      return;
    }
    setFileError(null);
    setUploading(true);
    try {
      for (const file of chosenFiles) {
        const uploaded = await uploadAttachment(d.id, file);
        setFiles((all) => [...all, uploaded]);
      }
    } catch (error) {
      setFileError(errorMessage(error, 'The file was not attached.'));
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setMissing(true);
      document.getElementById('support-reply-body')?.focus();
      return;
    }
    setMissing(false);
    reply.mutate(
      { id: d.id, body: body.trim(), attachments: files.map((f) => f.id) },
      {
        onSuccess: () => {
          toast({ title: 'Reply sent', description: `${d.business.name} gets it by e-mail.` });
          // Only a sent reply empties the box: a failed one keeps every word.
          setBody('');
          setFiles([]);
          reply.reset();
          document.getElementById('support-reply-body')?.focus();
        },
        onError: (error) => {
          if (Object.keys(fieldIssues(error)).length === 0) failed('Reply not sent')(error);
          else document.getElementById('support-reply-body')?.focus();
        },
      },
    );
  };

  return (
    <section aria-labelledby="support-reply-title">
      <h3 id="support-reply-title" className="font-semibold">
        Reply to the client
      </h3>
      <form className="mt-2 grid gap-3" onSubmit={submit} noValidate>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 gap-1">
            <label htmlFor="support-saved-reply" className="text-sm font-medium">
              Saved replies
            </label>
            <Select
              id="support-saved-reply"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              disabled={!saved.data || saved.data.items.length === 0}
              aria-describedby="support-saved-reply-hint"
            >
              <option value="">
                {saved.data && saved.data.items.length === 0
                  ? 'No saved replies yet'
                  : 'Choose a saved reply'}
              </option>
              {saved.data?.items.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" disabled={!chosen} onClick={insert}>
            Insert
          </Button>
          <p id="support-saved-reply-hint" className="w-full text-xs text-muted-foreground">
            Inserted in {spanish ? 'Spanish' : 'English'}, the client’s language.
          </p>
        </div>
        <Field id="support-reply-body" label="Reply" required error={bodyError}>
          <Textarea
            id="support-reply-body"
            rows={6}
            maxLength={SUPPORT_DESCRIPTION_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={Boolean(bodyError)}
            aria-describedby={describedBy('support-reply-body', bodyError)}
            aria-required
          />
        </Field>
        <div className="grid gap-1">
          <label htmlFor="support-reply-files" className="text-sm font-medium">
            Attach files (images or PDF, 5 MB each, up to {MAX_ATTACHMENTS})
          </label>
          <Input
            id="support-reply-files"
            type="file"
            multiple
            accept={ATTACH_ACCEPT}
            disabled={uploading || files.length >= MAX_ATTACHMENTS}
            aria-invalid={attachError ? true : undefined}
            aria-describedby={attachError ? 'support-reply-files-error' : undefined}
            onChange={(e) => void attach(e.currentTarget)}
            className="h-auto min-w-0 py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
          />
          {uploading && (
            <p role="status" className="text-xs text-muted-foreground">
              Uploading…
            </p>
          )}
          {attachError && (
            <p id="support-reply-files-error" role="alert" className="text-xs text-destructive">
              {attachError}
            </p>
          )}
          {files.length > 0 && (
            <ul className="grid gap-1">
              {files.map((f) => (
                <li key={f.id} className="flex flex-wrap items-center gap-2">
                  <Paperclip className="size-3.5" aria-hidden="true" />
                  <span className="break-all">{f.name}</span>
                  <span className="text-muted-foreground">({fileSummary(f)})</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setFiles((all) => all.filter((x) => x.id !== f.id));
                      document.getElementById('support-reply-files')?.focus();
                    }}
                  >
                    Remove<span className="sr-only"> {f.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <Button type="submit" disabled={reply.isPending || uploading}>
            {reply.isPending ? 'Sending…' : 'Send reply'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** An internal note: for the team only, never e-mailed or shown to the client. */
function NoteForm({ detail: d }: { detail: SupportRequestDetail }) {
  const add = useAddNote();
  const [body, setBody] = useState('');
  const [missing, setMissing] = useState(false);
  const error = missing ? 'Write the note first.' : fieldIssues(add.error).body;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setMissing(true);
      document.getElementById('support-note-body')?.focus();
      return;
    }
    setMissing(false);
    add.mutate(
      { id: d.id, body: body.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Note added' });
          setBody('');
          add.reset();
          document.getElementById('support-note-body')?.focus();
        },
        onError: (e) => {
          if (!fieldIssues(e).body) failed('Note not added')(e);
        },
      },
    );
  };
  return (
    <section aria-labelledby="support-note-title">
      <h3 id="support-note-title" className="flex items-center gap-1 font-semibold">
        <Lock className="size-4" aria-hidden="true" />
        Internal note
      </h3>
      <form className="mt-2 grid gap-3" onSubmit={submit} noValidate>
        <Field
          id="support-note-body"
          label="Note"
          required
          error={error}
          hint="For the team only: the client never sees it."
        >
          <Textarea
            id="support-note-body"
            rows={3}
            maxLength={SUPPORT_DESCRIPTION_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy(
              'support-note-body',
              error,
              'For the team only: the client never sees it.',
            )}
            aria-required
          />
        </Field>
        <div>
          <Button type="submit" variant="outline" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </Button>
        </div>
      </form>
    </section>
  );
}
