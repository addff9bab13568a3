import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BusinessResult } from '../../../contract/businesses/businesses';
import {
  getWebsiteCheck,
  latestWebsiteChecks,
  MAX_CHECKS_PER_LOOKUP,
  runWebsiteCheck,
  type WebsiteCheck,
  type WebsiteCheckInput,
} from '../../../contract/leads/website-checks';
import { WEB_PATHS } from '../../../contract/site/routes';
import { apiUrl, callApi } from '../../lib/api';
import { websiteHref } from '../businesses';

const KEY = 'website-check';
export const websiteCheckKey = (businessId: string) => [KEY, businessId] as const;

/**
 * The cards of a page each ask for their business's latest check; the asks of one moment go
 * out as one request (`?ids=a,b,c`), so a page of 10 results costs one read, not 10.
 */
function createBatcher() {
  let pending: {
    id: string;
    resolve: (check: WebsiteCheck | null) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    for (let start = 0; start < batch.length; start += MAX_CHECKS_PER_LOOKUP) {
      const part = batch.slice(start, start + MAX_CHECKS_PER_LOOKUP);
      try {
        const checks = await callApi(latestWebsiteChecks, {
          query: { ids: [...new Set(part.map((p) => p.id))].join(',') },
        });
        const byId = new Map(checks.map((c) => [c.businessId, c]));
        for (const p of part) p.resolve(byId.get(p.id) ?? null);
      } catch (error) {
        for (const p of part) p.reject(error);
      }
    }
  };
  return (id: string) =>
    new Promise<WebsiteCheck | null>((resolve, reject) => {
      if (pending.length === 0) setTimeout(() => void flush(), 0);
      pending.push({ id, resolve, reject });
    });
}
const latestOf = createBatcher();

/** A business's latest website check, or null when it was never checked. */
export const useWebsiteCheck = (businessId: string) =>
  useQuery({
    queryKey: websiteCheckKey(businessId),
    queryFn: () => latestOf(businessId),
    staleTime: 30_000,
  });

export function checkInput(business: BusinessResult): WebsiteCheckInput {
  return {
    provider: business.provider,
    sourceId: business.sourceId,
    name: business.name,
    website: websiteHref(business.website ?? ''),
  };
}

const runningKey = (businessId: string) => [KEY, 'running', businessId] as const;

/** Whether a check of this business is under way, from its card or from 'Check all'. */
export const useCheckRunning = (businessId: string) =>
  useQuery({
    queryKey: runningKey(businessId),
    queryFn: () => false,
    initialData: false,
    staleTime: Infinity,
  }).data;

/** Runs one check; its answer replaces the business's latest check on every card that shows it. */
export async function runCheck(
  client: QueryClient,
  business: BusinessResult,
): Promise<WebsiteCheck> {
  client.setQueryData(runningKey(business.id), true);
  try {
    const check = await callApi(runWebsiteCheck, { body: checkInput(business) });
    client.setQueryData(websiteCheckKey(check.businessId), check);
    return check;
  } finally {
    client.setQueryData(runningKey(business.id), false);
  }
}

export function useRunWebsiteCheck() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (business: BusinessResult) => runCheck(client, business) });
}

export const useWebsiteCheckById = (id: string) =>
  useQuery({ queryKey: [apiUrl(getWebsiteCheck, { params: { id } })] as const, staleTime: 0 });

/** The printable report's address. */
export const websiteReportPath = (id: string) =>
  WEB_PATHS.websiteReport.replace(':id', encodeURIComponent(id));
