import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchUrl, useBusinessSearch, type StartedSearch } from './api';
import { browserPositionOnce } from './browser-position';
import type { SearchRequest } from './search-request';

/** docs/product.md §9: the search starts 100 ms after the location is resolved. */
export const SEARCH_START_DELAY_MS = 100;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * docs/product.md §4's business search: idle, then on search the page resets to 1, the location is
 * resolved (a typed place, else the browser's position, else the server's default), and 100 ms
 * later the request goes out: loading, then results, empty or error.
 */
export function useSearchFlow(initial: { search: SearchRequest | null; page: number }) {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<SearchRequest | null>(initial.search);
  const [started, setStarted] = useState<StartedSearch | null>(null);
  const [page, setPage] = useState(initial.page);
  const [locating, setLocating] = useState(initial.search !== null);
  const latest = useRef(0);
  const results = useBusinessSearch(started);

  const start = useCallback(
    async (next: SearchRequest, firstPage = 1) => {
      const run = ++latest.current;
      setRequest(next);
      setPage(firstPage);
      setLocating(true);
      const position = next.location ? null : await browserPositionOnce();
      await wait(SEARCH_START_DELAY_MS);
      if (run !== latest.current) return; // a newer search took over while this one waited
      const search: StartedSearch = { ...next, ...(position ?? {}) };
      // Pressing Search again asks again, even for a search already in the cache.
      void queryClient.invalidateQueries({ queryKey: [searchUrl(search)], exact: true });
      setStarted(search);
      setLocating(false);
    },
    [queryClient],
  );

  // A search in the page URL (a reload, a shared link) runs again at its page.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !initial.search) return;
    resumed.current = true;
    void start(initial.search, initial.page);
  }, [initial.search, initial.page, start]);

  return {
    request,
    started,
    page,
    setPage,
    start,
    results,
    searching: locating || results.isFetching,
  };
}
export type SearchFlow = ReturnType<typeof useSearchFlow>;
