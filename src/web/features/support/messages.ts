import { i18n, type Messages } from '@lingui/core';
import { pageLocale } from '../../lib/i18n';

// The support section's words (src/locales/*/support.po): fetched with the section's code when it
// first shows, never by the landing page or the billing page's first load. Kept out of i18n.ts's
// list of catalogs, whose every entry the landing page's first load would carry (docs/decisions/034).
const catalogs = import.meta.glob<Messages>('../../../locales/*/support.po', {
  import: 'messages',
});
const loaded = new Map<string, Promise<void>>();

/** Loads the page language's support messages, once per language. */
export function loadSupportMessages(): Promise<void> {
  let done = loaded.get(pageLocale);
  if (!done) {
    const locale = pageLocale;
    done = catalogs[`../../../locales/${locale}/support.po`]!().then((messages) =>
      i18n.load(locale, messages),
    );
    loaded.set(locale, done);
  }
  return done;
}
