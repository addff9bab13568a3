import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanUpdateInput } from '../../../contract/plan-admin';
import type { SubscriptionPlan } from '../../../contract/plans';
import { sendJson } from '../../lib/api';
import { PLANS_KEY } from './api';

/** Saves one plan; the landing page and checkout read the same list, and 'Most Popular' may have moved. */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: PlanUpdateInput }) => sendJson<SubscriptionPlan>('PUT', `/api/subscription-plans/${id}`, payload),
    onSuccess: () =>
      void client.invalidateQueries({ predicate: (q) => [PLANS_KEY[0]!, '/api/activity'].some((prefix) => String(q.queryKey[0]).startsWith(prefix)) }),
  });
}
