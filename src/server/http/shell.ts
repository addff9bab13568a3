import crypto from 'node:crypto';
import { SSR_DATA_ID, SSR_MONEY_ID } from '../../contract/site/site.js';
import { formatMoney } from '../../contract/lib/locale-format.js';
import type { SubscriptionPlan } from '../../contract/plans/plans.js';
import type { FaqEntry } from '../../contract/faq/faq.js';
import {
  alternateLinks,
  checkoutPath,
  LOCALES,
  localizedPath,
  publicPageOf,
  type Locale,
  type PublicPage,
} from '../../contract/site/routes.js';
import { serverI18n } from '../locales.js';

/** Site facts written into the HTML shell: title, meta tags, Open Graph, JSON-LD. */
export interface SiteInfo {
  name: string;
  supportEmail: string;
}

/** What the shell says about one page: its language, which page it is, and the plans it offers. */
export interface ShellPage {
  locale: Locale;
  /** The page's path without its language prefix (`/checkout/growing`), query and all. */
  path: string;
  /** False for the 404 page: no canonical link, no alternates, not indexed. */
  found: boolean;
  /** The plans on sale, for the landing page's offers and a checkout page's title (absent: the head says less). */
  plans?: readonly SubscriptionPlan[];
  /** The landing page's questions, for its FAQPage block (absent: no block). */
  faq?: readonly FaqEntry[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Search engines index the landing page, the plans' checkout pages and the statement; not billing, payments, the admin area or sign-in. */
const INDEXED = new Set<PublicPage | null>([
  'landing',
  'checkout',
  'accessibility',
  'cancellationPolicy',
]);
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', es: 'es_US' };

/** Whether a page of this path may be indexed (X-Robots-Tag and the robots meta tag say noindex otherwise). */
export function isIndexable(path: string, found: boolean): boolean {
  return found && INDEXED.has(publicPageOf(path.split(/[?#]/)[0]!));
}

/**
 * Fills the `{{...}}` placeholders of the built index.html. `origin` is the site's public
 * origin (PUBLIC_URL, or the request's own when unset); the texts are the page language's, from
 * src/locales/{locale}/shell.po, and each page's title is the one the page itself sets once it runs.
 */
export function renderShell(
  template: string,
  site: SiteInfo,
  origin: string,
  page: ShellPage = { locale: 'en', path: '/', found: true },
): string {
  const { locale } = page;
  const i18n = serverI18n('shell', locale);
  const vars = { name: site.name, email: site.supportEmail };
  const path = page.path.split(/[?#]/)[0]!;
  const kind = page.found ? publicPageOf(path) : null;
  const plan =
    kind === 'checkout' ? page.plans?.find((p) => checkoutPath(p.name) === path) : undefined;
  const { title, description } = pageTexts(kind, plan, locale, site);
  const canonical = `${origin}${localizedPath(locale, path)}`;
  const head = [
    ...(kind
      ? [
          `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
          `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
        ]
      : []),
    `<meta property="og:locale" content="${OG_LOCALES[locale]}" />`,
    ...LOCALES.filter((l) => l !== locale).map(
      (l) => `<meta property="og:locale:alternate" content="${OG_LOCALES[l]}" />`,
    ),
    ...(kind ? alternateLinks(origin, path) : []).map(
      (a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`,
    ),
    ...(isIndexable(path, page.found) ? [] : ['<meta name="robots" content="noindex" />']),
    ...(kind === 'landing' && page.faq?.length
      ? [
          `<script type="application/ld+json">${jsonLd(faqPage(page.faq, locale, `${origin}${localizedPath(locale, '/')}`))}</script>`,
        ]
      : []),
  ];
  const values: Record<string, string> = {
    SITE_NAME: escapeHtml(site.name),
    SUPPORT_EMAIL: escapeHtml(site.supportEmail),
    ORIGIN: escapeHtml(origin),
    LANG: locale,
    TITLE: escapeHtml(title),
    DESCRIPTION: escapeHtml(description),
    OG_TITLE: kind === 'landing' ? escapeHtml(i18n._('shell.ogTitle', vars)) : escapeHtml(title),
    OG_DESCRIPTION:
      kind === 'landing'
        ? escapeHtml(i18n._('shell.ogDescription', vars))
        : escapeHtml(description),
    NOSCRIPT: escapeHtml(i18n._('shell.noscript', vars)),
    PAGE_HEAD: head.join(''),
    // A JSON data block is not executed, so the strict CSP allows it; '<' is escaped so it cannot close the tag.
    JSON_LD: jsonLd(
      structuredData(site, origin, locale, kind === 'landing' ? page.plans : undefined),
    ),
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A JSON data block's text: '<' escaped so it cannot close the tag. */
const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The agency's text in the page's language: the Spanish one when written, else the English one. */
const inLocale = (locale: Locale, en: string, es: string | null | undefined) =>
  locale === 'es' && es ? es : en;

/**
 * schema.org FAQPage for the landing page's questions (issue 28 §7), in the page's language:
 * on /es the Spanish texts, the English ones where the agency left the Spanish blank.
 */
function faqPage(faq: readonly FaqEntry[], locale: Locale, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    inLanguage: locale,
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: inLocale(locale, entry.question, entry.questionEs),
      acceptedAnswer: {
        '@type': 'Answer',
        text: inLocale(locale, entry.answer, entry.answerEs),
      },
    })),
  };
}

/** A page's title and description: the landing page's say what the agency is; the others name the page as it does itself ('Checkout · {site}'). */
function pageTexts(
  kind: PublicPage | null,
  plan: SubscriptionPlan | undefined,
  locale: Locale,
  site: SiteInfo,
): { title: string; description: string } {
  const shell = serverI18n('shell', locale);
  const vars = { name: site.name, email: site.supportEmail };
  const landing = {
    title: shell._('shell.title', vars),
    description: shell._('shell.description', vars),
  };
  const named = (
    catalog: 'site' | 'checkout' | 'account',
    id: string,
    values: Record<string, string> = {},
  ) => `${serverI18n(catalog, locale)._(id, values)} · ${site.name}`;
  switch (kind) {
    case 'landing':
      return landing;
    case 'checkout': {
      if (!plan)
        return { title: named('checkout', 'checkout.docTitle'), description: landing.description };
      const checkout = serverI18n('checkout', locale);
      const price = formatMoney(checkout, plan.price, plan.currency);
      const values = { ...vars, plan: plan.displayName, price, cycle: plan.billingCycle };
      return {
        title: named('checkout', 'checkout.planDocTitle', { plan: plan.displayName }),
        description: shell._('shell.checkoutDescription', values),
      };
    }
    case 'paymentSuccess':
      return {
        title: named('checkout', 'success.statusDocTitle'),
        description: landing.description,
      };
    case 'account':
      return {
        title: named('account', 'account.docTitle'),
        description: shell._('shell.accountDescription', vars),
      };
    case 'accessibility':
      return {
        title: named('site', 'accessibility.docTitle'),
        description: shell._('shell.accessibilityDescription', vars),
      };
    case 'cancellationPolicy':
      return {
        title: `${shell._('shell.cancellationTitle')} · ${site.name}`,
        description: shell._('shell.cancellationDescription', vars),
      };
    default:
      return { title: named('site', 'notFound.docTitle'), description: landing.description };
  }
}

/**
 * schema.org for search engines: the agency (veteran-owned), the services every plan includes,
 * and on the landing page one offer per plan with its price and, when it has one, the price after
 * the first 12 months.
 */
function structuredData(
  site: SiteInfo,
  origin: string,
  locale: Locale,
  plans: readonly SubscriptionPlan[] | undefined,
) {
  const shell = serverI18n('shell', locale);
  const words = serverI18n('site', locale);
  const id = `${origin}/#organization`;
  const perCycle = (plan: SubscriptionPlan) => ({
    '@type': 'QuantitativeValue',
    value: 1,
    unitCode: plan.billingCycle === 'year' ? 'ANN' : 'MON',
  });
  const offer = (plan: SubscriptionPlan) => ({
    '@type': 'Offer',
    name: plan.displayName,
    description: inLocale(locale, plan.description, plan.descriptionEs),
    url: `${origin}${checkoutPath(plan.name, undefined, locale)}`,
    price: plan.price,
    priceCurrency: plan.currency.toUpperCase(),
    availability: 'https://schema.org/InStock',
    seller: { '@id': id },
    priceSpecification: [
      {
        '@type': 'UnitPriceSpecification',
        name: shell._('shell.introPrice'),
        price: plan.price,
        priceCurrency: plan.currency.toUpperCase(),
        referenceQuantity: perCycle(plan),
      },
      ...(plan.renewalPrice
        ? [
            {
              '@type': 'UnitPriceSpecification',
              name: shell._('shell.renewalPrice'),
              price: plan.renewalPrice,
              priceCurrency: plan.currency.toUpperCase(),
              referenceQuantity: perCycle(plan),
            },
          ]
        : []),
    ],
    itemOffered: { '@type': 'Service', name: plan.displayName, provider: { '@id': id } },
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': id,
    name: site.name,
    url: `${origin}${localizedPath(locale, '/')}`,
    logo: `${origin}/logo.svg`,
    email: site.supportEmail,
    description: shell._('shell.orgDescription'),
    slogan: shell._('shell.veteranOwned'),
    knowsLanguage: [...LOCALES],
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: shell._('shell.services'),
      itemListElement: SERVICES.map((service) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: words._(service), provider: { '@id': id } },
      })),
    },
    ...(plans?.length ? { makesOffer: plans.map(offer) } : {}),
  };
}

/** What every plan includes, as the payment confirmation lists it (site.po). */
const SERVICES = ['service.website', 'service.commercials', 'service.social', 'service.support'];

/**
 * Puts the server-rendered app into the shell's empty root, followed by the data it was rendered
 * with and the money texts it shows, as JSON blocks (not executed, so the strict CSP allows them;
 * '<' escaped so they cannot end the tag).
 */
export function fillRoot(
  shell: string,
  appHtml: string,
  dataJson: string,
  money: Record<string, string> = {},
): string {
  const block = (id: string, json: string) =>
    `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
  const blocks =
    block(SSR_DATA_ID, dataJson) +
    (Object.keys(money).length ? block(SSR_MONEY_ID, JSON.stringify(money)) : '');
  return shell.replace('<div id="root"></div>', () => `<div id="root">${appHtml}</div>${blocks}`);
}

/**
 * The CSP source of each script the shell runs inline (`'sha256-…'`): the theme is applied in
 * <head> before the first paint, and the policy allows exactly that text, never 'unsafe-inline'.
 * Data blocks (JSON-LD) do not run and need none. The text must be the same on every answer, so
 * a script that would be filled in per request is refused.
 */
export function inlineScriptHashes(template: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of template.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (
      /\bsrc\s*=/i.test(attributes) ||
      /\btype\s*=\s*["']?application\/ld\+json/i.test(attributes) ||
      !text.trim()
    )
      continue;
    if (text.includes('{{'))
      throw new Error(
        'An inline script of the HTML shell must not hold {{placeholders}}: its CSP hash is computed once.',
      );
    hashes.push(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The CSP source of each style sheet the shell holds inline: the build puts the site's CSS into the page (scripts/build.mjs). */
export function inlineStyleHashes(template: string): string[] {
  return [...template.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(
    ([, text = '']) =>
      `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
}
