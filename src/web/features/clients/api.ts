import { getClientTimeline } from '../../../contract/clients/timeline';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelClientSubscription,
  CLIENT_BILLING_STATUSES,
  CLIENT_PAYMENT_STATUSES,
  exportClientsCsv,
  getClient,
  getClientBilling,
  listClients,
  refundClientInvoice,
  resendClientReceipt,
  type ClientBillingStatus,
  type ClientPaymentStatus,
} from '../../../contract/clients/clients';
import type { OutputOf, QueryOf } from '../../../contract/lib/endpoint';
import { apiUrl, callApi } from '../../lib/api';

export interface ClientFilters {
  search: string;
  status: ClientPaymentStatus | '';
  billing: ClientBillingStatus | '';
  page: number;
}

/** The list's query for the API: a blank search, all statuses and the first page are not sent. */
const clientsQuery = ({
  search,
  status,
  billing,
  page,
}: ClientFilters): QueryOf<typeof listClients> => ({
  search,
  status: status || undefined,
  billing: billing || undefined,
  page: page > 1 ? page : undefined,
});

/** The export leaves the page out: it answers every match. */
export const clientsExportUrl = ({ search, status, billing }: ClientFilters) =>
  apiUrl(exportClientsCsv, {
    query: { search, status: status || undefined, billing: billing || undefined },
  });

// The admin page's own URL keeps the filters (/admin?clientsPage=2&clientsSearch=…#clients),
// so a reload or the back button returns to the same place in the list.
const URL_KEYS = {
  search: 'clientsSearch',
  status: 'clientsStatus',
  billing: 'clientsBilling',
  page: 'clientsPage',
} as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : '';

export function readFiltersFromUrl(): ClientFilters {
  const params = new URLSearchParams(window.location.search);
  const page = Number(params.get(URL_KEYS.page));
  return {
    search: (params.get(URL_KEYS.search) ?? '').trim().slice(0, 200),
    status: oneOf(CLIENT_PAYMENT_STATUSES, params.get(URL_KEYS.status)),
    billing: oneOf(CLIENT_BILLING_STATUSES, params.get(URL_KEYS.billing)),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function writeFiltersToUrl(filters: ClientFilters): void {
  const url = new URL(window.location.href);
  const values = {
    search: filters.search,
    status: filters.status,
    billing: filters.billing,
    page: filters.page > 1 ? String(filters.page) : '',
  };
  for (const key of Object.keys(URL_KEYS) as (keyof typeof URL_KEYS)[]) {
    if (values[key]) url.searchParams.set(URL_KEYS[key], values[key]);
    else url.searchParams.delete(URL_KEYS[key]);
  }
  if (url.href !== window.location.href) history.replaceState(history.state, '', url);
}

// The default query function GETs the key as a URL. Clients register and pay while the list is
// open, so it is fetched again whenever the section comes back (staleTime 0).
export const useClients = (filters: ClientFilters) =>
  useQuery<OutputOf<typeof listClients>>({
    queryKey: [apiUrl(listClients, { query: clientsQuery(filters) })],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useClient = (id: string | null) =>
  useQuery<OutputOf<typeof getClient>>({
    queryKey: [apiUrl(getClient, { params: { id: id ?? '' } })],
    enabled: id !== null,
    staleTime: 0,
  });

/** Everything that happened to the client, for the record's timeline. */
export const useClientTimeline = (id: string) =>
  useQuery<OutputOf<typeof getClientTimeline>>({
    queryKey: [apiUrl(getClientTimeline, { params: { id } })],
    staleTime: 0,
  });

// The client's billing, as the agency sees and changes it.
const billingKey = (id: string) => [apiUrl(getClientBilling, { params: { id } })];

export const useClientBilling = (id: string) =>
  useQuery<OutputOf<typeof getClientBilling>>({ queryKey: billingKey(id), staleTime: 0 });

/** After a change the billing, the client's detail and the list (its status) are read again. */
function useBillingChange<V>(run: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      void client.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(listClients.path),
      }),
  });
}

export const useCancelClient = (id: string) =>
  useBillingChange((reason: string) =>
    callApi(cancelClientSubscription, {
      params: { id },
      body: { reason: reason.trim() || undefined },
    }),
  );
export const useRefundInvoice = (id: string) =>
  useBillingChange(
    ({ invoiceId, ...body }: { invoiceId: string; amount: string; reason: string }) =>
      callApi(refundClientInvoice, { params: { id, invoiceId }, body }),
  );
export const useResendReceipt = (id: string) =>
  useMutation({
    mutationFn: (invoiceId: string) => callApi(resendClientReceipt, { params: { id, invoiceId } }),
  });
