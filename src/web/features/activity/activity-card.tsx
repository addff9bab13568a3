import { useEffect, useState } from 'react';
import { ACTIVITY_TYPES } from '../../../contract/activity/activity';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/field';
import { Cell, DataTable, Row } from '../../components/ui/data-table';
import { Pagination } from '../../components/ui/pagination';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useActivity } from './api';
import { ACTION_LABELS, describeEntry } from './describe';
import {
  activityQuery,
  activitySearch,
  NO_ACTIVITY_FILTERS,
  parseActivityState,
  type ActivityState,
} from './url-state';

const readState = () =>
  typeof window === 'undefined' ? NO_ACTIVITY_FILTERS : parseActivityState(window.location.search);

const COLUMNS = ['When', 'Who', 'What', 'Address'] as const;
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Who did what, when and from where: read-only, newest first, page by page, filtered by type,
 * employee and days. The filters and the page are in the URL (a reload or a shared link keeps the
 * place); the server checks them and a bad one shows its message.
 */
export function ActivityCard() {
  const [state, setState] = useState<ActivityState>(readState);
  const activity = useActivity(activityQuery(state));
  const pageCount = activity.data
    ? Math.max(1, Math.ceil(activity.data.total / activity.data.pageSize))
    : 1;
  const page = state.page;
  const filtered = state.type || state.employee || state.from || state.to;

  useEffect(() => {
    const next = `${window.location.pathname}${activitySearch(state)}${window.location.hash}`;
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
      history.replaceState(history.state, '', next);
  }, [state]);
  // Back and forward between filtered views follow the URL.
  useEffect(() => {
    const onPop = () => setState(readState());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** A filter changed: back to the first page. */
  const filter =
    (key: 'type' | 'employee' | 'from' | 'to') => (event: { target: { value: string } }) =>
      setState((s) => ({ ...s, [key]: event.target.value, page: 1 }));
  const employees = activity.data?.employees ?? [];

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Activity log</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Sign-ins and every change made by employees, newest first.
      </p>
      <form
        role="search"
        aria-label="Filter the activity log"
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="activity-type" label="Type">
          <Select id="activity-type" value={state.type} onChange={filter('type')}>
            <option value="">All types</option>
            {ACTIVITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {ACTION_LABELS[type] ?? type}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="activity-employee" label="Employee">
          <Select id="activity-employee" value={state.employee} onChange={filter('employee')}>
            <option value="">All employees</option>
            {[...new Set([...employees, ...(state.employee ? [state.employee] : [])])].map(
              (email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ),
            )}
          </Select>
        </Field>
        <Field id="activity-from" label="From">
          <Input id="activity-from" type="date" value={state.from} onChange={filter('from')} />
        </Field>
        <Field id="activity-to" label="To">
          <Input id="activity-to" type="date" value={state.to} onChange={filter('to')} />
        </Field>
        <Button
          type="button"
          variant="outline"
          disabled={!filtered}
          onClick={() => setState(NO_ACTIVITY_FILTERS)}
        >
          Clear filters
        </Button>
      </form>
      {activity.isPending && <Skeleton className="mt-4 h-40 w-full" />}
      {activity.isError && (
        <p className="mt-4 text-sm text-destructive">
          Error loading the activity log: {errorMessage(activity.error, 'Unknown error')}
        </p>
      )}
      {activity.data && activity.data.items.length === 0 && (
        <p className="mt-4 text-sm text-muted-foreground">
          {filtered ? 'Nothing matches these filters.' : 'Nothing has happened yet.'}
        </p>
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
              <Cell label="What">{describeEntry(entry)}</Cell>
              <Cell label="Address" className="font-mono text-xs">
                {entry.ipAddress ?? ''}
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        onPage={(p) => setState((s) => ({ ...s, page: p }))}
        label="Activity log pages"
      />
    </Card>
  );
}
