import { useRef, useState, type FormEvent } from 'react';
import {
  SUPPORT_DESCRIPTION_MAX,
  SUPPORT_TOPICS,
  SUPPORT_URGENCIES,
  type ClientSupportRequest,
  type SupportAttachment,
  type SupportTopic,
  type SupportUrgency,
} from '../../../contract/support/support';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import ErrorSummary, { type FormProblem } from '../../components/ui/error-summary';
import { describedBy, Textarea } from '../../components/ui/field';
import { ApiError, errorMessage, inPageLanguage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useOpenSupportRequest } from './api';
import { AttachmentPicker } from './attachments';

const LEGENDS = { topic: 'support.field.topic', urgency: 'support.field.urgency' } as const;

const ID = {
  topic: `support-topic-${SUPPORT_TOPICS[0]}`,
  urgency: `support-urgency-${SUPPORT_URGENCIES[0]}`,
  description: 'support-description',
  attachments: 'support-attachments',
} as const;

/** The element id of a field the server named ('attachments.0' → the file field). */
function idOf(field: string): string {
  const name = field.split('.')[0] as keyof typeof ID;
  return ID[name] ?? ID.description;
}

/**
 * 'Get help': what it is about, how urgent, a description and files. Sent, the dialog closes and
 * focus goes to the new request's row (`rowOf`), which the list shows at its top.
 */
export function NewRequestDialog({
  onSent,
  rowOf,
}: {
  onSent: (request: ClientSupportRequest) => void;
  rowOf: (id: string) => HTMLElement | null;
}) {
  const _ = useT();
  const [open, setOpen] = useState(false);
  // The request just sent: focus goes to its row once the dialog has closed (a ref, read then).
  const sent = useRef<string | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) sent.current = null;
      }}
    >
      <DialogTrigger asChild>
        <Button>{_('support.open')}</Button>
      </DialogTrigger>
      {open && (
        <DialogContent
          title={_('support.dialogTitle')}
          description={_('support.dialogIntro')}
          closeLabel={_('account.closeDialog')}
          returnFocus={() => (sent.current ? rowOf(sent.current) : null)}
        >
          <NewRequestForm
            onSent={(request) => {
              sent.current = request.id;
              onSent(request);
              setOpen(false);
            }}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function NewRequestForm({ onSent }: { onSent: (request: ClientSupportRequest) => void }) {
  const _ = useT();
  const send = useOpenSupportRequest();
  const [topic, setTopic] = useState<SupportTopic | null>(null);
  const [urgency, setUrgency] = useState<SupportUrgency | null>(null);
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<SupportAttachment[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [serverIssues, setServerIssues] = useState<FormProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  // What the browser finds itself, in the page's words; after a first try, the list follows the
  // answers as they are fixed. The server's issues come after, until the next change.
  const problems: FormProblem[] =
    attempt > 0
      ? [
          ...(topic ? [] : [{ id: ID.topic, message: _('support.error.topic') }]),
          ...(urgency ? [] : [{ id: ID.urgency, message: _('support.error.urgency') }]),
          ...(description.trim()
            ? []
            : [{ id: ID.description, message: _('support.error.description') }]),
          ...serverIssues,
        ]
      : [];
  const errorOf = (id: string) => problems.find((p) => p.id === id)?.message;
  const changed = () => setServerIssues([]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending || uploading) return;
    setAttempt((n) => n + 1);
    setServerIssues([]);
    setFailure(null);
    if (!topic || !urgency || !description.trim()) return;
    send.mutate(
      { topic, urgency, description, attachments: files.map((f) => f.id) },
      {
        onSuccess: onSent,
        onError: (error) => {
          const issues = (error instanceof ApiError ? error.errorBody?.issues : undefined) ?? [];
          if (issues.length)
            setServerIssues(
              issues.map((issue) => ({
                id: idOf(issue.field),
                message: inPageLanguage(issue) ?? issue.message,
              })),
            );
          else setFailure(errorMessage(error, _('common.pleaseTryAgain')));
        },
      },
    );
  };

  const radios = <V extends string>(
    name: 'topic' | 'urgency',
    values: readonly V[],
    current: V | null,
    set: (value: V) => void,
    label: (value: V) => string,
  ) => {
    const error = errorOf(ID[name]);
    return (
      <fieldset
        className="grid gap-1"
        aria-describedby={error ? `support-${name}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{_(LEGENDS[name])}</legend>
        {error && (
          <p id={`support-${name}-error`} className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
        {values.map((value, i) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              id={`support-${name}-${value}`}
              type="radio"
              name={`support-${name}`}
              value={value}
              checked={current === value}
              aria-invalid={error ? true : undefined}
              // The dialog opens on its first question, not on its close button.
              autoFocus={name === 'topic' && i === 0}
              onChange={() => {
                set(value);
                changed();
              }}
              className="size-4 shrink-0"
            />
            {label(value)}
          </label>
        ))}
      </fieldset>
    );
  };

  const descriptionError = errorOf(ID.description);
  const descriptionHint = _('support.hint.description');
  return (
    <form
      noValidate
      aria-label={_('support.dialogTitle')}
      onSubmit={onSubmit}
      className="grid gap-5"
    >
      <ErrorSummary title={_('support.problemsTitle')} problems={problems} attempt={attempt} />
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      {radios('topic', SUPPORT_TOPICS, topic, setTopic, (t) => _('support.topic', { topic: t }))}
      {radios('urgency', SUPPORT_URGENCIES, urgency, setUrgency, (u) =>
        _('support.urgency', { urgency: u }),
      )}
      <div className="grid gap-1.5">
        <label htmlFor={ID.description} className="text-sm font-medium">
          {_('support.field.description')}
        </label>
        <Textarea
          id={ID.description}
          rows={5}
          value={description}
          maxLength={SUPPORT_DESCRIPTION_MAX}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={describedBy(ID.description, descriptionError, descriptionHint)}
          onChange={(e) => {
            setDescription(e.target.value);
            changed();
          }}
        />
        {descriptionError ? (
          <p id={`${ID.description}-error`} className="text-xs font-medium text-destructive">
            {descriptionError}
          </p>
        ) : (
          <p id={`${ID.description}-hint`} className="text-xs text-muted-foreground">
            {descriptionHint}
          </p>
        )}
      </div>
      <AttachmentPicker
        id={ID.attachments}
        files={files}
        setFiles={(next) => {
          setFiles(next);
          changed();
        }}
        error={errorOf(ID.attachments)}
        disabled={send.isPending}
        onBusy={setUploading}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={send.isPending || uploading}>
          {send.isPending ? _('support.sending') : _('support.send')}
        </Button>
      </div>
    </form>
  );
}
