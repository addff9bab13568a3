import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { BILLING_LINK_INVALID_MESSAGE, BILLING_LINK_TOKEN_PARAM } from '../../../contract/billing';
import { PageSpinner } from '../../components/page-spinner';
import { SiteFooter, SiteHeader } from '../../components/site-chrome';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAccount, useRedeemLink, useSignOut } from './api';
import { AccountView } from './account-view';
import { SignInForm } from './sign-in-form';

/** Takes the spent token out of the address bar (history, bookmarks, a shared screen). */
function dropTokenFromUrl() {
  const url = new URL(window.location.href);
  url.searchParams.delete(BILLING_LINK_TOKEN_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The client's billing page (issue 14 §2): sign-in by link, then plan, card, invoices and actions. */
export default function AccountPage() {
  useDocumentTitle('Your billing');
  // Kept in state once the page is on screen; the address bar loses it right after (an effect: a render React throws away must not).
  const search = useSearch();
  const [token] = useState(() => new URLSearchParams(search).get(BILLING_LINK_TOKEN_PARAM));
  useEffect(() => {
    if (token) dropTokenFromUrl();
  }, [token]);
  const redeem = useRedeemLink(token);
  const account = useAccount(!token || !redeem.isPending);
  const signOut = useSignOut();

  let body;
  if ((token && redeem.isPending) || account.isPending) body = <PageSpinner label="Loading your billing…" />;
  else if (account.error)
    body = (
      <div role="alert" className="mx-auto max-w-lg">
        <p className="font-semibold">We could not load your billing.</p>
        <p className="mt-1 text-sm">{errorMessage(account.error, 'Please try again.')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void account.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!account.data) body = <SignInForm problem={redeem.error ? errorMessage(redeem.error, BILLING_LINK_INVALID_MESSAGE) : null} />;
  else body = <AccountView account={account.data} />;

  return (
    <>
      <div className="print:hidden">
        <SiteHeader
          nav={
            account.data && (
              <Button
                variant="outline"
                size="sm"
                disabled={signOut.isPending}
                onClick={() =>
                  signOut.mutate(undefined, { onSuccess: () => toast({ title: 'Signed out', description: 'Ask for a new link to sign in again.' }) })
                }
              >
                Sign out
              </Button>
            )
          }
        />
      </div>
      <main className="mx-auto min-h-[60vh] max-w-4xl px-4 py-10">{body}</main>
      <div className="print:hidden">
        <SiteFooter />
      </div>
    </>
  );
}
