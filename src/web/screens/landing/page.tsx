import { lazy, Suspense, useCallback, useState } from 'react';
import { SiteFooter, SiteHeader } from '../../components/site-chrome';
import { useT } from '../../lib/i18n';
import { Hero } from './hero';
import { PlansSection } from '../../features/plans';
import { RegistrationSection } from '../../features/registration';

// Shown only when the portfolio has items, under the form: its code loads beside its data, off
// the first-load budget (docs/decisions/017).
const PortfolioSection = lazy(() => import('../../features/portfolio/portfolio-section'));
// The FAQ and the team's sign-in below it likewise (docs/decisions/033).
const LandingFoot = lazy(() => import('./foot'));

export function LandingPage() {
  // A plan chosen on a card; the nonce lets choosing the same plan again scroll again.
  const [chosen, setChosen] = useState<{ name: string; nonce: number } | null>(null);
  const choosePlan = useCallback(
    (name: string) => setChosen((c) => ({ name, nonce: (c?.nonce ?? 0) + 1 })),
    [],
  );
  const _ = useT();

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        {_('landing.skip')}
      </a>
      <SiteHeader
        nav={
          <nav aria-label={_('landing.nav')}>
            <ul className="flex items-center gap-1 text-sm font-medium sm:gap-4">
              <li>
                <a className="rounded px-2 py-2 hover:underline" href="#plans">
                  {_('landing.plans')}
                </a>
              </li>
              <li>
                <a className="rounded px-2 py-2 hover:underline" href="#register">
                  {_('landing.register')}
                </a>
              </li>
            </ul>
          </nav>
        }
      />
      <main id="main">
        <Hero />
        <PlansSection onChoose={choosePlan} />
        <Suspense fallback={<div id="register" className="min-h-[60rem]" aria-busy="true" />}>
          <RegistrationSection chosenPlan={chosen} />
        </Suspense>
        <Suspense fallback={null}>
          <PortfolioSection />
          <LandingFoot />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
