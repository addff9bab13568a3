import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Input } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { useRequestLink } from './api';

/** Not signed in: ask for a one-time link to the registration's e-mail address. */
export function SignInForm({ problem }: { problem?: string | null }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useRequestLink();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    if (!email.trim()) {
      setError('Enter the e-mail address you registered with.');
      return;
    }
    setError(undefined);
    request.mutate(email.trim(), { onError: (e) => setError(fieldIssues(e).email ?? errorMessage(e, 'Please try again.')) });
  };

  return (
    <Card className="mx-auto max-w-lg p-6">
      <h1 className="text-2xl font-bold">Your billing</h1>
      <p className="mt-2 text-muted-foreground">
        See your plan and invoices, update your card, change or cancel your subscription. We e-mail you a link to sign in: no password needed.
      </p>
      {problem && (
        <p role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4" aria-label="Billing sign-in">
        <Field id="account-email" label="E-mail address" error={error}>
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
          {request.isPending ? 'Sending...' : 'Send me a sign-in link'}
        </Button>
      </form>
      <p role="status" className="mt-4 text-sm">
        {request.data?.message}
      </p>
    </Card>
  );
}
