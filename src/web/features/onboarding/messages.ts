import { i18n, type Messages } from '@lingui/core';
import { pageLocale } from '../../lib/i18n';

// The onboarding form's words (src/locales/*/onboarding.po), fetched by the form when it first
// shows (after the client signed in to the billing page), never with the page's first load.
const catalogs = import.meta.glob<Messages>('../../../locales/*/onboarding.po', {
  import: 'messages',
});
let loaded: Promise<void> | undefined;

/** Loads the page language's onboarding messages, once. */
export function loadOnboardingMessages(): Promise<void> {
  loaded ??= catalogs[`../../../locales/${pageLocale}/onboarding.po`]!().then((messages) =>
    i18n.load(pageLocale, messages),
  );
  return loaded;
}
