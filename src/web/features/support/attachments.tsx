import { Paperclip } from 'lucide-react';
import { useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { MAX_ATTACHMENTS, type SupportAttachment } from '../../../contract/support/support';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { attachmentHref, uploadAttachment } from './api';

/** What the server keeps (it re-encodes images to WebP): anything else it refuses, so the browser says so first. */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
];

/**
 * The files of one message: each sent as soon as it is chosen (up to MAX_ATTACHMENTS), listed with
 * a link and 'Remove'. A removed file is only left out of the message; the server drops uploads no
 * message uses.
 */
export function AttachmentPicker({
  id,
  files,
  setFiles,
  error,
  disabled,
  onBusy,
}: {
  id: string;
  files: SupportAttachment[];
  setFiles: Dispatch<SetStateAction<SupportAttachment[]>>;
  /** The server's word on the attachments (a field issue). */
  error?: string;
  disabled?: boolean;
  /** While a file is on its way: the form holds its submit, so no message leaves without it. */
  onBusy?: (busy: boolean) => void;
}) {
  const _ = useT();
  const [busy, setBusyState] = useState(false);
  const setBusy = (value: boolean) => {
    setBusyState(value);
    onBusy?.(value);
  };
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = files.length >= MAX_ATTACHMENTS;
  const shown = problem ?? error;

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    let room = MAX_ATTACHMENTS - files.length;
    for (const file of chosen) {
      if (room <= 0) {
        setProblem(_('support.file.tooMany', { max: MAX_ATTACHMENTS }));
        break;
      }
      if (!ATTACHMENT_TYPES.includes(file.type)) {
        setProblem(`${file.name}: ${_('support.file.type')}`);
        continue;
      }
      setBusy(true);
      setStatus(_('support.file.uploading', { name: file.name }));
      try {
        const uploaded = await uploadAttachment(file);
        room -= 1;
        setFiles((current) => [...current, uploaded]);
        setStatus(_('support.file.uploaded', { name: file.name }));
      } catch (e) {
        setStatus('');
        setProblem(`${file.name}: ${errorMessage(e, _('common.pleaseTryAgain'))}`);
      } finally {
        setBusy(false);
      }
    }
  };

  const remove = (file: SupportAttachment) => {
    setProblem(null);
    setFiles((current) => current.filter((f) => f.id !== file.id));
    setStatus(_('support.file.removed', { name: file.name }));
    // The list shrinks under the keyboard: back to the file field, not the page's body.
    document.getElementById(id)?.focus();
  };

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {_('support.field.attachments')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {_('support.hint.attachments', { max: MAX_ATTACHMENTS })}
      </p>
      {files.length > 0 && (
        <ul className="grid gap-1">
          {files.map((file) => (
            <li key={file.id} className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
              <Paperclip className="size-4 shrink-0" aria-hidden="true" />
              <a
                href={attachmentHref(file.id)}
                target="_blank"
                rel="noreferrer noopener"
                className="min-w-0 break-all text-primary underline underline-offset-2"
              >
                {file.name}
              </a>
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                aria-label={_('support.file.remove', { name: file.name })}
                onClick={() => remove(file)}
              >
                {_('support.file.removeShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="file"
        accept={ATTACHMENT_TYPES.join(',')}
        multiple
        disabled={disabled || busy || full}
        aria-describedby={shown ? `${id}-error` : `${id}-hint`}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => void onChoose(e)}
        className="w-full text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-border file:bg-card file:px-4 file:font-semibold"
      />
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {shown}
        </p>
      )}
      <p role="status" className="text-xs text-muted-foreground">
        {status}
      </p>
    </div>
  );
}
