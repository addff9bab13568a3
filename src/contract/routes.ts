/**
 * The browser routes the web app renders. The server answers the app shell with 200 for these
 * and with 404 for any other path (the router then shows its 404 page), so search engines and
 * monitors see the truth.
 */
export const WEB_PATHS = {
  landing: '/',
  /** Without a plan name: back to the landing page. */
  checkoutWithoutPlan: '/checkout',
  checkout: '/checkout/:planName',
  paymentSuccess: '/payment-success',
  /** The client's billing page (signed in by an e-mailed one-time link). */
  account: '/account',
  login: '/login',
  admin: '/admin',
  /** The admin area's settings (its first page); `/settings#portfolio`, the portfolio card's Edit link, opens that page. */
  settings: '/settings',
  /** The accessibility statement (linked from the site's footer). */
  accessibility: '/accessibility',
  /** Each settings page at its own address (`settingsPath`). */
  settingsApplications: '/settings/applications',
  settingsPortfolio: '/settings/portfolio',
  settingsPlans: '/settings/plans',
  settingsEmployees: '/settings/employees',
  settingsSecurity: '/settings/security',
  settingsActivity: '/settings/activity',
  settingsBillingClock: '/settings/billing-clock',
  /** A website check as a one-page report to print and send to the business (employees only). */
  websiteReport: '/admin/website-report/:id',
} as const;

/** The admin area's settings pages, in the order its navigation lists them (docs/product.md §11). */
export const SETTINGS_PAGES = ['applications', 'portfolio', 'plans', 'employees', 'security', 'activity', 'billing-clock'] as const;
export type SettingsPage = (typeof SETTINGS_PAGES)[number];

/** The address of one settings page (`/settings/portfolio`); each is in WEB_PATHS, so the server answers it. */
export function settingsPath(page: SettingsPage): string {
  return `${WEB_PATHS.settings}/${page}`;
}

/** Every browser route: the router (src/web/app.tsx) renders these, the server answers them 200. */
export const WEB_ROUTES: readonly string[] = /* @__PURE__ */ Object.values(WEB_PATHS);

/** The query parameter of a checkout link that names the registration being paid for. */
export const CHECKOUT_REGISTRATION_PARAM = 'registration';

/** The checkout page of one plan (`/checkout/growing`), for a registration when one is named (its checkout link). */
export function checkoutPath(planName: string, registrationId?: string): string {
  const path = WEB_PATHS.checkout.replace(':planName', encodeURIComponent(planName));
  return registrationId ? `${path}?${CHECKOUT_REGISTRATION_PARAM}=${encodeURIComponent(registrationId)}` : path;
}

const matches = (routes: readonly string[], path: string) => {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  return routes.some((route) => {
    const pattern = route.split('/');
    const parts = clean.split('/');
    return pattern.length === parts.length && pattern.every((p, i) => (p.startsWith(':') ? parts[i] !== '' : p === parts[i]));
  });
};

export function isKnownWebPath(path: string): boolean {
  return matches(WEB_ROUTES, path);
}

/** The public pages the server renders (the admin area and sign-in come as the empty shell). */
const SERVER_RENDERED: readonly string[] = [WEB_PATHS.landing, WEB_PATHS.checkout, WEB_PATHS.paymentSuccess, WEB_PATHS.account, WEB_PATHS.accessibility];

/**
 * The query parameters the server-rendered pages read (a checkout link's registration, the payment
 * confirmation's intent, the billing page's sign-in token); any other (utm_source, …) changes nothing.
 */
export const RENDERED_QUERY_PARAMS: readonly string[] = [CHECKOUT_REGISTRATION_PARAM, 'payment_intent', 'payment_intent_client_secret', 'token'];

/** Rendered on the server: the public pages, and the 404 page of an unknown path. */
export function isServerRenderedPath(path: string): boolean {
  return matches(SERVER_RENDERED, path) || !isKnownWebPath(path);
}
