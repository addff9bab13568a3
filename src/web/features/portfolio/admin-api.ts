import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortfolioItem } from '../../../contract/portfolio';
import { sendJson } from '../../lib/api';
import type { PortfolioPayload } from './portfolio-values';

// The landing page reads the same list: after a change, both show it.
const touched = ['/api/portfolio', '/api/activity'];

function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ predicate: (q) => touched.some((prefix) => String(q.queryKey[0]).startsWith(prefix)) });
}

/** Adds a portfolio item, or changes one when an id is given. */
export function useSavePortfolioItem() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: PortfolioPayload }) =>
      id === undefined ? sendJson<PortfolioItem>('POST', '/api/portfolio', payload) : sendJson<PortfolioItem>('PUT', `/api/portfolio/${id}`, payload),
    onSuccess,
  });
}

export function useDeletePortfolioItem() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: (id: number) => sendJson<undefined>('DELETE', `/api/portfolio/${id}`), onSuccess });
}
