import { Download, Search } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import {
  CLIENT_PAYMENT_STATUS_LABELS,
  CLIENT_PAYMENT_STATUSES,
} from '../../../contract/clients/clients';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/field';
import { clientsExportUrl, type ClientFilters } from './api';

/** The search box (typed text, applied after a pause), the payment status and the CSV export. */
export function ClientsFilters({
  filters,
  setFilters,
  searchText,
  onSearchText,
}: {
  filters: ClientFilters;
  setFilters: Dispatch<SetStateAction<ClientFilters>>;
  searchText: string;
  onSearchText: (text: string) => void;
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
    </Card>
  );
}
