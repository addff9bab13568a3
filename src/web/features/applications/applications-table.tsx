import { ExternalLink, Settings } from 'lucide-react';
import type { Application } from '../../../contract/applications';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { AppIcon } from './app-icon';
import { formatMoney, hostOf } from './format';

const TH = 'px-4 py-3 font-semibold';
const TD = 'px-4 py-3 align-top';
// Users has its own column from the small breakpoint up; below it, it sits under the revenue.
const WIDE_ONLY = 'hidden sm:table-cell';

const users = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'user' : 'users'}`;

export function StatusBadge({ status }: { status: Application['status'] }) {
  const variant = status === 'active' ? 'default' : 'secondary';
  return (
    <Badge variant={variant} data-variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}

/** docs/product.md §2: Application, Status, Revenue, Users, Actions; skeleton rows while loading. */
export function ApplicationsTable({
  applications,
  labelledBy,
  onSettings,
}: {
  applications: Application[] | undefined;
  labelledBy: string;
  onSettings: () => void;
}) {
  return (
    // Scrolls sideways on a narrow phone; focusable so a keyboard can scroll it too. Positioned, so
    // that the visually hidden link texts inside are clipped with the rest instead of widening the page.
    <div role="region" aria-labelledby={labelledBy} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring">
      <table className="w-full min-w-[34rem] text-left text-sm" aria-labelledby={labelledBy} aria-busy={!applications}>
        <thead className="border-b border-border text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className={TH}>
              Application
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              Revenue
            </th>
            <th scope="col" className={cn(TH, WIDE_ONLY)}>
              Users
            </th>
            <th scope="col" className={cn(TH, 'text-right')}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {applications ? applications.map((app) => <ApplicationRow key={app.id} app={app} onSettings={onSettings} />) : <SkeletonRows />}
        </tbody>
      </table>
      {applications?.length === 0 && <p className="px-4 py-6 text-center text-sm text-muted-foreground">No applications created yet</p>}
    </div>
  );
}

function ApplicationRow({ app, onSettings }: { app: Application; onSettings: () => void }) {
  return (
    <tr>
      <td className={TD}>
        <div className="flex items-start gap-3">
          <AppIcon logoUrl={app.logoUrl} iconColor={app.iconColor} iconType={app.iconType} />
          <div className="min-w-0">
            <p className="font-semibold">{app.name}</p>
            <a href={app.url} target="_blank" rel="noopener noreferrer" className="break-all text-xs text-navy-600 underline dark:text-navy-100">
              {hostOf(app.url)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            {app.description && <p className="mt-1 max-w-prose text-xs text-muted-foreground">{app.description}</p>}
          </div>
        </div>
      </td>
      <td className={TD}>
        <StatusBadge status={app.status} />
      </td>
      <td className={cn(TD, 'whitespace-nowrap')}>
        <span className="font-semibold tabular-nums">{formatMoney(app.dailyRevenue)}</span>
        <span className="block text-xs text-muted-foreground">today</span>
        <span className="block text-xs text-muted-foreground sm:hidden">{users(app.totalUsers)}</span>
      </td>
      <td className={cn(TD, WIDE_ONLY, 'tabular-nums')}>{app.totalUsers.toLocaleString('en-US')}</td>
      <td className={cn(TD, 'text-right')}>
        <div className="flex justify-end gap-2">
          <a href={app.url} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
            <ExternalLink className="size-3.5" aria-hidden="true" />
            Visit
            <span className="sr-only"> {app.name} (opens in a new tab)</span>
          </a>
          <Button size="sm" variant="ghost" onClick={onSettings}>
            <Settings className="size-3.5" aria-hidden="true" />
            Settings
            <span className="sr-only"> for {app.name}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: 3 }, (_, i) => (
    <tr key={i}>
      {[TD, TD, TD, cn(TD, WIDE_ONLY), TD].map((className, j) => (
        <td key={j} className={className}>
          <Skeleton className={j === 0 ? 'h-10 w-48' : 'h-5 w-full'} />
        </td>
      ))}
    </tr>
  ));
}
