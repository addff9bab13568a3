import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { DEFAULT_LOCALE, WEB_PATHS } from '../contract/routes';
import { ToastHost } from './components/toast-host';
import { LandingPage } from './screens/landing/page';
import { createQueryClient } from './lib/query-client';
import { homeHref, localeBase, pageLocale, withMessages } from './lib/i18n';

// Checkout, payment confirmation and the admin area never weigh on the landing page. Pages are
// loaded by file (a feature's index is for static imports; re-exporting a page there would pull
// it into every chunk that imports the index), with their messages in the page's language.
const CheckoutPage = lazy(() => withMessages(['checkout'], import('./features/payments/checkout-page')));
const PaymentSuccessPage = lazy(() => withMessages(['checkout'], import('./features/payments/payment-success-page')));
const AdminPage = lazy(() => import('./screens/admin/page'));
const LoginPage = lazy(() => import('./features/auth/login-page'));
const AccountPage = lazy(() => withMessages(['checkout', 'account'], import('./features/account/account-page')));
const NotFoundPage = lazy(() => import('./screens/not-found/page'));

/** While a page's code loads: words only (PageSpinner's icon would weigh on every first load). */
function PageLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-muted-foreground">
      {label}
    </div>
  );
}

/**
 * The public pages (contract PUBLIC_PATHS) in the page's language: under `/es` the router's base
 * is `/es`, so these routes and every link inside them stay Spanish. The employee pages are English only.
 */
export function App({ i18n }: { i18n: I18n }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <Router base={localeBase}>
          <Suspense fallback={<PageLoading label={i18n._('common.loading')} />}>
            <Switch>
              <Route path={WEB_PATHS.landing} component={LandingPage} />
              <Route path={WEB_PATHS.checkout} component={CheckoutPage} />
              <Route path={WEB_PATHS.checkoutWithoutPlan}>
                <Redirect to={homeHref} />
              </Route>
              <Route path={WEB_PATHS.paymentSuccess} component={PaymentSuccessPage} />
              <Route path={WEB_PATHS.account} component={AccountPage} />
              {pageLocale === DEFAULT_LOCALE && (
                <>
                  <Route path={WEB_PATHS.login} component={LoginPage} />
                  <Route path={WEB_PATHS.admin} component={AdminPage} />
                  <Route path={WEB_PATHS.settings} component={AdminPage} />
                </>
              )}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
          <ToastHost />
        </Router>
      </I18nProvider>
    </QueryClientProvider>
  );
}
