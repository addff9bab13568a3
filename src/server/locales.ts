import fs from 'node:fs';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { INTL_LOCALES } from '../contract/lib/locale-format.js';
import type { Locale } from '../contract/site/routes.js';
import { errorMessageId, type ErrorCode, type ErrorParams } from '../contract/lib/errors.js';

/**
 * The message catalogs the browser and the server share (docs/decisions/015): src/locales in the
 * sources, dist/locales in the build (scripts/build.mjs copies it), one level above this module's
 * folder either way.
 */
export const LOCALES_DIR = new URL('../locales/', import.meta.url);

/**
 * The server's own catalogs (the page shell's head, the e-mails to clients, the errors' English
 * messages), and the pages' whose titles the head repeats.
 */
export type ServerCatalog = 'shell' | 'emails' | 'site' | 'checkout' | 'account' | 'errors';

/** A catalog's messages as written (id → ICU message), read from its .po file. */
export function readCatalog(locale: Locale, part: string): Record<string, string> {
  const po = PO.parse(fs.readFileSync(new URL(`${locale}/${part}.po`, LOCALES_DIR), 'utf8'));
  return Object.fromEntries(
    po.items
      .filter((item) => item.msgid && !item.obsolete)
      .map((item) => [item.msgid, item.msgstr[0] ?? '']),
  );
}

const loaded = new Map<string, I18n>();

/**
 * One language of a server catalog, compiled when first used (the server has no size budget, so
 * it compiles at run time; the browser gets catalogs compiled at build time). Money and dates
 * follow the language's US locale, as on the pages.
 */
export function serverI18n(part: ServerCatalog, locale: Locale): I18n {
  const key = `${part}/${locale}`;
  let i18n = loaded.get(key);
  if (!i18n) {
    const messages: Messages = Object.fromEntries(
      Object.entries(readCatalog(locale, part)).map(([id, text]) => [id, compileMessage(text)]),
    );
    i18n = setupI18n({ locale, locales: [INTL_LOCALES[locale]], messages: { [locale]: messages } });
    loaded.set(key, i18n);
  }
  return i18n;
}

/** An error code's English message (src/locales/en/errors.po), the one pages translate by its code. */
export const errorText = (code: ErrorCode, params?: ErrorParams) =>
  serverI18n('errors', 'en')._(errorMessageId(code), params);
