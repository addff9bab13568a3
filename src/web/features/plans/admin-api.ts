import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listActivity } from '../../../contract/activity/activity';
import { updatePlan, type PlanUpdatePayload } from '../../../contract/plans/admin';
import { callApi } from '../../lib/api';
import { PLANS_KEY } from './api';

/** Saves one plan; the landing page and checkout read the same list, and 'Most Popular' may have moved. */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: PlanUpdatePayload }) =>
      callApi(updatePlan, { params: { id }, body: payload }),
    onSuccess: () =>
      void client.invalidateQueries({
        predicate: (q) =>
          [PLANS_KEY[0]!, listActivity.path].some((prefix) =>
            String(q.queryKey[0]).startsWith(prefix),
          ),
      }),
  });
}
