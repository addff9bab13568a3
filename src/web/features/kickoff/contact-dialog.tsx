import { useState, type FormEvent } from 'react';
import {
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  CONTACT_NOTE_MAX,
  type ContactMethod,
  type NewClient,
} from '../../../contract/kickoff/kickoff';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { describedBy, Field, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { useMarkContacted } from './api';

/** 'Mark contacted': how (call, e-mail, meeting) and a note; the server adds who and when. */
export function ContactDialog({
  client,
  mark,
  onClose,
}: {
  client: NewClient | null;
  mark: ReturnType<typeof useMarkContacted>;
  onClose: () => void;
}) {
  return (
    <Dialog open={client !== null} onOpenChange={(open) => !open && (mark.reset(), onClose())}>
      {client && (
        <DialogContent
          title={`Mark ${client.businessName} contacted`}
          description="Say how you reached the client. Your name and the time are saved with it."
        >
          <ContactForm key={client.id} client={client} mark={mark} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ContactForm({
  client,
  mark,
  onClose,
}: {
  client: NewClient;
  mark: ReturnType<typeof useMarkContacted>;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<ContactMethod | ''>('');
  const [note, setNote] = useState('');
  const [missingMethod, setMissingMethod] = useState(false);
  const issues = fieldIssues(mark.error);
  const methodError = missingMethod ? 'Choose how you contacted the client.' : issues.method;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!method) {
      setMissingMethod(true);
      document.getElementById(`contact-method-${CONTACT_METHODS[0]}`)?.focus();
      return;
    }
    setMissingMethod(false);
    mark.mutate(
      { id: client.id, method, note: note.trim() },
      {
        onSuccess: () => {
          toast({
            title: 'Marked contacted',
            description: `${client.businessName} moved to Contacted.`,
          });
          mark.reset();
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Not saved',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <fieldset
        className="grid gap-2"
        aria-invalid={Boolean(methodError)}
        aria-describedby={methodError ? 'contact-method-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">
          How
          <span className="text-flag-red" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-4">
          {CONTACT_METHODS.map((m) => (
            <label key={m} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                id={`contact-method-${m}`}
                type="radio"
                name="contact-method"
                value={m}
                className="size-4"
                checked={method === m}
                onChange={() => setMethod(m)}
              />
              {CONTACT_METHOD_LABELS[m]}
            </label>
          ))}
        </div>
        {methodError && (
          <p id="contact-method-error" className="text-xs font-medium text-destructive">
            {methodError}
          </p>
        )}
      </fieldset>
      <Field
        id="contact-note"
        label="Note"
        error={issues.note}
        hint="What you agreed, what comes next."
      >
        <Textarea
          id="contact-note"
          rows={3}
          maxLength={CONTACT_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={Boolean(issues.note)}
          aria-describedby={describedBy(
            'contact-note',
            issues.note,
            'What you agreed, what comes next.',
          )}
        />
      </Field>
      <DialogActions
        className="mt-1"
        submitLabel="Mark contacted"
        pendingLabel="Saving..."
        pending={mark.isPending}
      />
    </form>
  );
}
