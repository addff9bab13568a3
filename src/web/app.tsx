import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { SETTINGS_PAGES, WEB_PATHS } from '../contract/routes';
import { ToastHost } from './components/toast-host';
import { LandingPage } from './screens/landing/page';
import { NotFoundPage } from './screens/not-found/page';
import { createQueryClient } from './lib/query-client';
import { PageSpinner } from './components/page-spinner';

// Checkout, payment confirmation and the admin area never weigh on the landing page. Pages are
// loaded by file (a feature's index is for static imports; re-exporting a page there would pull
// it into every chunk that imports the index).
const CheckoutPage = lazy(() => import('./features/payments/checkout-page'));
const PaymentSuccessPage = lazy(() => import('./features/payments/payment-success-page'));
const AdminPage = lazy(() => import('./screens/admin/page'));
const LoginPage = lazy(() => import('./features/auth/login-page'));
const AccountPage = lazy(() => import('./features/account/account-page'));

// `/settings` and each of its pages (`/settings/portfolio`) in one route, so that moving between
// them keeps the admin shell mounted; any other `/settings/...` is the 404 page, as the server says.
const SETTINGS_ROUTE = new RegExp(`^${WEB_PATHS.settings}(?:/(?:${SETTINGS_PAGES.join('|')}))?/?$`);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
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
          <Route path={SETTINGS_ROUTE} component={AdminPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <ToastHost />
    </QueryClientProvider>
  );
}
