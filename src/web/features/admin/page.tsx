import { AppWindow, Building2, Home, LogOut, Search, Settings, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { site } from '../../lib/site';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEmployee, useSignOut } from './api';

const SECTIONS = [
  { id: 'search', label: 'Business Search', icon: Search },
  { id: 'apps', label: 'Applications', icon: AppWindow },
  { id: 'investors', label: 'Investors', icon: Building2 },
  { id: 'clients', label: 'Clients', icon: Users },
  { id: 'settings', label: 'Settings', icon: Settings },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

/** Spec section 9: the browser goes to sign-in 500 ms after the 'Unauthorized' toast. */
const LOGIN_REDIRECT_DELAY_MS = 500;

function sectionFromHash(): SectionId {
  if (window.location.pathname === '/settings') return 'settings';
  const id = window.location.hash.slice(1);
  return SECTIONS.some((s) => s.id === id) ? (id as SectionId) : 'search';
}

/** The admin area: only for a signed-in employee, which the server checks on every call. */
export default function AdminPage() {
  useDocumentTitle('Admin');
  const employee = useEmployee();
  const unauthorized = employee.isError;

  useEffect(() => {
    if (!unauthorized) return;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => window.location.assign('/api/login'), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unauthorized]);

  if (!employee.isSuccess) return <PageSpinner label="Checking your sign-in…" />;
  return <AdminShell name={employee.data.name} email={employee.data.email} />;
}

function AdminShell({ name, email }: { name: string; email: string }) {
  const [section, setSection] = useState<SectionId>(sectionFromHash);
  const signOut = useSignOut();
  useEffect(() => {
    const onHash = () => setSection(sectionFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const current = SECTIONS.find((s) => s.id === section)!;

  return (
    <div className="grid min-h-screen md:grid-cols-[16rem_1fr]">
      <aside className="border-r border-border bg-card p-4">
        <p className="text-lg font-bold">{site.name}</p>
        <p className="text-xs text-muted-foreground">Items from a Veteran</p>
        <nav aria-label="Admin sections" className="mt-6 grid gap-1">
          {SECTIONS.map(({ id, label, icon: Icon }) => (
            <a
              key={id}
              href={`/admin#${id}`}
              aria-current={id === section ? 'page' : undefined}
              className={cn('flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-muted', id === section && 'bg-muted font-semibold')}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </a>
          ))}
          <a href="/" className="mt-4 flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-muted">
            <Home className="size-4" aria-hidden="true" />
            Landing Page
          </a>
        </nav>
        <div className="mt-8 border-t border-border pt-4 text-sm">
          <p className="font-medium">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{email}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-3 w-full"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => window.location.assign('/login') })}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </aside>
      <main className="p-6">
        <h1 className="text-2xl font-bold">{current.label}</h1>
        <p className="mt-2 text-muted-foreground">This section is being built; it arrives with its own release.</p>
      </main>
    </div>
  );
}
