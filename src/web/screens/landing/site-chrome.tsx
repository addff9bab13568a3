import { site } from '../../lib/site';

export function SiteHeader() {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <a href="/" className="flex items-center gap-2 font-bold">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>{site.name}</span>
        </a>
        <nav aria-label="Main">
          <ul className="flex items-center gap-1 text-sm font-medium sm:gap-4">
            <li>
              <a className="rounded px-2 py-2 hover:underline" href="#plans">
                Plans
              </a>
            </li>
            <li>
              <a className="rounded px-2 py-2 hover:underline" href="#register">
                Register
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-navy-950 text-navy-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm sm:flex-row sm:justify-between">
        <p>
          © {new Date().getFullYear()} {site.name}. Veteran owned and operated.
        </p>
        <p>
          Questions?{' '}
          <a className="underline" href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
        </p>
      </div>
    </footer>
  );
}
