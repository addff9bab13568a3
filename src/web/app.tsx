import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { SETTINGS_PAGES, WEB_PATHS } from '../contract/routes';
import { ToastHost } from './components/toast-host';
import { SiteFooter, SiteHeader } from './components/site-chrome';
import { LandingPage } from './screens/landing/page';
import { createQueryClient } from './lib/query-client';
import { PageSpinner } from './components/page-spinner';

// Checkout, payment confirmation, the admin area and the other pages never weigh on the landing page. Pages are
// loaded by file (a feature's index is for static imports; re-exporting a page there would pull
// it into every chunk that imports the index). The statement's header and footer are rendered
// here, from the landing chunk: imported by its own lazy chunk they made Rolldown split shared
// modules off the landing chunk into extra requests (+0.5 KB, docs/decisions/017).
const CheckoutPage = lazy(() => import('./features/payments/checkout-page'));
const PaymentSuccessPage = lazy(() => import('./features/payments/payment-success-page'));
const AdminPage = lazy(() => import('./screens/admin/page'));
const LoginPage = lazy(() => import('./features/auth/login-page'));
const AccountPage = lazy(() => import('./features/account/account-page'));
const WebsiteReportPage = lazy(() => import('./features/leads/website-report-page'));
const AccessibilityStatement = lazy(() => import('./screens/accessibility/statement'));
const NotFoundPage = lazy(() => import('./screens/not-found/page'));

// `/settings` and each of its pages (`/settings/portfolio`) in one route, so that moving between
// them keeps the admin shell mounted; any other `/settings/...` is the 404 page, as the server says.
const SETTINGS_ROUTE = new RegExp(`^${WEB_PATHS.settings}(?:/(?:${SETTINGS_PAGES.join('|')}))?/?$`);

/**
 * The whole app. The server renders it too (entry-server.tsx) with `ssr` (the request's path and
 * query) and a query client holding the data it rendered with; the browser hydrates the same tree
 * (the Router is there on both sides, so React's ids match).
 */
export function App({ queryClient: given, ssr }: { queryClient?: QueryClient; ssr?: { path: string; search: string } }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssr?.path} ssrSearch={ssr?.search}>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path={WEB_PATHS.landing} component={LandingPage} />
            <Route path={WEB_PATHS.checkout} component={CheckoutPage} />
            <Route path={WEB_PATHS.checkoutWithoutPlan}>
              <Redirect to={WEB_PATHS.landing} />
            </Route>
            <Route path={WEB_PATHS.paymentSuccess} component={PaymentSuccessPage} />
            <Route path={WEB_PATHS.login} component={LoginPage} />
            <Route path={WEB_PATHS.account} component={AccountPage} />
            <Route path={WEB_PATHS.admin} component={AdminPage} />
            <Route path={WEB_PATHS.websiteReport} component={WebsiteReportPage} />
            <Route path={SETTINGS_ROUTE} component={AdminPage} />
            <Route path={WEB_PATHS.accessibility}>
              <SiteHeader />
              <AccessibilityStatement />
              <SiteFooter />
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </Router>
      <ToastHost />
    </QueryClientProvider>
  );
}
