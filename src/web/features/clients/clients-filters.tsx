import { Download, Search } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import {
  CLIENT_BILLING_STATUS_LABELS,
  CLIENT_BILLING_STATUSES,
  CLIENT_PAYMENT_STATUS_LABELS,
  CLIENT_PAYMENT_STATUSES,
  type ClientBillingStatus,
} from '../../../contract/clients/clients';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/field';
import { clientsExportUrl, type ClientFilters } from './api';

/**
 * The search box (typed text, applied after a pause), the payment status, the CSV export and the
 * billing status buttons with the number of clients of each (for the search and payment status).
 */
export function ClientsFilters({
  filters,
  setFilters,
  searchText,
  onSearchText,
  counts,
}: {
  filters: ClientFilters;
  setFilters: Dispatch<SetStateAction<ClientFilters>>;
  searchText: string;
  onSearchText: (text: string) => void;
  counts: Record<ClientBillingStatus, number> | undefined;
}) {
  return (
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
            onChange={(e) => onSearchText(e.target.value)}
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
      <BillingFilter
        value={filters.billing}
        counts={counts}
        onChange={(billing) => setFilters((f) => ({ ...f, billing, page: 1 }))}
      />
    </Card>
  );
}

/** A toggle button for each billing status and 'All', with its count; the pressed one filters. */
function BillingFilter({
  value,
  counts,
  onChange,
}: {
  value: ClientBillingStatus | '';
  counts: Record<ClientBillingStatus, number> | undefined;
  onChange: (billing: ClientBillingStatus | '') => void;
}) {
  const all = counts && Object.values(counts).reduce((a, b) => a + b, 0);
  const options = [
    ['', 'All', all] as const,
    ...CLIENT_BILLING_STATUSES.map(
      (s) => [s, CLIENT_BILLING_STATUS_LABELS[s], counts?.[s]] as const,
    ),
  ];
  return (
    <div
      role="group"
      aria-labelledby="clients-billing-label"
      className="flex flex-wrap items-center gap-2 sm:col-span-3"
    >
      <span id="clients-billing-label" className="mr-1 text-sm font-semibold">
        Billing status
      </span>
      {options.map(([status, label, count]) => (
        <Button
          key={status || 'all'}
          variant={value === status ? 'primary' : 'outline'}
          size="sm"
          aria-pressed={value === status}
          onClick={() => onChange(status)}
        >
          {label}
          {count !== undefined && (
            <>
              {' '}
              <span className="tabular-nums font-normal">{count}</span>
            </>
          )}
        </Button>
      ))}
    </div>
  );
}
