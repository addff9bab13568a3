import { useRef, useState } from 'react';
import type { UnmatchedMail } from '../../../contract/support/support';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api';
import { useFocusAfterRemoving } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useDismissUnmatchedMail, useUnmatchedMail } from './admin-api';
import { UNMATCHED_REASONS, when } from './admin-format';

/**
 * Inbound e-mail that reached no request (issue 30 §5: kept for review, never dropped): who sent
 * it, why it matched nothing, and its text; 'Dismiss' once the team has acted on it.
 */
export function UnmatchedMailList() {
  const mail = useUnmatchedMail();
  const dismiss = useDismissUnmatchedMail();
  const [asking, setAsking] = useState<UnmatchedMail | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusAfterRemoving();
  const items = mail.data?.items;

  return (
    <Card className="p-4" role="region" aria-labelledby="unmatched-mail-title">
      <h2 id="unmatched-mail-title" ref={heading} className="text-base font-semibold">
        Unmatched e-mail{items && items.length > 0 ? ` (${items.length})` : ''}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        E-mail to the support address that could not be put in a request. Nothing in it reached a
        client’s request; answer the sender yourself if it needs an answer.
      </p>
      {mail.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          The unmatched e-mail could not be loaded: {errorMessage(mail.error, 'Unknown error')}
        </p>
      ) : !items ? (
        <p role="status" className="mt-2 text-sm text-muted-foreground">
          Loading the unmatched e-mail…
        </p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm">No unmatched e-mail.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {items.map((m) => (
            <li
              key={m.id}
              data-mail={m.id}
              className="grid gap-1 rounded-lg border border-border p-3 text-sm"
            >
              <p className="font-semibold break-words">{m.subject || '(no subject)'}</p>
              <p className="break-all text-muted-foreground">
                From {m.from} · <time dateTime={m.receivedAt}>{when(m.receivedAt)}</time>
              </p>
              <p>{UNMATCHED_REASONS[m.reason]}</p>
              <details>
                <summary className="cursor-pointer font-medium">Text</summary>
                <p className="mt-1 whitespace-pre-wrap break-words">{m.text}</p>
              </details>
              <div>
                <Button variant="outline" size="sm" onClick={() => setAsking(m)}>
                  Dismiss<span className="sr-only">: {m.subject || m.from}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Dismiss this e-mail?"
        description={
          asking
            ? `The e-mail from ${asking.from} is deleted. It cannot be brought back.`
            : undefined
        }
        confirmLabel="Dismiss"
        pendingLabel="Dismissing…"
        pending={dismiss.isPending}
        returnFocus={focus.returnFocus}
        onConfirm={() => {
          if (!asking) return;
          const item = document.querySelector(`[data-mail="${asking.id}"]`);
          dismiss.mutate(asking.id, {
            onSuccess: () => {
              focus.removing(item, heading.current);
              toast({ title: 'E-mail dismissed' });
              setAsking(null);
            },
            onError: (error) =>
              toast({
                title: 'Not dismissed',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          });
        }}
      />
    </Card>
  );
}
