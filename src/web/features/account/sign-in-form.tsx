import { LogIn, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Input } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useRequestLink } from './api';
import { useHydrated } from '../../lib/use-hydrated';

/** Not signed in: ask for a one-time link to the registration's e-mail address. */
export function SignInForm({ problem }: { problem?: string | null }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useRequestLink();
  const _ = useT();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    if (!email.trim()) {
      setError(_('account.emailMissing'));
      return;
    }
    setError(undefined);
    request.mutate(email.trim(), {
      onError: (e) => setError(fieldIssues(e).email ?? errorMessage(e, _('common.pleaseTryAgain'))),
    });
  };

  return (
    <Card className="mx-auto max-w-lg p-6">
      <h1 className="text-2xl font-bold">{_('account.docTitle')}</h1>
      <p className="mt-2 text-muted-foreground">{_('account.signInText')}</p>
      {problem && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
        >
          {problem}
        </p>
      )}
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-6 grid gap-4"
        aria-label={_('account.signInForm')}
      >
        <Field id="account-email" label={_('account.email')} error={error}>
          <Input
            id="account-email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy('account-email', error)}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" variant="red" disabled={request.isPending}>
          <Mail className="size-4" aria-hidden="true" />
          {request.isPending ? _('account.sending') : _('account.sendLink')}
        </Button>
      </form>
      <p role="status" className="mt-4 text-sm">
        {request.data && _('account.linkSent')}
      </p>
    </Card>
  );
}

/**
 * An e-mailed sign-in link was opened: nothing happens until the person clicks (a link someone
 * else sent must not sign this browser in to their billing page).
 */
export function OpenLink({ pending, onOpen }: { pending: boolean; onOpen: () => void }) {
  const _ = useT();
  // The server renders this page: a click before React handles the button would be lost.
  const hydrated = useHydrated();
  return (
    <Card className="mx-auto max-w-lg p-6">
      <h1 className="text-2xl font-bold">{_('account.docTitle')}</h1>
      <p className="mt-2 text-muted-foreground">{_('account.openLinkText')}</p>
      <Button
        type="button"
        variant="red"
        className="mt-6 w-full"
        disabled={pending || !hydrated}
        onClick={onOpen}
      >
        <LogIn className="size-4" aria-hidden="true" />
        {pending ? _('account.opening') : _('account.openLink')}
      </Button>
    </Card>
  );
}
