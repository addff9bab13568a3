import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listActivity } from '../../../contract/activity/activity';
import { listPortfolio } from '../../../contract/portfolio/portfolio';
import {
  createPortfolioItem,
  deletePortfolioItem,
  updatePortfolioItem,
} from '../../../contract/portfolio/admin';
import { callApi } from '../../lib/api';
import type { PortfolioPayload } from './portfolio-values';

// The landing page reads the same list: after a change, both show it.
const touched = [listPortfolio.path, listActivity.path];

function useRefresh() {
  const client = useQueryClient();
  return () =>
    void client.invalidateQueries({
      predicate: (q) => touched.some((prefix) => String(q.queryKey[0]).startsWith(prefix)),
    });
}

/** Adds a portfolio item, or changes one when an id is given. */
export function useSavePortfolioItem() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: PortfolioPayload }) =>
      id === undefined
        ? callApi(createPortfolioItem, { body: payload })
        : callApi(updatePortfolioItem, { params: { id }, body: payload }),
    onSuccess,
  });
}

export function useDeletePortfolioItem() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(deletePortfolioItem, { params: { id } }),
    onSuccess,
  });
}
