import { useLocation, useSearch } from 'wouter';
import { localizedPath, type Locale } from '../../contract/site/routes';
import { pageLocale } from '../lib/i18n';
import { useHydrated } from '../lib/use-hydrated';

/** Each language's name in itself: the switch says 'Español' on English pages and 'English' on Spanish ones. */
const NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/**
 * The same page, with its query, in the other language: a plain link, so the new language's page
 * loads as a whole (its URL decides the language; docs/decisions/015).
 */
export function LanguageSwitch({
  className = 'rounded px-2 py-2 text-sm font-medium underline-offset-4 hover:underline',
}: {
  className?: string;
}) {
  const [path] = useLocation();
  // The server renders a page for its path and a few parameters only (marketing ones cost no
  // render), so the query joins the link once the page is hydrated: both sides render it the same.
  // Before then the inline loader (src/web/loader.js) has added it to the rendered link.
  const hydrated = useHydrated();
  const search = useSearch();
  const query = hydrated ? search : '';
  const other: Locale = pageLocale === 'en' ? 'es' : 'en';
  return (
    <a
      href={localizedPath(other, query ? `${path}?${query}` : path)}
      hrefLang={other}
      lang={other}
      className={className}
    >
      {NAMES[other]}
    </a>
  );
}
