import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LEAD_STATUSES } from '../../../contract/leads/leads';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Select } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { pageCount } from '../businesses';
import { LeadItem } from './lead-item';
import { LEAD_STATUS_LABELS, leadsExportUrl, useLeads, type LeadFilters } from './api';
import { DigestToggle } from './digest-toggle';
import { LoadError } from '../../components/ui/load-error';

interface LeadsPanelProps {
  filters: LeadFilters;
  onFilters: (filters: LeadFilters) => void;
  onDeleted: (resultId: string) => void;
}

/** Saved leads: follow-up status, notes, social profiles from the website, CSV export. */
export function LeadsPanel({ filters, onFilters, onDeleted }: LeadsPanelProps) {
  const leads = useLeads(filters);
  const data = leads.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  // A page past the end (the last lead on it deleted, an old link): show the last page with leads.
  useEffect(() => {
    if (data && !leads.isPlaceholderData && data.items.length === 0 && data.total > 0)
      onFilters({ ...filters, page: pages });
  }, [data, leads.isPlaceholderData, pages, filters, onFilters]);

  const changePage = (page: number) => {
    onFilters({ ...filters, page });
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  };
  // The deleted lead's buttons leave with the refetched list; focus then goes to the list's heading.
  const focusAfterDelete = useRef(false);
  const afterDelete = (resultId: string) => {
    onDeleted(resultId);
    focusAfterDelete.current = true;
  };
  useEffect(() => {
    if (!focusAfterDelete.current || !data || leads.isFetching) return;
    focusAfterDelete.current = false;
    heading.current?.focus();
  }, [data, leads.isFetching]);

  return (
    <section aria-labelledby="leads-heading" className="grid gap-4">
      <Card className="grid gap-4 p-4 sm:grid-cols-[14rem_1fr_auto] sm:items-end">
        <Field id="leads-status" label="Filter by status">
          <Select
            id="leads-status"
            value={filters.status}
            onChange={(e) =>
              onFilters({ ...filters, status: e.target.value as LeadFilters['status'], page: 1 })
            }
          >
            <option value="">All statuses</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4"
            checked={Boolean(filters.due)}
            onChange={(e) => onFilters({ ...filters, due: e.target.checked || undefined, page: 1 })}
          />
          Due today (and overdue)
        </label>
        <a
          href={leadsExportUrl(filters.status, filters.due)}
          download
          className={buttonClasses('outline', 'md')}
        >
          <Download className="size-4" aria-hidden="true" />
          Export leads CSV
        </a>
        <DigestToggle className="sm:col-span-3" />
      </Card>

      <div>
        <h2
          id="leads-heading"
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-20 text-lg font-semibold outline-none"
        >
          Saved leads
        </h2>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {data
            ? `${data.total} ${data.total === 1 ? 'lead' : 'leads'}${filters.status ? ` with status ${LEAD_STATUS_LABELS[filters.status]}` : ''}${filters.due ? ' due today or overdue' : ''}`
            : leads.isPending
              ? 'Loading leads…'
              : ''}
        </p>
      </div>

      {leads.isError ? (
        <LoadError onRetry={() => void leads.refetch()}>
          <p className="font-semibold text-destructive">
            Error loading leads: {errorMessage(leads.error, 'Unknown error')}
          </p>
        </LoadError>
      ) : !data ? (
        <div className="grid gap-4" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 w-full rounded-xl" />
          ))}
        </div>
      ) : data.total === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">
            {filters.due
              ? 'No follow-ups due today'
              : filters.status
                ? `No leads with status ${LEAD_STATUS_LABELS[filters.status]}`
                : 'No leads saved yet'}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {filters.due
              ? 'Leads show here on the day of their next follow-up, and stay until you move the date.'
              : filters.status
                ? 'Choose another status to see more leads.'
                : 'Press Save lead on a search result to keep the business here for follow-up.'}
          </p>
        </Card>
      ) : (
        <>
          <ul
            className={cn('grid gap-4 transition-opacity', leads.isPlaceholderData && 'opacity-60')}
            aria-label="Saved leads"
            aria-busy={leads.isPlaceholderData}
          >
            {data.items.map((lead) => (
              <LeadItem key={lead.id} lead={lead} today={data.today} onDeleted={afterDelete} />
            ))}
          </ul>
          <Pagination
            page={filters.page}
            pageCount={pages}
            onPage={changePage}
            label="Lead pages"
          />
        </>
      )}
    </section>
  );
}
