import { i18n, type Messages } from '@lingui/core';
import { useEffect } from 'react';
import { errorMessageId } from '../../contract/lib/errors';
import { DEFAULT_LOCALE } from '../../contract/site/routes';
import { setWording } from './api-core';
import { pageLocale } from './i18n';

// The errors catalog (src/locales/*/errors.po), for pages in another language than English: the
// server's error codes in the page's words (docs/decisions/035). Fetched by the pages that can show
// the server's errors, when they mount, never with the landing page's first load; English pages
// need none, the server's message being the same English text.
const catalogs = import.meta.glob<Messages>('../../locales/*/errors.po', { import: 'messages' });
let loaded: Promise<void> | undefined;

/** Loads the page language's error messages once, and lets errorMessage and fieldIssues word codes with them. */
export function loadErrorWords(): Promise<void> {
  if (pageLocale === DEFAULT_LOCALE) return Promise.resolve();
  loaded ??= catalogs[`../../locales/${pageLocale}/errors.po`]!().then((messages) => {
    i18n.load(pageLocale, messages);
    setWording(({ code, params }) => {
      const id = code && errorMessageId(code);
      return id && id in i18n.messages ? i18n._(id, params) : undefined;
    });
  });
  return loaded;
}

/** For a page or form that can show the server's errors: the words of its language, fetched on mount. */
export const useErrorWords = () => useEffect(() => void loadErrorWords(), []);
