import { Clapperboard, Globe, Headset, Megaphone, ShieldCheck } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { site } from '../../lib/site';

const HIGHLIGHTS = [
  { icon: Globe, title: 'Website Development', text: 'A fast, mobile-ready site built and kept up to date for you.' },
  { icon: Clapperboard, title: '2 AI Generated Commercials', text: 'Two short commercials for your social channels and site.' },
  { icon: Megaphone, title: 'Social Media Marketing', text: 'Regular posts that keep your business in front of locals.' },
  { icon: Headset, title: '24/7 Tech Support', text: 'A real team on call whenever something needs fixing.' },
];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="surface-dark bg-navy-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/30 bg-flag-red px-4 py-1.5 text-sm font-semibold">
            <ShieldCheck className="size-4" aria-hidden="true" />
            Veteran-Owned &amp; Operated
          </p>
          <div className="mt-6 flex items-center gap-3">
            <img src="/logo.svg" alt={`${site.name} logo`} width="56" height="56" className="rounded-lg bg-white p-1" />
            <span className="text-lg font-semibold text-navy-100">{site.name}</span>
          </div>
          <h1 id="hero-title" className="mt-4 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            Your business online, handled with military precision.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-navy-100">
            One monthly plan covers your website, two AI-generated commercials, social media marketing and support around the clock. No hidden fees: every price
            and what it includes is on this page.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#plans" className={buttonClasses('red', 'lg')}>
              See the plans
            </a>
            <a href="#register" className={buttonClasses('outline', 'lg', 'border-white/60 bg-transparent text-white hover:bg-white/10')}>
              Register your business
            </a>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-white/15 bg-white/5 p-5">
              <Icon className="size-7 text-accent" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-navy-100">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
