import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';
import { pagePath, useT } from '../lib/i18n';
import { site } from '../lib/site';
import { ThemeToggle } from './theme-toggle';

/** The site's header: the brand (home link), on the landing page its navigation, the language switch and the theme. */
export function SiteHeader({ nav }: { nav?: ReactNode }) {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <a href={pagePath('/')} className="flex items-center gap-2 font-bold">
          <BrandMark size={32} className="shrink-0" />
          <span>{site.name}</span>
        </a>
        <div className="flex flex-wrap items-center justify-end gap-2 sm:gap-4">
          {nav}
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}

export function SiteFooter() {
  const _ = useT();
  return (
    // Not `below-fold`: on a short page (a checkout, the 404 page) the footer is in the first screen, and
    // measured first by that estimate (900 px) the page would get a scroll bar, then lose it, and move.
    <footer className="surface-dark border-t border-border bg-navy-950 text-navy-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm sm:flex-row sm:justify-between">
        <p>{_('footer.copyright', { year: String(new Date().getFullYear()), name: site.name })}</p>
        <p className="flex flex-wrap gap-x-4">
          <span>
            {_('footer.questions')}{' '}
            <a className="underline" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>
          </span>
          <Link className="underline" href="/accessibility">
            {_('footer.accessibility')}
          </Link>
        </p>
      </div>
    </footer>
  );
}
