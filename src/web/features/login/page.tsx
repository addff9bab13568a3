import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { errorMessage, sendJson } from '../../lib/api';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Employee sign-in (e-mail and password; accounts come from the team, there is no sign-up). */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => sendJson('POST', '/api/auth/sign-in/email', { email: email.trim(), password }),
    onSuccess: () => navigate('/admin'),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!signIn.isPending) signIn.mutate();
  };

  return (
    <main className="mx-auto grid min-h-[80vh] max-w-sm content-center px-4 py-12">
      <Card className="p-6">
        <ShieldCheck className="size-8 text-flag-red" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">Employee sign-in</h1>
        <p className="mt-1 text-sm text-muted-foreground">{site.name} team members only.</p>
        <form className="mt-6 grid gap-4" onSubmit={onSubmit} aria-label="Sign in">
          <Field id="email" label="Email">
            <Input id="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field id="password" label="Password">
            <Input id="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          {signIn.error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(signIn.error, 'Sign-in failed. Please try again.')}
            </p>
          )}
          <Button type="submit" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
      </Card>
      <Link href="/" className={buttonClasses('ghost', 'sm', 'mt-4 justify-self-center')}>
        Back to Home
      </Link>
    </main>
  );
}
