import { useLocation, useSearch } from 'wouter';
import { localizedPath, type Locale } from '../../contract/routes';
import { pageLocale } from '../lib/i18n';

/** Each language's name in itself: the switch says 'Español' on English pages and 'English' on Spanish ones. */
const NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/**
 * The same page, with its query, in the other language: a plain link, so the new language's page
 * loads as a whole (its URL decides the language; docs/decisions/015).
 */
export function LanguageSwitch({ className = 'rounded px-2 py-2 text-sm font-medium underline-offset-4 hover:underline' }: { className?: string }) {
  const [path] = useLocation();
  const search = useSearch();
  const other: Locale = pageLocale === 'en' ? 'es' : 'en';
  return (
    <a href={localizedPath(other, search ? `${path}?${search}` : path)} hrefLang={other} lang={other} className={className}>
      {NAMES[other]}
    </a>
  );
}
