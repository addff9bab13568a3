import { ExternalLink, Settings } from 'lucide-react';
import type { Application } from '../../../contract/applications/applications';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Cell, DataTable, Row } from '../../components/ui/data-table';
import { Skeleton } from '../../components/ui/skeleton';
import { AppIcon } from './app-icon';
import { formatMoney, hostOf } from './format';

export function StatusBadge({ status }: { status: Application['status'] }) {
  const variant = status === 'active' ? 'default' : 'secondary';
  return (
    <Badge variant={variant} data-variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}

const COLUMNS = [
  'Application',
  'Status',
  'Revenue',
  'Users',
  { label: 'Actions', className: 'text-right' },
] as const;

/**
 * docs/product.md §2: Application, Status, Revenue, Users, Actions; skeleton rows while loading.
 * Where the columns do not fit (a phone) each application is a card, its users under the revenue.
 */
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
    <>
      <DataTable columns={COLUMNS} aria-labelledby={labelledBy} aria-busy={!applications}>
        {applications ? (
          applications.map((app) => (
            <ApplicationRow key={app.id} app={app} onSettings={onSettings} />
          ))
        ) : (
          <SkeletonRows />
        )}
      </DataTable>
      {applications?.length === 0 && (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">
          No applications created yet
        </p>
      )}
    </>
  );
}

function ApplicationRow({ app, onSettings }: { app: Application; onSettings: () => void }) {
  return (
    <Row>
      <Cell>
        <div className="flex items-start gap-3">
          <AppIcon logoUrl={app.logoUrl} iconColor={app.iconColor} iconType={app.iconType} />
          <div className="min-w-0">
            <p className="font-semibold">{app.name}</p>
            <a
              href={app.url}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all text-xs text-navy-600 underline dark:text-navy-100"
            >
              {hostOf(app.url)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            {app.description && (
              <p className="mt-1 max-w-prose text-xs text-muted-foreground">{app.description}</p>
            )}
          </div>
        </div>
      </Cell>
      <Cell label="Status">
        <StatusBadge status={app.status} />
      </Cell>
      <Cell label="Revenue" className="whitespace-nowrap">
        <span className="font-semibold tabular-nums">{formatMoney(app.dailyRevenue)}</span>
        <span className="block text-xs text-muted-foreground">today</span>
      </Cell>
      <Cell label="Users" className="tabular-nums">
        {app.totalUsers.toLocaleString('en-US')}
      </Cell>
      <Cell className="text-right">
        <div className="flex flex-wrap justify-end gap-2">
          <a
            href={app.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
          >
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
      </Cell>
    </Row>
  );
}

function SkeletonRows() {
  return Array.from({ length: 3 }, (_, i) => (
    <Row key={i}>
      {COLUMNS.map((_column, j) => (
        <Cell key={j}>
          <Skeleton className={j === 0 ? 'h-10 w-48' : 'h-5 w-full'} />
        </Cell>
      ))}
    </Row>
  ));
}
