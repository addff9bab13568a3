import { i18n, type Messages } from '@lingui/core';
import { useEffect, useState } from 'react';
import { pageLocale } from '../../lib/i18n';

// The consultation's words (src/locales/*/consultation.po): fetched by the booking section when it
// first shows, never by the landing page or the billing page's first load.
const catalogs = import.meta.glob<Messages>('../../../locales/*/consultation.po', {
  import: 'messages',
});
let loaded: Promise<void> | undefined;

export function loadConsultationMessages(): Promise<void> {
  loaded ??= catalogs[`../../../locales/${pageLocale}/consultation.po`]!().then((messages) =>
    i18n.load(pageLocale, messages),
  );
  return loaded;
}

/** True once the catalog is in. */
export function useConsultationMessages(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadConsultationMessages().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
