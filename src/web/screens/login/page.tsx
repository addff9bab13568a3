import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { getSignInOptions, login, signInWithEmail } from '../../../contract/auth/sign-in';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { apiUrl, callApi, errorMessage } from '../../lib/api';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SecondFactorForm } from '../../features/auth/admin';

/** Why single sign-on sent the browser back here (`/login?error=...`). */
const SSO_ERRORS: Record<string, string> = {
  sso_unavailable:
    'Single sign-on is not reachable right now. Please try again in a moment or use your password.',
  domain_not_allowed: 'Only employees of the agency can sign in with single sign-on.',
  email_not_verified:
    'Your e-mail address is not verified at your identity provider. Verify it there, then try again.',
  account_disabled: 'This account is disabled. Ask an owner to turn it back on.',
  access_denied: 'Single sign-on was cancelled at your identity provider.',
  state_mismatch: 'The sign-in took too long or was started in another tab. Please try again.',
};
const SSO_FALLBACK_ERROR =
  'Single sign-on did not sign you in. Please try again or ask an owner for access.';

/** Employee sign-in: e-mail and password (then an authenticator code when turned on), or single sign-on. */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [secondFactor, setSecondFactor] = useState(false);
  const options = useQuery<OutputOf<typeof getSignInOptions>>({
    queryKey: [apiUrl(getSignInOptions)],
  });
  const ssoError = new URLSearchParams(window.location.search).get('error');
  const signIn = useMutation({
    mutationFn: () => callApi(signInWithEmail, { body: { email: email.trim(), password } }),
    onSuccess: (answer) => (answer?.twoFactorRedirect ? setSecondFactor(true) : navigate('/admin')),
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
        {ssoError && (
          <p role="alert" className="mt-4 text-sm font-medium text-destructive">
            {SSO_ERRORS[ssoError] ?? SSO_FALLBACK_ERROR}
          </p>
        )}
        {secondFactor ? (
          <SecondFactorForm
            onSignedIn={() => navigate('/admin')}
            onCancel={() => setSecondFactor(false)}
          />
        ) : (
          <>
            <form className="mt-6 grid gap-4" onSubmit={onSubmit} aria-label="Sign in">
              <Field id="email" label="Email">
                <Input
                  id="email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </Field>
              <Field id="password" label="Password">
                <Input
                  id="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
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
            {options.data?.sso && (
              <a
                href={apiUrl(login, { query: { sso: 1 } })}
                className={buttonClasses('outline', 'md', 'mt-3 w-full')}
              >
                <KeyRound className="size-4" aria-hidden="true" />
                Sign in with {options.data.sso.name}
              </a>
            )}
          </>
        )}
      </Card>
      <Link href="/" className={buttonClasses('ghost', 'sm', 'mt-4 justify-self-center')}>
        Back to Home
      </Link>
    </main>
  );
}
