import { useQuery } from '@tanstack/react-query';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { listPlans } from '../../../contract/plans/list';

// An endpoint without parameters or query: its URL is its path (what apiUrl answers).
export const PLANS_KEY = [listPlans.path];

/** The plans on offer: the landing page, checkout and settings read the same list. */
export const usePlans = () => useQuery<OutputOf<typeof listPlans>>({ queryKey: PLANS_KEY });
