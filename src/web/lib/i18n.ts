import { i18n, type I18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  DEFAULT_LOCALE,
  localizedPath,
  splitLocale,
  type Locale,
} from '../../contract/site/routes';
import { INTL_LOCALES } from '../../contract/lib/locale-format';
// The English site messages come with the first load; every other catalog is fetched when needed.
import { messages as enSite } from '../../locales/en/site.po';

/** The parts of the catalogs (src/locales/{locale}/{part}.po): the site's, and those of the pages loaded later. */
export type CatalogPart = 'site' | 'checkout' | 'account' | 'register' | 'project';

/**
 * The document's language, from its URL. It does not change while the document lives: the
 * language switch is a link to the other URL, and the router keeps every other link inside this
 * language (`<Router base="/es">`). On the server, the page being rendered sets it (`renderIn`).
 */
export let pageLocale: Locale =
  typeof window === 'undefined' ? DEFAULT_LOCALE : splitLocale(window.location.pathname).locale;
/** The router's base: '' in English, '/es' in Spanish. */
export let localeBase = baseOf(pageLocale);
/** The home page as a router link: `/` or `/es` (a plain '/' under the base would be `/es/`). */
export let homeHref = `~${localizedPath(pageLocale, '/')}`;

function baseOf(locale: Locale): string {
  return localizedPath(locale, '/').replace(/\/$/, '');
}

// Every other catalog, each a file of its own, fetched when a page needs it.
const catalogs = import.meta.glob<Messages>(
  ['../../locales/*/{site,checkout,account,register,project}.po', '!../../locales/en/site.po'],
  { import: 'messages' },
);
const loaded = new Map<string, Promise<void>>([[`${DEFAULT_LOCALE}/site`, Promise.resolve()]]);
i18n.load(DEFAULT_LOCALE, enSite);

/** Loads one part of a language's messages, once. */
export function loadMessages(locale: Locale, part: CatalogPart): Promise<void> {
  const key = `${locale}/${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = catalogs[`../../locales/${key}.po`]!().then((messages) => i18n.load(locale, messages));
    loaded.set(key, done);
  }
  return done;
}

/** Loads the site's messages of the page's language and makes it the active one (before the first render). */
export async function startI18n(): Promise<I18n> {
  await loadMessages(pageLocale, 'site');
  activate(pageLocale);
  // The server wrote it already; the language never changes inside a document (see pageLocale).
  document.documentElement.lang = pageLocale;
  return i18n;
}

// Money, dates and plurals as in the US: '$299.00', '24 de noviembre de 2026'.
const activate = (locale: Locale) => i18n.activate(locale, [INTL_LOCALES[locale]]);

/**
 * On the server (entry-server.tsx): the page about to be rendered is in `locale`, with all its
 * messages loaded. Renders take turns, so the one language of the module holds for the whole render.
 */
export async function renderIn(locale: Locale): Promise<I18n> {
  pageLocale = locale;
  localeBase = baseOf(locale);
  homeHref = `~${localizedPath(locale, '/')}`;
  await Promise.all(
    (['site', 'checkout', 'account', 'register'] as const).map((part) =>
      loadMessages(locale, part),
    ),
  );
  activate(locale);
  return i18n;
}

/** A page loaded later, with its messages: both are fetched at once, and the page renders when both are in. */
export function withMessages<T>(parts: CatalogPart[], page: Promise<T>): Promise<T> {
  return Promise.all([page, ...parts.map((part) => loadMessages(pageLocale, part))]).then(
    ([module]) => module,
  );
}

/** The translate function of the active language: `_('plans.title')`, `_('plans.choose', { plan })`. */
export const useT = () => useLingui()._;

/** The active i18n object, for money and dates (`i18n.number`, `i18n.date`) besides messages. */
export const useI18n = () => useLingui().i18n;

/** A path in the page's language, for plain links and absolute URLs (router links get the base themselves). */
export const pagePath = (path: string) => localizedPath(pageLocale, path);

/**
 * Text the agency writes in both languages (plans, portfolio, FAQ): the Spanish one on a Spanish
 * page, else the English one with `lang: 'en'` for its element, so a screen reader reads it as
 * English (docs/decisions/033).
 */
export const contentText = <T extends string | string[]>(
  en: T,
  es: T | null,
): { text: T; lang?: 'en' } =>
  pageLocale === 'es' ? (es?.length ? { text: es } : { text: en, lang: 'en' }) : { text: en };
