import { useEffect, useRef, useState } from 'react';
import {
  CLIENT_BILLING_STATUS_LABELS,
  type ClientSummary,
} from '../../../contract/clients/clients';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Pagination } from '../../components/ui/pagination';
import { errorMessage } from '../../lib/api';
import type { SectionProps } from '../../lib/admin-section';
import { readFiltersFromUrl, useClients, writeFiltersToUrl, type ClientFilters } from './api';
import { ClientDetailDialog } from './client-dialog';
import { ClientsFilters } from './clients-filters';
import { ClientsTable } from './clients-table';
import { LoadError } from '../../components/ui/load-error';

const SEARCH_DELAY_MS = 300;

/** Registered businesses with their plan and payment status; filters live in the page URL. */
export default function ClientsSection(_props: SectionProps) {
  const [filters, setFilters] = useState<ClientFilters>(readFiltersFromUrl);
  const [searchText, setSearchText] = useState(filters.search);
  const [openClient, setOpenClient] = useState<ClientSummary | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const clients = useClients(filters);
  const data = clients.data;
  const filtered = filters.search !== '' || filters.status !== '' || filters.billing !== '';
  // Only the billing status narrows the list: the empty state names it.
  const onlyBilling =
    filters.search === '' && filters.status === '' && filters.billing !== ''
      ? CLIENT_BILLING_STATUS_LABELS[filters.billing]
      : null;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  useEffect(() => writeFiltersToUrl(filters), [filters]);
  useEffect(() => {
    const search = searchText.trim();
    if (search === filters.search) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, search, page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search]);
  // A page past the end (rows removed, an old link): go to the last one that has rows.
  useEffect(() => {
    if (data && !clients.isPlaceholderData && data.items.length === 0 && data.total > 0)
      setFilters((f) => ({ ...f, page: pageCount }));
  }, [data, clients.isPlaceholderData, pageCount]);

  // The dialog has no Radix trigger (one dialog serves every row), so focus goes back by hand.
  useEffect(() => {
    if (!openClient) opener.current?.focus();
  }, [openClient]);
  const open = (client: ClientSummary, button: HTMLElement) => {
    opener.current = button;
    setOpenClient(client);
  };

  const clear = () => {
    setSearchText('');
    setFilters({ search: '', status: '', billing: '', page: 1 });
    // The button goes away with the empty state; focus lands where the next search starts.
    document.getElementById('clients-search')?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <ClientsFilters
        filters={filters}
        setFilters={setFilters}
        searchText={searchText}
        onSearchText={setSearchText}
        counts={data?.billingCounts}
      />

      {clients.isError ? (
        <LoadError onRetry={() => void clients.refetch()}>
          <p className="font-semibold">The clients could not be loaded.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {errorMessage(clients.error, 'Unknown error')}
          </p>
        </LoadError>
      ) : data && data.total === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">
            {onlyBilling
              ? `No clients with the billing status ‘${onlyBilling}’`
              : filtered
                ? 'No clients match your search'
                : 'No clients yet'}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {onlyBilling
              ? 'Choose another billing status above, or clear the filter.'
              : filtered
                ? 'Try other words, another payment status or another billing status.'
                : 'Businesses appear here once they register on the landing page.'}
          </p>
          {filtered && (
            <Button variant="outline" size="sm" className="mt-4" onClick={clear}>
              Clear filters
            </Button>
          )}
        </Card>
      ) : (
        <Card className="p-0">
          <p role="status" className="px-4 pt-4 text-sm text-muted-foreground">
            {data
              ? `${data.total} ${data.total === 1 ? 'client' : 'clients'}${filtered ? ' found' : ''}`
              : 'Loading clients…'}
          </p>
          <ClientsTable rows={data?.items} dimmed={clients.isPlaceholderData} onOpen={open} />
          <div className="px-4 pb-4">
            <Pagination
              page={filters.page}
              pageCount={pageCount}
              onPage={(page) => setFilters((f) => ({ ...f, page }))}
              label="Client pages"
            />
          </div>
        </Card>
      )}
      <ClientDetailDialog client={openClient} onClose={() => setOpenClient(null)} />
    </div>
  );
}
