import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BusinessResult } from '../../../contract/businesses';
import type { OutputOf } from '../../../contract/endpoint';
import {
  deleteLead,
  exportLeadsCsv,
  findLeadSocialProfiles,
  listLeads,
  saveLead,
  updateLead,
  type Lead,
  type LeadPage,
  type LeadStatus,
  type LeadUpdateInput,
  type NewLeadInput,
} from '../../../contract/leads';
import { apiUrl, callApi, fetchApi } from '../../lib/api';
import { websiteHref } from '../businesses';

export interface LeadFilters {
  status: LeadStatus | '';
  page: number;
}

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', won: 'Won', lost: 'Lost' };

export const leadsExportUrl = (status: LeadStatus | '') => apiUrl(exportLeadsCsv, { query: { status: status || undefined } });

/** The id a search result has (`provider:sourceId`), so a card knows its lead is gone. */
export const resultIdOfLead = (lead: Pick<Lead, 'provider' | 'sourceId'>) => `${lead.provider}:${lead.sourceId}`;

const isLeadList = (key: readonly unknown[]) => String(key[0]).startsWith(listLeads.path);

// Not awaited: a caller's own onSuccess (a toast, focus) must run before the refetch can remove
// the row it belongs to, or TanStack Query drops that callback with the unmounted row.
function refreshLists(client: QueryClient): void {
  void client.invalidateQueries({ predicate: (q) => isLeadList(q.queryKey) });
}

// Other employees save leads too, so the list is read again whenever the tab is shown.
// The first page is asked for without `page`.
export const useLeads = ({ status, page }: LeadFilters) =>
  useQuery<OutputOf<typeof listLeads>>({
    queryKey: [apiUrl(listLeads, { query: { status: status || undefined, page: page > 1 ? page : undefined } })],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The lead to save, built from the result exactly as the search showed it. */
export function toNewLead(business: BusinessResult, category: string): NewLeadInput {
  return {
    provider: business.provider,
    sourceId: business.sourceId,
    name: business.name,
    category: category.trim().slice(0, 100) || null,
    address: business.address,
    lat: business.lat,
    lng: business.lng,
    rating: business.rating,
    reviewCount: business.reviewCount,
    website: business.website ? websiteHref(business.website) : null,
    phone: business.phone,
    socialProfiles: business.socialProfiles.slice(0, 20),
  };
}

/** Saving answers 201 with a new lead, or 200 with the lead already saved for this place. */
export function useSaveLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ business, category }: { business: BusinessResult; category: string }) => {
      const response = await fetchApi(saveLead, { body: toNewLead(business, category) });
      return { lead: (await response.json()) as OutputOf<typeof saveLead>, created: response.status === 201 };
    },
    onSuccess: () => refreshLists(client),
  });
}

/**
 * A changed lead replaces its row in every cached list without a refetch, so a row whose new
 * status no longer matches the filter stays put until the list is read again (it is marked stale).
 */
function replaceLead(client: QueryClient, lead: Lead) {
  client.setQueriesData<LeadPage>({ predicate: (q) => isLeadList(q.queryKey) }, (page) =>
    page ? { ...page, items: page.items.map((l) => (l.id === lead.id ? lead : l)) } : page,
  );
  void client.invalidateQueries({ predicate: (q) => isLeadList(q.queryKey), refetchType: 'none' });
}

export function useUpdateLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: LeadUpdateInput & { id: string }) => callApi(updateLead, { params: { id }, body: patch }),
    onSuccess: (lead) => replaceLead(client, lead),
  });
}

export function useFindSocialProfiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(findLeadSocialProfiles, { params: { id } }),
    onSuccess: (lead) => replaceLead(client, lead),
  });
}

export function useDeleteLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteLead, { params: { id } }),
    onSuccess: () => refreshLists(client),
  });
}
