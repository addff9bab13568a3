import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-core';

/** The default read: GET the query key's segments joined by slashes. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKey.join('/'));

/** docs/product.md §9: no refetch on focus or interval, data never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
