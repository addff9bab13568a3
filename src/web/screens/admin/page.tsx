import { Home, LogOut, Menu } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { LOGIN_PATH } from '../../../contract/auth/auth';
import { PageSpinner } from '../../components/page-spinner';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { TooltipProvider } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { useFocusOnArrival } from '../../lib/focus';
import { site } from '../../lib/site';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEmployee, useSignOut } from '../../features/auth/admin';
import { SETTINGS_PAGE_INFO } from '../settings/pages';
import { AdminLink } from './admin-link';
import { adminHref, sectionHref, useAdminLocation, type SectionId } from './location';
import { SECTIONS } from './sections';
import { useAdminStyles } from '../../lib/admin-styles';

/** docs/product.md §9: the browser goes to sign-in 500 ms after the 'Unauthorized' toast. */
const LOGIN_REDIRECT_DELAY_MS = 500;

/** The admin area: only for a signed-in employee, which the server checks on every call. */
export default function AdminPage() {
  useAdminStyles();
  useDocumentTitle('Admin');
  const employee = useEmployee();
  const unauthorized = employee.isError;

  useEffect(() => {
    if (!unauthorized) return;
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    const timer = setTimeout(() => window.location.assign(LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unauthorized]);

  if (!employee.isSuccess) return <PageSpinner label="Checking your sign-in…" />;
  return (
    <TooltipProvider>
      <AdminShell name={employee.data.name} email={employee.data.email} />
    </TooltipProvider>
  );
}

function AdminShell({ name, email }: { name: string; email: string }) {
  useFocusOnArrival();
  const location = useAdminLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const href = adminHref(location);
  const current = SECTIONS.find((s) => s.id === location.section)!;
  const settingsPage = location.section === 'settings' ? location.page : undefined;
  useDocumentTitle(
    settingsPage
      ? `${SETTINGS_PAGE_INFO[settingsPage].label} · Settings · Admin`
      : `${current.label} · Admin`,
  );

  // The old settings links (`/settings#portfolio`, `/admin#settings`) land on the page's own address.
  useEffect(() => {
    if (location.section === 'settings' && window.location.pathname !== href)
      navigate(href + window.location.search, { replace: true });
  }, [location.section, href]);
  // A new section or settings page starts at its top, as a new page would.
  const shown = useRef(href);
  useEffect(() => {
    if (shown.current === href) return;
    shown.current = href;
    setDrawerOpen(false);
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [href]);

  const Section = current.component;
  const sidebar = (
    <SidebarContent
      current={location.section}
      name={name}
      email={email}
      onChoose={() => setDrawerOpen(false)}
    />
  );

  return (
    <div className="min-h-screen md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
      <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-border bg-card px-4 py-2 md:hidden">
        <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="sm" aria-label="Open menu" className="px-2">
              <Menu className="size-5" aria-hidden="true" />
            </Button>
          </DialogTrigger>
          <DialogContent title={site.name} side="left" closeLabel="Close menu">
            {sidebar}
          </DialogContent>
        </Dialog>
        <p className="font-bold">{site.name}</p>
      </header>
      {/* The sidebar stays in view while the section scrolls; a short window scrolls the sidebar itself. */}
      <aside className="hidden border-r border-border bg-card p-4 md:sticky md:top-0 md:block md:h-screen md:overflow-y-auto">
        <p className="text-lg font-bold">{site.name}</p>
        {sidebar}
      </aside>
      <main className="min-w-0 p-4 sm:p-6">
        <h1 className="text-2xl font-bold">{current.title()}</h1>
        <div className="mt-4">
          <Suspense fallback={<PageSpinner label={`Loading ${current.label}…`} />}>
            <Section {...(settingsPage ? { page: settingsPage } : {})} />
          </Suspense>
        </div>
      </main>
    </div>
  );
}

function SidebarContent({
  current,
  name,
  email,
  onChoose,
}: {
  current: SectionId;
  name: string;
  email: string;
  onChoose: () => void;
}) {
  const signOut = useSignOut();
  return (
    <>
      <p className="text-xs text-muted-foreground">Items from a Veteran</p>
      <nav aria-label="Admin sections" className="mt-6 grid gap-1">
        {SECTIONS.map(({ id, label, icon: Icon }) => (
          <AdminLink
            key={id}
            href={sectionHref(id)}
            onClick={onChoose}
            aria-current={id === current ? 'page' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-muted',
              id === current && 'bg-muted font-semibold',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </AdminLink>
        ))}
        <a
          href="/"
          className="mt-4 flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-muted"
        >
          <Home className="size-4" aria-hidden="true" />
          Landing Page
        </a>
      </nav>
      <div className="mt-8 border-t border-border pt-4 text-sm">
        <p className="font-medium">{name}</p>
        <p className="truncate text-xs text-muted-foreground">{email}</p>
        <div className="mt-3">
          <ThemeToggle />
        </div>
        <Button
          variant="outline"
          size="sm"
          className="mt-3 w-full"
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, { onSettled: () => window.location.assign('/login') })
          }
        >
          <LogOut className="size-4" aria-hidden="true" />
          Sign out
        </Button>
      </div>
    </>
  );
}
