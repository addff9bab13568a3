import { useRef, useState, type FormEvent } from 'react';
import {
  SAVED_REPLY_LABELS,
  SAVED_REPLY_TITLE_MAX,
  SUPPORT_DESCRIPTION_MAX,
  type SavedReply,
} from '../../../contract/support/support';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog, Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { describedBy, Field, Input, Textarea } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage, fieldIssues } from '../../lib/api';
import { focusWhenShown, useFocusAfterRemoving } from '../../lib/focus';
import { toast } from '../../lib/toast';
import {
  useCreateSavedReply,
  useDeleteSavedReply,
  useSavedReplies,
  useUpdateSavedReply,
  type SavedReplyValues,
} from './admin-api';

type Editing = { mode: 'new' } | { mode: 'edit'; reply: SavedReply } | null;

/**
 * Settings → Saved replies: answers the team gives often, each in English and Spanish; the
 * request's reply box inserts the one in the client's language.
 */
export function SavedRepliesCard() {
  const replies = useSavedReplies();
  const remove = useDeleteSavedReply();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const afterDelete = useFocusAfterRemoving();
  const items = replies.data?.items;

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 ref={heading} className="text-lg font-semibold">
            Saved replies
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Each in English and Spanish. A reply inserts the text in the client’s language.
          </p>
        </div>
        <Button onClick={() => setEditing({ mode: 'new' })}>New saved reply</Button>
      </div>
      {replies.isPending ? (
        <Skeleton className="mt-4 h-32 w-full" />
      ) : replies.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          Error loading the saved replies: {errorMessage(replies.error, 'Unknown error')}
        </p>
      ) : items!.length === 0 ? (
        <p className="mt-4 text-sm">No saved replies yet.</p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label="Saved replies">
          {items!.map((r) => (
            <li
              key={r.id}
              data-reply={r.id}
              className="grid gap-2 rounded-lg border border-border p-3 text-sm"
            >
              <p className="font-semibold break-words">{r.title}</p>
              <div className="grid gap-2 sm:grid-cols-2">
                <p className="line-clamp-3 whitespace-pre-wrap break-words">
                  <span className="font-medium">English: </span>
                  {r.en}
                </p>
                <p className="line-clamp-3 whitespace-pre-wrap break-words" lang="es">
                  <span className="font-medium" lang="en">
                    Spanish:{' '}
                  </span>
                  {r.es}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing({ mode: 'edit', reply: r })}
                >
                  Edit<span className="sr-only"> {r.title}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setDeleting(r)}>
                  Delete<span className="sr-only"> {r.title}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ReplyDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this saved reply?"
        description={deleting ? `‘${deleting.title}’ is deleted in both languages.` : undefined}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        returnFocus={afterDelete.returnFocus}
        onConfirm={() => {
          if (!deleting) return;
          const item = document.querySelector(`[data-reply="${deleting.id}"]`);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              afterDelete.removing(item, heading.current);
              toast({ title: 'Saved reply deleted' });
              setDeleting(null);
            },
            onError: (error) =>
              toast({
                title: 'Not deleted',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          });
        }}
      />
    </Card>
  );
}

function ReplyDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      {editing && (
        <DialogContent
          title={editing.mode === 'new' ? 'New saved reply' : `Edit ‘${editing.reply.title}’`}
          className="w-[min(48rem,calc(100vw-1rem))]"
        >
          <ReplyForm
            key={editing.mode === 'edit' ? editing.reply.id : 'new'}
            editing={editing}
            onClose={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReplyForm({ editing, onClose }: { editing: NonNullable<Editing>; onClose: () => void }) {
  const create = useCreateSavedReply();
  const update = useUpdateSavedReply();
  const current = editing.mode === 'edit' ? editing.reply : null;
  const [values, setValues] = useState<SavedReplyValues>({
    title: current?.title ?? '',
    en: current?.en ?? '',
    es: current?.es ?? '',
  });
  const [missing, setMissing] = useState<Partial<Record<keyof SavedReplyValues, string>>>({});
  const mutation = current ? update : create;
  const issues = fieldIssues(mutation.error);
  const errorOf = (field: keyof SavedReplyValues) => missing[field] ?? issues[field];
  const other =
    mutation.error && Object.keys(issues).length === 0
      ? errorMessage(mutation.error, 'Not saved.')
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { title: values.title.trim(), en: values.en.trim(), es: values.es.trim() };
    const empty: Partial<Record<keyof SavedReplyValues, string>> = {};
    if (!body.title) empty.title = 'Enter a title.';
    if (!body.en) empty.en = 'Enter the English text.';
    if (!body.es) empty.es = 'Enter the Spanish text.';
    setMissing(empty);
    const first = (['title', 'en', 'es'] as const).find((f) => empty[f]);
    if (first) {
      document.getElementById(`saved-reply-${first}`)?.focus();
      return;
    }
    const done = {
      onSuccess: (saved: SavedReply) => {
        toast({ title: current ? 'Saved reply updated' : 'Saved reply added' });
        onClose();
        // A new reply's Edit button, once the list shows it; an edited one's focus returns by itself.
        if (!current)
          focusWhenShown(() => document.querySelector(`[data-reply="${saved.id}"] button`));
      },
    };
    if (current) update.mutate({ id: current.id, ...body }, done);
    else create.mutate(body, done);
  };

  const field = (name: keyof SavedReplyValues, control: 'input' | 'textarea', lang?: string) => {
    const id = `saved-reply-${name}`;
    const error = errorOf(name);
    const common = {
      id,
      value: values[name],
      onChange: (e: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [name]: e.target.value })),
      'aria-invalid': Boolean(error),
      'aria-describedby': describedBy(id, error),
      'aria-required': true,
      lang,
    };
    return (
      <Field id={id} label={SAVED_REPLY_LABELS[name]} required error={error}>
        {control === 'input' ? (
          <Input {...common} maxLength={SAVED_REPLY_TITLE_MAX} autoComplete="off" />
        ) : (
          <Textarea {...common} rows={6} maxLength={SUPPORT_DESCRIPTION_MAX} />
        )}
      </Field>
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {field('title', 'input')}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('en', 'textarea', 'en')}
        {field('es', 'textarea', 'es')}
      </div>
      {other && (
        <p role="alert" className="text-sm text-destructive">
          {other}
        </p>
      )}
      <DialogActions submitLabel="Save" pendingLabel="Saving…" pending={mutation.isPending} />
    </form>
  );
}
