import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { BusinessResult } from '../../../contract/businesses/businesses';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { searchBusinesses } from '../../../contract/businesses/businesses';
import {
  clearDoNotContact,
  deleteLead,
  exportLeadsCsv,
  findLeadSocialProfiles,
  getLeadBoard,
  getLeadDigest,
  listLeads,
  markDoNotContact,
  markResultDoNotContact,
  saveLead,
  setLeadDigest,
  updateLead,
  type Lead,
  type LeadBoard,
  type LeadPage,
  type LeadStatus,
  type LeadUpdateInput,
  type NewLeadInput,
} from '../../../contract/leads/leads';
import { apiUrl, callApi, fetchApi } from '../../lib/api';
import { websiteHref } from '../businesses';

export interface LeadFilters {
  status: LeadStatus | '';
  page: number;
  /** Only leads whose follow-up is today or overdue. */
  due?: boolean;
}

export { LEAD_STATUS_LABELS } from '../../../contract/leads/leads';

export const leadsExportUrl = (status: LeadStatus | '', due = false) =>
  apiUrl(exportLeadsCsv, {
    query: { status: status || undefined, due: due ? 'today' : undefined },
  });

/** The id a search result has (`provider:sourceId`), so a card knows its lead is gone. */
export const resultIdOfLead = (lead: Pick<Lead, 'provider' | 'sourceId'>) =>
  `${lead.provider}:${lead.sourceId}`;

// The list, its pages and the board (`/api/leads/board`) all start with the list's path.
const isLeadList = (key: readonly unknown[]) =>
  String(key[0]).startsWith(listLeads.path) && !String(key[0]).startsWith(getLeadDigest.path);
const isSearch = (key: readonly unknown[]) => String(key[0]).startsWith(searchBusinesses.path);

/**
 * Search results show which businesses are leads: a saved, changed, deleted or do-not-contact
 * lead is written into the cached results (no new search: Google's costs money).
 */
function patchResults(
  client: QueryClient,
  lead: Pick<Lead, 'provider' | 'sourceId' | 'id' | 'status' | 'doNotContact'>,
  gone = false,
) {
  const resultId = resultIdOfLead(lead);
  client.setQueriesData<BusinessResult[]>({ predicate: (q) => isSearch(q.queryKey) }, (results) =>
    results
      ?.filter((b) => !(b.id === resultId && lead.doNotContact))
      .map((b) =>
        b.id === resultId ? { ...b, lead: gone ? null : { id: lead.id, status: lead.status } } : b,
      ),
  );
}

// Not awaited: a caller's own onSuccess (a toast, focus) must run before the refetch can remove
// the row it belongs to, or TanStack Query drops that callback with the unmounted row.
function refreshLists(client: QueryClient): void {
  void client.invalidateQueries({ predicate: (q) => isLeadList(q.queryKey) });
}

// Other employees save leads too, so the list is read again whenever the tab is shown.
// The first page is asked for without `page`.
export const useLeads = ({ status, page, due }: LeadFilters) =>
  useQuery<OutputOf<typeof listLeads>>({
    queryKey: [
      apiUrl(listLeads, {
        query: {
          status: status || undefined,
          due: due ? 'today' : undefined,
          page: page > 1 ? page : undefined,
        },
      }),
    ],
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
      return {
        lead: (await response.json()) as OutputOf<typeof saveLead>,
        created: response.status === 201,
      };
    },
    onSuccess: ({ lead }) => (patchResults(client, lead), refreshLists(client)),
  });
}

/**
 * A changed lead replaces its row in every cached list without a refetch, so a row whose new
 * status no longer matches the filter stays put until the list is read again (it is marked stale).
 */
function replaceLead(client: QueryClient, lead: Lead, { board = true } = {}) {
  client.setQueriesData<LeadPage | LeadBoard>(
    { predicate: (q) => isLeadList(q.queryKey) },
    (data) => {
      if (!data) return data;
      if ('columns' in data) return board ? moveOnBoard(data, lead) : data;
      return { ...data, items: data.items.map((l) => (l.id === lead.id ? lead : l)) };
    },
  );
  patchResults(client, lead);
  void client.invalidateQueries({ predicate: (q) => isLeadList(q.queryKey), refetchType: 'none' });
}

export function useUpdateLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: LeadUpdateInput & { id: string }) =>
      callApi(updateLead, { params: { id }, body: patch }),
    onSuccess: (lead) => replaceLead(client, lead),
  });
}

/**
 * A move on the board: the board has already moved the card (it is the truth there, so an answer
 * arriving after a newer move cannot move the card back); lists and search results follow the answer.
 */
export function useMoveLead() {
  const client = useQueryClient();
  return useMutation({
    // One move at a time, in the order asked: two quick moves of one card sent together could
    // reach the server in the other order and save the older status.
    scope: { id: 'lead-board-moves' },
    mutationFn: ({ id, status }: { id: string; status: LeadStatus }) =>
      callApi(updateLead, { params: { id }, body: { status } }),
    onSuccess: (lead) => replaceLead(client, lead, { board: false }),
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
    mutationFn: (lead: Lead) => callApi(deleteLead, { params: { id: lead.id } }),
    onSuccess: (_, lead) => (patchResults(client, lead, true), refreshLists(client)),
  });
}

/** Marks or clears do-not-contact; a marked business leaves the cached search results at once. */
export function useDoNotContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mark }: { id: string; mark: boolean }) =>
      callApi(mark ? markDoNotContact : clearDoNotContact, { params: { id } }),
    onSuccess: (lead) => replaceLead(client, lead),
  });
}

/** 'Do not contact' on a search result: kept as a marked lead (where it can be undone), gone from the results. */
export function useResultDoNotContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ business, category }: { business: BusinessResult; category: string }) =>
      callApi(markResultDoNotContact, { body: toNewLead(business, category) }),
    onSuccess: (lead) => (patchResults(client, lead), refreshLists(client)),
  });
}

/** The board: each status's newest leads, read again whenever the tab is shown. */
export const useLeadBoard = () =>
  useQuery<OutputOf<typeof getLeadBoard>>({ queryKey: [apiUrl(getLeadBoard)], staleTime: 0 });

/** The board with `lead` in its status's column (first), out of the others; totals follow. */
export function moveOnBoard(board: LeadBoard, lead: Lead): LeadBoard {
  const from = board.columns.find((c) => c.items.some((l) => l.id === lead.id));
  return {
    ...board,
    columns: board.columns.map((c) => {
      const without = c.items.filter((l) => l.id !== lead.id);
      if (c.status === lead.status) {
        const stays = from?.status === c.status;
        return {
          ...c,
          items: stays ? c.items.map((l) => (l.id === lead.id ? lead : l)) : [lead, ...without],
          total: c.total + (stays || !from ? 0 : 1),
        };
      }
      return from?.status === c.status ? { ...c, items: without, total: c.total - 1 } : c;
    }),
  };
}

export const useLeadDigest = () =>
  useQuery<OutputOf<typeof getLeadDigest>>({ queryKey: [apiUrl(getLeadDigest)] });

export function useSetLeadDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callApi(setLeadDigest, { body: { enabled } }),
    onSuccess: (setting) => client.setQueryData([apiUrl(getLeadDigest)], setting),
  });
}
