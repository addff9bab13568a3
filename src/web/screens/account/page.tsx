import { useState } from 'react';
import { useSearch } from 'wouter';
import { BILLING_LINK_TOKEN_PARAM } from '../../../contract/billing/billing';
import { PageSpinner } from '../../components/page-spinner';
import { SiteFooter, SiteHeader } from '../../components/site-chrome';
import { Button } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  AccountView,
  OpenLink,
  SignInForm,
  useAccount,
  useRedeemLink,
  useSignOut,
} from '../../features/account';
import { useErrorWords } from '../../lib/error-words';
import { ConsultationSection } from '../../features/consultations';
import { OnboardingSection } from '../../features/onboarding';
import { YourProject } from '../../features/projects';
import { SupportSection } from '../../features/support';

/** Takes the spent token out of the address bar (history, bookmarks, a shared screen). */
function dropTokenFromUrl() {
  const url = new URL(window.location.href);
  url.searchParams.delete(BILLING_LINK_TOKEN_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** A link the server refused (400) is one that expired or was used: the page says so in its language; anything else is the server's word. */
const linkProblem = (error: unknown, invalid: string) =>
  error instanceof ApiError && error.status === 400 ? invalid : errorMessage(error, invalid);

/** The client's billing page (issue 14 §2): sign-in by link, then plan, card, invoices and actions. */
export default function AccountPage() {
  useErrorWords();
  const _ = useT();
  useDocumentTitle(_('account.docTitle'));
  // An e-mailed link is spent only when the person clicks 'Open my billing page' (issue 25 §3):
  // opening it alone signs nobody in, so a link someone else sent cannot plant their session here.
  // The token leaves the address bar once spent (or refused).
  const search = useSearch();
  const [token, setToken] = useState(() =>
    new URLSearchParams(search).get(BILLING_LINK_TOKEN_PARAM),
  );
  const redeem = useRedeemLink();
  const account = useAccount(!token);
  const signOut = useSignOut();
  const openLink = (link: string) =>
    redeem.mutate(link, {
      onSettled: () => {
        dropTokenFromUrl();
        setToken(null);
      },
    });

  let body;
  if (token) body = <OpenLink pending={redeem.isPending} onOpen={() => openLink(token)} />;
  else if (account.isPending) body = <PageSpinner label={_('account.loading')} />;
  else if (account.error)
    body = (
      <div role="alert" className="mx-auto max-w-lg">
        <p className="font-semibold">{_('account.loadFailed')}</p>
        <p className="mt-1 text-sm">{errorMessage(account.error, _('common.pleaseTryAgain'))}</p>
        <Button variant="outline" className="mt-3" onClick={() => void account.refetch()}>
          {_('common.tryAgain')}
        </Button>
      </div>
    );
  else if (!account.data)
    body = (
      <SignInForm
        problem={redeem.error ? linkProblem(redeem.error, _('account.linkInvalid')) : null}
      />
    );
  else
    body = (
      <>
        <AccountView account={account.data} />
        <ConsultationSection />
        <OnboardingSection />
        <YourProject />
        <SupportSection />
      </>
    );

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
                  signOut.mutate(undefined, {
                    onSuccess: () =>
                      toast({
                        title: _('account.signedOut'),
                        description: _('account.signedOutText'),
                      }),
                  })
                }
              >
                {_('account.signOut')}
              </Button>
            )
          }
        />
      </div>
      {/* At least a screen tall: the footer starts below the fold, so the billing view and its sections
          arriving after the spinner do not push it out of sight (a layout shift: bench:account). */}
      <main className="mx-auto min-h-screen max-w-4xl px-4 py-10">{body}</main>
      <div className="print:hidden">
        <SiteFooter />
      </div>
    </>
  );
}
