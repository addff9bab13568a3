import { useState } from 'react';
import type { ActivityEntry } from '../../../contract/activity/activity';
import { Card } from '../../components/ui/card';
import { Cell, DataTable, Row } from '../../components/ui/data-table';
import { Pagination } from '../../components/ui/pagination';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useActivity } from './api';

const COLUMNS = ['When', 'Who', 'What', 'Address'] as const;
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const ACTIONS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-in.refused': 'Sign-in refused (too many failures)',
  'sign-in.second-factor-asked': 'Password accepted, code asked',
  'sign-out': 'Signed out',
  'two-factor.setup': 'Started two-factor set-up',
  'two-factor.enabled': 'Turned on two-factor sign-in',
  'two-factor.disabled': 'Turned off two-factor sign-in',
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  export: 'Exported',
  discover: 'Discovered',
};

function describe(entry: ActivityEntry): string {
  const what = ACTIONS[entry.action] ?? entry.action;
  const detail =
    entry.detail && typeof entry.detail.email === 'string' ? ` ${entry.detail.email}` : '';
  return entry.subject && !entry.subject.startsWith('auth/')
    ? `${what} ${entry.subject}${detail}`
    : what;
}

/** Who did what, when and from where: read-only, newest first, page by page. */
export function ActivityCard() {
  const [page, setPage] = useState(1);
  const activity = useActivity(page);
  const pageCount = activity.data
    ? Math.max(1, Math.ceil(activity.data.total / activity.data.pageSize))
    : 1;

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Activity log</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Sign-ins and every change made by employees, newest first.
      </p>
      {activity.isPending && <Skeleton className="mt-4 h-40 w-full" />}
      {activity.isError && (
        <p className="mt-4 text-sm text-destructive">
          Error loading the activity log: {errorMessage(activity.error, 'Unknown error')}
        </p>
      )}
      {activity.data && activity.data.items.length === 0 && (
        <p className="mt-4 text-sm text-muted-foreground">Nothing has happened yet.</p>
      )}
      {activity.data && activity.data.items.length > 0 && (
        <DataTable
          columns={COLUMNS}
          caption={`Activity log, page ${page} of ${pageCount}`}
          className="-mx-4 mt-2"
        >
          {activity.data.items.map((entry) => (
            <Row key={entry.id}>
              <Cell label="When" className="whitespace-nowrap">
                {WHEN.format(new Date(entry.at))}
              </Cell>
              <Cell label="Who" className="break-all">
                {entry.actorEmail ?? 'unknown'}
              </Cell>
              <Cell label="What">{describe(entry)}</Cell>
              <Cell label="Address" className="font-mono text-xs">
                {entry.ipAddress ?? ''}
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
      <Pagination page={page} pageCount={pageCount} onPage={setPage} label="Activity log pages" />
    </Card>
  );
}
