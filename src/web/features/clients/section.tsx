import { Download, Search } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  CLIENT_PAYMENT_STATUS_LABELS,
  CLIENT_PAYMENT_STATUSES,
  type ClientPaymentStatus,
  type ClientSubscription,
  type ClientSummary,
} from '../../../contract/clients/clients';
import { formatDollars } from '../../../contract/plans/plans';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Cell, DataTable, Row } from '../../components/ui/data-table';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import type { SectionProps } from '../../lib/admin-section';
import {
  clientsExportUrl,
  readFiltersFromUrl,
  useClient,
  useClients,
  writeFiltersToUrl,
  type ClientFilters,
} from './api';
import { ClientBilling } from './client-billing';
import { day, period, when } from './format';
import { LoadError } from '../../components/ui/load-error';

const SEARCH_DELAY_MS = 300;
const money = (amount: string, currency: string) =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${formatDollars(amount)}`;

const SUBSCRIPTION_STATES: Record<ClientSubscription['status'], string> = {
  incomplete: 'Not paid yet',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};
const BADGES: Record<ClientPaymentStatus, 'default' | 'secondary' | 'red'> = {
  active: 'default',
  pending_payment: 'secondary',
  failed: 'red',
};

function StatusBadge({ status }: { status: ClientPaymentStatus }) {
  return (
    <Badge variant={BADGES[status]} className="whitespace-nowrap">
      {CLIENT_PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Registered businesses with their plan and payment status; filters live in the page URL. */
export default function ClientsSection(_props: SectionProps) {
  const [filters, setFilters] = useState<ClientFilters>(readFiltersFromUrl);
  const [searchText, setSearchText] = useState(filters.search);
  const [openClient, setOpenClient] = useState<ClientSummary | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const clients = useClients(filters);
  const data = clients.data;
  const filtered = filters.search !== '' || filters.status !== '';
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
    setFilters({ search: '', status: '', page: 1 });
    // The button goes away with the empty state; focus lands where the next search starts.
    document.getElementById('clients-search')?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <Card className="grid gap-4 p-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end">
        <Field id="clients-search" label="Search clients">
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="clients-search"
              type="search"
              className="pl-9"
              placeholder="Business, owner, email or phone"
              maxLength={200}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
        </Field>
        <Field id="clients-status" label="Payment status">
          <Select
            id="clients-status"
            value={filters.status}
            onChange={(e) =>
              setFilters((f) => ({
                ...f,
                status: e.target.value as ClientFilters['status'],
                page: 1,
              }))
            }
          >
            <option value="">All</option>
            {CLIENT_PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLIENT_PAYMENT_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <a href={clientsExportUrl(filters)} download className={buttonClasses('outline', 'md')}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </Card>

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
            {filtered ? 'No clients match your search' : 'No clients yet'}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {filtered
              ? 'Try other words or another payment status.'
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

const COLUMNS = [
  'Business',
  'Owner',
  'Plan',
  'Payment',
  'Registered',
  'Paid',
  'Subscription period',
] as const;

/** One row a client; where the seven columns do not fit (a phone, a small laptop), a card each. */
function ClientsTable({
  rows,
  dimmed,
  onOpen,
}: {
  rows: ClientSummary[] | undefined;
  dimmed: boolean;
  onOpen: (c: ClientSummary, button: HTMLElement) => void;
}) {
  return (
    <DataTable
      columns={COLUMNS}
      caption="Clients"
      cardsBelow="lg"
      className={cn('transition-opacity', dimmed && 'opacity-60')}
      aria-busy={!rows || dimmed}
    >
      {rows
        ? rows.map((c) => (
            <Row key={c.id}>
              <Cell>
                <button
                  type="button"
                  className="text-left font-semibold text-foreground underline-offset-4 hover:underline focus-visible:underline"
                  onClick={(e) => onOpen(c, e.currentTarget)}
                >
                  {c.businessName}
                </button>
                <span className="block text-xs text-muted-foreground">{c.businessType}</span>
              </Cell>
              <Cell label="Owner">
                {c.ownerName}
                <span className="block break-all text-xs text-muted-foreground">{c.email}</span>
              </Cell>
              <Cell label="Plan">{c.plan.displayName}</Cell>
              <Cell label="Payment">
                <StatusBadge status={c.paymentStatus} />
              </Cell>
              <Cell label="Registered" className="whitespace-nowrap">
                {day(c.createdAt)}
              </Cell>
              <Cell label="Paid" className="whitespace-nowrap">
                {day(c.paidAt)}
              </Cell>
              <Cell label="Subscription period">{period(c.periodStart, c.periodEnd)}</Cell>
            </Row>
          ))
        : Array.from({ length: 5 }, (_, i) => (
            <Row key={i}>
              {COLUMNS.map((column) => (
                <Cell key={column}>
                  <Skeleton className="h-5 w-full" />
                </Cell>
              ))}
            </Row>
          ))}
    </DataTable>
  );
}

function ClientDetailDialog({
  client,
  onClose,
}: {
  client: ClientSummary | null;
  onClose: () => void;
}) {
  const detail = useClient(client?.id ?? null);
  const d = detail.data;
  return (
    <Dialog open={client !== null} onOpenChange={(open) => !open && onClose()}>
      {client && (
        <DialogContent
          title={client.businessName}
          description={`Registered ${when(client.createdAt)}`}
        >
          {detail.isPending && <Skeleton className="h-64 w-full" />}
          {detail.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(detail.error, 'The client could not be loaded.')}
            </p>
          )}
          {d && (
            <div className="grid gap-6 text-sm">
              <Facts
                title="Business"
                rows={[
                  ['Owner', d.ownerName],
                  [
                    'Email',
                    <a key="e" className="underline" href={`mailto:${d.email}`}>
                      {d.email}
                    </a>,
                  ],
                  ['Phone', d.phone],
                  ['Address', d.address],
                  ['Business type', d.businessType],
                  [
                    'Website',
                    d.website && (
                      <a
                        key="w"
                        className="break-all underline"
                        href={d.website}
                        target="_blank"
                        rel="noreferrer noopener"
                      >
                        {d.website}
                      </a>
                    ),
                  ],
                  ['Description', d.description],
                ]}
              />
              <Facts
                title="Plan and payment"
                rows={[
                  ['Plan', d.plan.displayName],
                  ['Payment status', <StatusBadge key="s" status={d.paymentStatus} />],
                  [
                    'Last payment error',
                    d.lastPaymentError && (
                      <span className="text-destructive">{d.lastPaymentError}</span>
                    ),
                  ],
                  [
                    'Subscription',
                    d.subscription &&
                      `${SUBSCRIPTION_STATES[d.subscription.status]}, ${money(d.subscription.price, d.subscription.currency)} / ${d.subscription.billingCycle}`,
                  ],
                  [
                    'Current period',
                    d.subscription && period(d.subscription.periodStart, d.subscription.periodEnd),
                  ],
                  [
                    'Renewal',
                    d.subscription?.renewalPrice &&
                      `${money(d.subscription.renewalPrice, d.subscription.currency)} from ${day(d.subscription.renewalStartsAt)}`,
                  ],
                ]}
              />
              <ClientBilling clientId={d.id} />
              <section>
                <h3 className="font-semibold">Payments</h3>
                {d.payments.length === 0 ? (
                  <p className="mt-1 text-muted-foreground">No payments yet.</p>
                ) : (
                  <ul className="mt-2 divide-y divide-border rounded-md border border-border">
                    {d.payments.map((p) => (
                      <li key={p.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                        <span>{when(p.paidAt)}</span>
                        <span className="font-semibold">{money(p.amount, p.currency)}</span>
                        <span className="text-muted-foreground">
                          {p.provider === 'stripe' ? 'Stripe' : 'Test mode'}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
