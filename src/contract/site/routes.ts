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
  /** One invoice of the signed-in client, printable (`/account/invoices/INV-001001`); rendered in the browser only. */
  accountInvoice: '/account/invoices/:number',
  login: '/login',
  admin: '/admin',
  /** The admin area's settings (its first page); `/settings#portfolio`, the portfolio card's Edit link, opens that page. */
  settings: '/settings',
  /** The accessibility statement (linked from the site's footer). */
  accessibility: '/accessibility',
  /** How to cancel and what happens then (linked from checkout and the landing page's FAQ). */
  cancellationPolicy: '/cancellation-policy',
  /** Each settings page at its own address (`settingsPath`). */
  settingsApplications: '/settings/applications',
  settingsPortfolio: '/settings/portfolio',
  settingsPlans: '/settings/plans',
  settingsEmployees: '/settings/employees',
  settingsSecurity: '/settings/security',
  settingsAvailability: '/settings/availability',
  settingsActivity: '/settings/activity',
  settingsBillingClock: '/settings/billing-clock',
  settingsSupportHours: '/settings/support-hours',
  settingsOnCall: '/settings/on-call',
  settingsSavedReplies: '/settings/saved-replies',
  /** A website check as a one-page report to print and send to the business (employees only). */
  websiteReport: '/admin/website-report/:id',
} as const;

/** The admin area's settings pages, in the order its navigation lists them (docs/product.md §11). */
export const SETTINGS_PAGES = [
  'applications',
  'portfolio',
  'plans',
  'employees',
  'security',
  'availability',
  'activity',
  'billing-clock',
  'support-hours',
  'on-call',
  'saved-replies',
] as const;
export type SettingsPage = (typeof SETTINGS_PAGES)[number];

/** The address of one settings page (`/settings/portfolio`); each is in WEB_PATHS, so the server answers it. */
export function settingsPath(page: SettingsPage): string {
  return `${WEB_PATHS.settings}/${page}`;
}

/**
 * The languages of the public site (docs/decisions/015). English is the default and its paths have
 * no prefix; every other language's paths start with `/{locale}`: `/es`, `/es/checkout/growing`.
 * The language comes from the URL only, never from a cookie or the browser's settings.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  (LOCALES as readonly unknown[]).includes(value);

/**
 * The public pages: each is at its own URL in every language (the admin area and the employee
 * sign-in stay English). A new public page listed here is answered 200 under `/es` too.
 */
export const PUBLIC_PATHS: readonly string[] = [
  WEB_PATHS.landing,
  WEB_PATHS.checkoutWithoutPlan,
  WEB_PATHS.checkout,
  WEB_PATHS.paymentSuccess,
  WEB_PATHS.account,
  WEB_PATHS.accountInvoice,
  WEB_PATHS.accessibility,
  WEB_PATHS.cancellationPolicy,
];

/** A path (with its query and hash, if any) in `locale`: `localizedPath('es', '/checkout/growing')` is `/es/checkout/growing`. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' || /^\/[?#]/.test(path) ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}

/** The language of a path and the path without its language prefix: `/es/account?x` is `es` and `/account?x`. */
export function splitLocale(path: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=$|[/?#])/.exec(path);
  if (!match || match[1] === DEFAULT_LOCALE || !isLocale(match[1]))
    return { locale: DEFAULT_LOCALE, path };
  const rest = path.slice(match[0].length);
  return { locale: match[1], path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** Every browser route: the router (src/web/app.tsx) renders these, the server answers them 200. */
export const WEB_ROUTES: readonly string[] = /* @__PURE__ */ (() => [
  ...Object.values(WEB_PATHS),
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((locale) =>
    PUBLIC_PATHS.map((path) => localizedPath(locale, path)),
  ),
])();

/** The query parameter of a checkout link that names the registration being paid for. */
export const CHECKOUT_REGISTRATION_PARAM = 'registration';

/**
 * The checkout page of one plan (`/checkout/growing`), for a registration when one is named (its
 * checkout link), in `locale` when given (`/es/checkout/growing?registration=…`).
 */
export function checkoutPath(
  planName: string,
  registrationId?: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const path = WEB_PATHS.checkout.replace(':planName', encodeURIComponent(planName));
  return localizedPath(
    locale,
    registrationId
      ? `${path}?${CHECKOUT_REGISTRATION_PARAM}=${encodeURIComponent(registrationId)}`
      : path,
  );
}

/** Whether `path` (query, hash and trailing slashes aside) is one of `routes`, `:param` matching any one segment. */
function matchesRoute(routes: readonly string[], path: string): boolean {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return routes.some((route) => {
    const pattern = route.split('/');
    const parts = clean.split('/');
    return (
      pattern.length === parts.length &&
      pattern.every((p, i) => (p.startsWith(':') ? parts[i] !== '' : p === parts[i]))
    );
  });
}

export function isKnownWebPath(path: string): boolean {
  return matchesRoute(WEB_ROUTES, path);
}

/** `/checkout` without a plan only sends the browser to the landing page: nothing to render. */
const SERVER_RENDERED = PUBLIC_PATHS.filter((path) => path !== WEB_PATHS.checkoutWithoutPlan);

/**
 * Rendered on the server: the public pages in every language (the admin area and sign-in come as
 * the empty shell), and the 404 page of an unknown path.
 */
export function isServerRenderedPath(path: string): boolean {
  return matchesRoute(SERVER_RENDERED, splitLocale(path).path) || !isKnownWebPath(path);
}

/** The public pages by name, for their head (title, description, indexing) and the sitemap. */
export type PublicPage =
  'landing' | 'checkout' | 'paymentSuccess' | 'account' | 'accessibility' | 'cancellationPolicy';
const PUBLIC_PAGES: readonly PublicPage[] = [
  'landing',
  'checkout',
  'paymentSuccess',
  'account',
  'accessibility',
  'cancellationPolicy',
];

/** Which public page `path` is (without its language prefix; query aside), or null for any other. */
export function publicPageOf(path: string): PublicPage | null {
  return PUBLIC_PAGES.find((page) => matchesRoute([WEB_PATHS[page]], path)) ?? null;
}

/**
 * The `<link rel="alternate" hreflang>` of a page: the same page in every language, and English as
 * `x-default`. `path` is the page's path without its language prefix; only public pages have them.
 */
export function alternateLinks(origin: string, path: string): { hreflang: string; href: string }[] {
  const page = path.split(/[?#]/)[0]!;
  if (!matchesRoute(PUBLIC_PATHS, page)) return [];
  const links = LOCALES.map((locale) => ({
    hreflang: locale as string,
    href: `${origin}${localizedPath(locale, page)}`,
  }));
  return [
    ...links,
    { hreflang: 'x-default', href: `${origin}${localizedPath(DEFAULT_LOCALE, page)}` },
  ];
}
