import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  createInvestor,
  deleteInvestor,
  discoverInvestors,
  importInvestorsCsv,
  INVESTOR_BATCH,
  listInvestors,
  updateInvestor,
  updateRelationship,
  type Investor,
  type RelationshipInput,
} from '../../../contract/investors/investors';
import { callApi } from '../../lib/api';
import type { InvestorPayload } from './form-values';
import { investorsQuery, investorsQueryString, type InvestorFilters } from './url-state';

const LIST_KEY = listInvestors.path;

/** docs/product.md §4: the next batch starts after what is loaded; a batch short of 6 is the last. */
export function nextOffset(
  lastBatch: readonly unknown[],
  batches: readonly (readonly unknown[])[],
): number | undefined {
  return lastBatch.length < INVESTOR_BATCH
    ? undefined
    : batches.reduce((sum, batch) => sum + batch.length, 0);
}

/**
 * The directory in batches of 6. Each filter set is its own query, dropped as soon as the list
 * moves on (gcTime 0): a filter change starts again from the first batch (docs/product.md §4), and
 * coming back to earlier filters never shows their old extra pages.
 */
export const useInvestors = (filters: InvestorFilters) =>
  useInfiniteQuery({
    queryKey: [LIST_KEY, investorsQueryString(filters)],
    queryFn: ({ pageParam }) =>
      callApi(listInvestors, { query: investorsQuery(filters, { offset: pageParam }) }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    gcTime: 0,
  });

// Not awaited: a caller's own onSuccess (a toast, closing a dialog) runs first. The loaded
// batches are read again in order, so the list keeps its length and place.
function refreshList(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [LIST_KEY] });
}

export function useDiscoverInvestors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(discoverInvestors),
    onSuccess: () => refreshList(client),
  });
}

/** Adds an investor, or changes one when an id is given. */
export function useSaveInvestor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: string; payload: InvestorPayload }) =>
      id
        ? callApi(updateInvestor, { params: { id }, body: payload })
        : callApi(createInvestor, { body: payload }),
    onSuccess: () => refreshList(client),
  });
}

export function useDeleteInvestor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteInvestor, { params: { id } }),
    onSuccess: () => refreshList(client),
  });
}

/** The CSV text goes as it is (text/csv); `dryRun` asks for the preview only. */
const postCsv = (csv: string, dryRun: boolean) =>
  callApi(importInvestorsCsv, { query: { dryRun: dryRun ? 1 : undefined }, body: csv });

/** The dry run: what the file would add and which lines are wrong; nothing is stored. */
export const usePreviewImport = () =>
  useMutation({ mutationFn: (csv: string) => postCsv(csv, true) });

export function useImportInvestors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => postCsv(csv, false),
    onSuccess: () => refreshList(client),
  });
}

/** A relationship change replaces the investor in the loaded batches: the list keeps its place, nothing is read again. */
export function useUpdateRelationship() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: Partial<RelationshipInput> & { id: string }) =>
      callApi(updateRelationship, { params: { id }, body: patch }),
    onSuccess: (investor) =>
      client.setQueriesData<InfiniteData<Investor[]>>({ queryKey: [LIST_KEY] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                page.map((i) => (i.id === investor.id ? investor : i)),
              ),
            }
          : data,
      ),
  });
}
