import { Clapperboard, Globe, Headset, Megaphone, ShieldCheck } from 'lucide-react';
import { BrandMark } from '../../components/brand-mark';
import { buttonClasses } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import { site } from '../../lib/site';

const HIGHLIGHTS = [
  { icon: Globe, title: 'service.website', text: 'hero.websiteText' },
  { icon: Clapperboard, title: 'service.commercials', text: 'hero.commercialsText' },
  { icon: Megaphone, title: 'service.social', text: 'hero.socialText' },
  { icon: Headset, title: 'service.support', text: 'hero.supportText' },
];

export function Hero() {
  const _ = useT();
  return (
    <section aria-labelledby="hero-title" className="surface-dark bg-navy-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/30 bg-flag-red px-4 py-1.5 text-sm font-semibold">
            <ShieldCheck className="size-4" aria-hidden="true" />
            {_('hero.badge')}
          </p>
          <div className="mt-6 flex items-center gap-3">
            <BrandMark
              size={56}
              label={_('hero.logoAlt', { name: site.name })}
              className="shrink-0 rounded-lg bg-white p-1"
            />
            <span className="text-lg font-semibold text-navy-100">{site.name}</span>
          </div>
          <h1
            id="hero-title"
            className="mt-4 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl"
          >
            {_('hero.title')}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-navy-100">{_('hero.intro')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#plans" className={buttonClasses('red', 'lg')}>
              {_('hero.seePlans')}
            </a>
            <a
              href="#register"
              className={buttonClasses(
                'outline',
                'lg',
                'border-white/60 bg-transparent text-white hover:bg-white/10',
              )}
            >
              {_('hero.register')}
            </a>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-white/15 bg-white/5 p-5">
              <Icon className="size-7 text-accent" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{_(title)}</h2>
              <p className="mt-1 text-sm text-navy-100">{_(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
