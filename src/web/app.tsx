import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { DEFAULT_LOCALE, SETTINGS_PAGES, WEB_PATHS } from '../contract/site/routes';
import { ToastHost } from './components/toast-host';
import { SiteFooter, SiteHeader } from './components/site-chrome';
import { LandingPage } from './screens/landing/page';
import { createQueryClient } from './lib/query-client';
import { homeHref, localeBase, pageLocale, withMessages } from './lib/i18n';

// Checkout, payment confirmation, the admin area and the other pages never weigh on the landing page. Pages are
// loaded by file (a feature's index is for static imports; re-exporting a page there would pull
// it into every chunk that imports the index), with their messages in the page's language. The
// statement's header and footer are rendered here, from the landing chunk: imported by its own
// lazy chunk they made Rolldown split shared modules off the landing chunk into extra requests
// (+0.5 KB, docs/decisions/017).
const CheckoutPage = lazy(() => withMessages(['checkout'], import('./screens/checkout/page')));
const PaymentSuccessPage = lazy(() =>
  withMessages(['checkout'], import('./screens/payment-success/page')),
);
const AdminPage = lazy(() => import('./screens/admin/page'));
const LoginPage = lazy(() => import('./screens/login/page'));
const AccountPage = lazy(() =>
  withMessages(['checkout', 'account'], import('./screens/account/page')),
);
const InvoicePage = lazy(() =>
  withMessages(['checkout', 'account'], import('./screens/account/invoice-page')),
);
const WebsiteReportPage = lazy(() => import('./screens/website-report/page'));
const AccessibilityStatement = lazy(() => import('./screens/accessibility/statement'));
const CancellationPolicy = lazy(() => import('./screens/cancellation-policy/page'));
const NotFoundPage = lazy(() => import('./screens/not-found/page'));

// `/settings` and each of its pages (`/settings/portfolio`) in one route, so that moving between
// them keeps the admin shell mounted; any other `/settings/...` is the 404 page, as the server says.
const SETTINGS_ROUTE = new RegExp(`^${WEB_PATHS.settings}(?:/(?:${SETTINGS_PAGES.join('|')}))?/?$`);

/**
 * Rendered after the page, inside the same Suspense boundary: its effect runs once the page is
 * hydrated (React hydrates each boundary on its own, after the root), and the shell's loader then
 * clicks again the button, radio or checkbox clicked before (src/web/loader.js). Forms below that load their own code
 * stay disabled until then.
 */
function PageReady() {
  useEffect(() => window.__appReady?.(), []);
  return null;
}

/** While a page's code loads: words only (PageSpinner's icon would weigh on every first load). */
function PageLoading({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] items-center justify-center text-muted-foreground"
    >
      {label}
    </div>
  );
}

declare global {
  interface Window {
    /** Set by the shell's loader on a server-rendered page (src/web/loader.js). */
    __appReady?: () => void;
  }
}

/**
 * The whole app. The public pages (contract PUBLIC_PATHS) are in the page's language: under `/es`
 * the router's base is `/es`, so these routes and every link inside them stay Spanish; the employee
 * pages are English only. The server renders it too (entry-server.tsx) with `ssr` (the request's
 * path and query) and a query client holding the data it rendered with; the browser hydrates the
 * same tree (the Router is there on both sides, so React's ids match).
 */
export function App({
  i18n,
  queryClient: given,
  ssr,
}: {
  i18n: I18n;
  queryClient?: QueryClient;
  ssr?: { path: string; search: string };
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <Router base={localeBase} ssrPath={ssr?.path} ssrSearch={ssr?.search}>
          <Suspense fallback={<PageLoading label={i18n._('common.loading')} />}>
            <Switch>
              <Route path={WEB_PATHS.landing} component={LandingPage} />
              <Route path={WEB_PATHS.checkout} component={CheckoutPage} />
              <Route path={WEB_PATHS.checkoutWithoutPlan}>
                <Redirect to={homeHref} />
              </Route>
              <Route path={WEB_PATHS.paymentSuccess} component={PaymentSuccessPage} />
              <Route path={WEB_PATHS.account} component={AccountPage} />
              <Route path={WEB_PATHS.accountInvoice} component={InvoicePage} />
              <Route path={WEB_PATHS.accessibility}>
                <SiteHeader />
                <AccessibilityStatement />
                <SiteFooter />
              </Route>
              <Route path={WEB_PATHS.cancellationPolicy}>
                <SiteHeader />
                <CancellationPolicy />
                <SiteFooter />
              </Route>
              {pageLocale === DEFAULT_LOCALE && (
                <>
                  <Route path={WEB_PATHS.login} component={LoginPage} />
                  <Route path={WEB_PATHS.admin} component={AdminPage} />
                  <Route path={WEB_PATHS.websiteReport} component={WebsiteReportPage} />
                  <Route path={SETTINGS_ROUTE} component={AdminPage} />
                </>
              )}
              <Route component={NotFoundPage} />
            </Switch>
            <PageReady />
          </Suspense>
          <ToastHost />
        </Router>
      </I18nProvider>
    </QueryClientProvider>
  );
}
