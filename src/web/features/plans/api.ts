import { useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '../../../contract/plans';

export const PLANS_KEY = ['/api/subscription-plans'];

/** The plans on offer: the landing page, checkout and settings read the same list. */
export const usePlans = () => useQuery<SubscriptionPlan[]>({ queryKey: PLANS_KEY });
