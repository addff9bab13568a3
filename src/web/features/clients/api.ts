import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLIENT_PAYMENT_STATUSES, type ClientDetail, type ClientPage, type ClientPaymentStatus } from '../../../contract/clients';

export interface ClientFilters {
  search: string;
  status: ClientPaymentStatus | '';
  page: number;
}

/** The list's query string for the API (the export leaves the page out: it answers every match). */
export function clientsQueryString({ search, status, page }: Partial<ClientFilters>): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (status) params.set('status', status);
  if (page && page > 1) params.set('page', String(page));
  return params.toString();
}

export const clientsExportUrl = (filters: ClientFilters) => {
  const qs = clientsQueryString({ search: filters.search, status: filters.status });
  return `/api/clients/export.csv${qs ? `?${qs}` : ''}`;
};

// The admin page's own URL keeps the filters (/admin?clientsPage=2&clientsSearch=…#clients),
// so a reload or the back button returns to the same place in the list.
const URL_KEYS = { search: 'clientsSearch', status: 'clientsStatus', page: 'clientsPage' } as const;

export function readFiltersFromUrl(): ClientFilters {
  const params = new URLSearchParams(window.location.search);
  const status = params.get(URL_KEYS.status) ?? '';
  const page = Number(params.get(URL_KEYS.page));
  return {
    search: (params.get(URL_KEYS.search) ?? '').trim().slice(0, 200),
    status: (CLIENT_PAYMENT_STATUSES as readonly string[]).includes(status) ? (status as ClientPaymentStatus) : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function writeFiltersToUrl(filters: ClientFilters): void {
  const url = new URL(window.location.href);
  const values = { search: filters.search, status: filters.status, page: filters.page > 1 ? String(filters.page) : '' };
  for (const key of Object.keys(URL_KEYS) as (keyof typeof URL_KEYS)[]) {
    if (values[key]) url.searchParams.set(URL_KEYS[key], values[key]);
    else url.searchParams.delete(URL_KEYS[key]);
  }
  if (url.href !== window.location.href) history.replaceState(history.state, '', url);
}

// The default query function GETs the key as a URL. Clients register and pay while the list is
// open, so it is fetched again whenever the section comes back (staleTime 0).
export const useClients = (filters: ClientFilters) => {
  const qs = clientsQueryString(filters);
  return useQuery<ClientPage>({ queryKey: [`/api/clients${qs ? `?${qs}` : ''}`], placeholderData: keepPreviousData, staleTime: 0 });
};

export const useClient = (id: string | null) =>
  useQuery<ClientDetail>({ queryKey: ['/api/clients', id ?? ''], enabled: id !== null, staleTime: 0 });
