import { Suspense } from 'react';
import { AdminLink } from '../admin/admin-link';
import { SETTINGS_PAGES, settingsPath, type SettingsPage } from '../../../contract/site/routes';
import { PageSpinner } from '../../components/page-spinner';
import { Card } from '../../components/ui/card';
import { useEmployee } from '../../features/auth/admin';
import { useBillingClockAvailable } from '../../features/billing/admin';
import type { SectionProps } from '../../lib/admin-section';
import { cn } from '../../lib/cn';
import { SETTINGS_PAGE_INFO } from './pages';

/**
 * Settings, a page each: applications, portfolio, plans, employees (owners), security, the activity
 * log and test mode's billing clock (owners), with their own navigation inside the admin shell.
 */
export default function SettingsSection({ page = SETTINGS_PAGES[0] }: SectionProps) {
  const me = useEmployee();
  const owner = me.data?.role === 'owner';
  // The clock's page is listed only once the clock is known to exist (test mode).
  const clockAvailable = useBillingClockAvailable(owner);
  if (!me.data) return <PageSpinner />;

  const listed = SETTINGS_PAGES.filter((id) =>
    id === 'billing-clock'
      ? owner && clockAvailable === true
      : owner || !SETTINGS_PAGE_INFO[id].ownersOnly,
  );
  const { label, ownersOnly, component: Page } = SETTINGS_PAGE_INFO[page];
  return (
    <div className="grid gap-6">
      <SettingsNav pages={listed} current={page} />
      {ownersOnly && !owner ? (
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{label}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Only an owner can see this page. Ask an owner of your team if you need a change here.
          </p>
        </Card>
      ) : (
        <Suspense fallback={<PageSpinner label={`Loading ${label}…`} />}>
          <Page me={me.data} />
        </Suspense>
      )}
    </div>
  );
}

function SettingsNav({
  pages,
  current,
}: {
  pages: readonly SettingsPage[];
  current: SettingsPage;
}) {
  return (
    <nav aria-label="Settings pages">
      <ul className="flex flex-wrap gap-2">
        {pages.map((id) => (
          <li key={id}>
            <AdminLink
              href={settingsPath(id)}
              aria-current={id === current ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors',
                id === current
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card hover:bg-muted',
              )}
            >
              {SETTINGS_PAGE_INFO[id].label}
            </AdminLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
