import type { Messages } from '@lingui/core';
import { i18n } from '@lingui/core';
import { pageLocale } from './i18n';

// A form's words once it was sent with mistakes (src/locales/*/forms.po). Fetched by the code that
// shows them (the registration check, the card fields), never by the landing page's first load:
// even the catalog's entry in i18n.ts's list cost that budget bytes it does not have (docs/decisions/034).
const catalogs = import.meta.glob<Messages>('../../locales/*/forms.po', { import: 'messages' });
let loaded: Promise<void> | undefined;

/** Loads the page language's form messages, once. */
export function loadFormMessages(): Promise<void> {
  loaded ??= catalogs[`../../locales/${pageLocale}/forms.po`]!().then((messages) =>
    i18n.load(pageLocale, messages),
  );
  return loaded;
}
