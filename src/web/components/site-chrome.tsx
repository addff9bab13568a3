import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch';
import { pagePath, useT } from '../lib/i18n';
import { site } from '../lib/site';

/** The site's header: the brand (home link), on the landing page its navigation, and the language switch. */
export function SiteHeader({ nav }: { nav?: ReactNode }) {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <a href={pagePath('/')} className="flex items-center gap-2 font-bold">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>{site.name}</span>
        </a>
        <div className="flex items-center gap-1 sm:gap-4">
          {nav}
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}

export function SiteFooter() {
  const _ = useT();
  return (
    <footer className="border-t border-border bg-navy-950 text-navy-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm sm:flex-row sm:justify-between">
        <p>{_('footer.copyright', { year: String(new Date().getFullYear()), name: site.name })}</p>
        <p>
          {_('footer.questions')}{' '}
          <a className="underline" href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
        </p>
      </div>
    </footer>
  );
}
