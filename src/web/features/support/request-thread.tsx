import { Paperclip } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  SUPPORT_DESCRIPTION_MAX,
  type ClientSupportRequest,
  type SupportAttachment,
  type SupportMessage,
} from '../../../contract/support/support';
import { Button } from '../../components/ui/button';
import { describedBy, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { useI18n, useT } from '../../lib/i18n';
import { attachmentHref, useMySupportRequest, useReplyToSupportRequest } from './api';
import { AttachmentPicker } from './attachments';

/** A date and time in the page's language, in the browser's zone: 'Nov 28, 2026, 11:02 AM'. */
export function useWhen() {
  const i18n = useI18n();
  return (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** An opened request: the whole conversation, then the reply box. */
export function RequestThread({ id }: { id: string }) {
  const _ = useT();
  const request = useMySupportRequest(id);
  if (request.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {_('support.thread.loading')}
      </p>
    );
  if (request.isError)
    return (
      <div role="alert" className="text-sm">
        <p className="font-medium">{_('support.thread.loadFailed')}</p>
        <p className="mt-1">{errorMessage(request.error, _('common.pleaseTryAgain'))}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void request.refetch()}>
          {_('common.tryAgain')}
        </Button>
      </div>
    );
  // Internal notes never reach the client's side; were one ever sent, it is not shown.
  const messages = request.data.messages.filter((m) => m.kind !== 'note');
  return (
    <div className="grid gap-4">
      <ol aria-label={_('support.thread.label')} className="grid gap-3">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ol>
      <ReplyForm request={request.data} />
    </div>
  );
}

function MessageItem({ message }: { message: SupportMessage }) {
  const _ = useT();
  const when = useWhen();
  const mine = message.kind === 'client';
  return (
    <li
      className={
        mine
          ? 'min-w-0 rounded-lg border border-border bg-card p-3'
          : 'min-w-0 rounded-lg border border-border bg-muted p-3'
      }
      data-kind={message.kind}
    >
      <p className="flex flex-wrap items-center gap-x-4 text-sm">
        <span className="font-semibold">{message.authorName}</span>
        <time dateTime={message.at} className="text-muted-foreground">
          {when(message.at)}
        </time>
        {message.via === 'email' && (
          <span className="text-muted-foreground">{_('support.thread.byEmail')}</span>
        )}
      </p>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap">{message.body}</p>
      {message.attachments.length > 0 && <AttachmentLinks files={message.attachments} />}
    </li>
  );
}

function AttachmentLinks({ files }: { files: SupportAttachment[] }) {
  const _ = useT();
  return (
    <ul aria-label={_('support.field.attachments')} className="mt-2 grid gap-1 text-sm">
      {files.map((file) => (
        <li key={file.id} className="flex min-w-0 items-center gap-2">
          <Paperclip className="size-4 shrink-0" aria-hidden="true" />
          {/* Read through the client's own route (their session), never a public address. */}
          <a
            href={attachmentHref(file.id)}
            target="_blank"
            rel="noreferrer noopener"
            className="min-w-0 break-all font-medium text-primary underline underline-offset-2"
          >
            {file.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

function ReplyForm({ request }: { request: ClientSupportRequest }) {
  const _ = useT();
  const id = useId();
  const boxId = `${id}-reply`;
  const reply = useReplyToSupportRequest(request.id);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<SupportAttachment[]>([]);
  const [blank, setBlank] = useState(false);
  const [status, setStatus] = useState('');
  const [uploading, setUploading] = useState(false);
  const issues = fieldIssues(reply.error);
  const hasIssues = Object.keys(issues).length > 0;
  const error = blank ? _('support.error.reply') : issues.body;
  const hint = request.status === 'closed' ? _('support.reply.reopens') : _('support.reply.hint');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reply.isPending || uploading) return;
    setStatus('');
    if (!body.trim()) {
      setBlank(true);
      document.getElementById(boxId)?.focus();
      return;
    }
    reply.mutate(
      { body, attachments: files.map((f) => f.id) },
      {
        onSuccess: () => {
          setBody('');
          setFiles([]);
          setStatus(_('support.reply.sent'));
        },
        onError: (e) => {
          if (fieldIssues(e).body) document.getElementById(boxId)?.focus();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 border-t border-border pt-3">
      <div className="grid gap-1.5">
        <label htmlFor={boxId} className="text-sm font-medium">
          {_('support.reply.label')}
        </label>
        <Textarea
          id={boxId}
          rows={3}
          value={body}
          maxLength={SUPPORT_DESCRIPTION_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(boxId, error, hint)}
          onChange={(e) => {
            setBody(e.target.value);
            setBlank(false);
            if (reply.isError) reply.reset();
          }}
        />
        {error ? (
          <p id={`${boxId}-error`} className="text-xs font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p id={`${boxId}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <AttachmentPicker
        id={`${id}-files`}
        files={files}
        setFiles={setFiles}
        error={Object.entries(issues).find(([field]) => field.startsWith('attachments'))?.[1]}
        disabled={reply.isPending}
        onBusy={setUploading}
      />
      {reply.isError && !hasIssues && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(reply.error, _('common.pleaseTryAgain'))}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={reply.isPending || uploading}>
          {reply.isPending ? _('support.sending') : _('support.reply.send')}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {status}
        </p>
      </div>
    </form>
  );
}
