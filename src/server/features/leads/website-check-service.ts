import { and, eq, or } from 'drizzle-orm';
import {
  WEBSITE_CHECKS_AT_ONCE,
  type WebsiteCheck,
  type WebsiteCheckInput,
} from '../../../contract/leads/website-checks.js';
import { checkWebsite } from '../../adapters/website/check-website.js';
import { RefusedAddressError, type SiteFetcher } from '../../adapters/website/safe-fetch.js';
import type { Db } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import { websiteChecks } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';

type Row = typeof websiteChecks.$inferSelect;
type Provider = Row['provider'];

/** Checks this process runs at once; more wait their turn (each is bounded by the fetch timeouts). */
export const MAX_PARALLEL_CHECKS = WEBSITE_CHECKS_AT_ONCE;

function toCheck(r: Row): WebsiteCheck {
  return {
    id: r.id,
    businessId: `${r.provider}:${r.sourceId}`,
    provider: r.provider,
    sourceId: r.sourceId,
    name: r.name,
    website: r.website,
    status: r.status,
    score: r.score,
    message: r.message,
    findings: r.findings as WebsiteCheck['findings'],
    finalUrl: r.finalUrl,
    responseMs: r.responseMs,
    pageBytes: r.pageBytes,
    checkedAt: r.checkedAt.toISOString(),
  };
}

/** A queue of `limit` slots: a page of results checked at once never opens more than that many sites. */
function slots(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export interface WebsiteCheckDeps {
  db: Db;
  fetcher: SiteFetcher;
  /** Our user agent: robots.txt groups naming part of it apply to us. */
  userAgent: string;
  now?: () => Date;
}

/** Website checks of search results (saved as leads or not): run one, keep the latest per business. */
export function createWebsiteCheckService({
  db,
  fetcher,
  userAgent,
  now = () => new Date(),
}: WebsiteCheckDeps) {
  const inSlot = slots(MAX_PARALLEL_CHECKS);
  return {
    async run(input: WebsiteCheckInput, employeeId: string): Promise<WebsiteCheck> {
      let outcome;
      try {
        outcome = await inSlot(() =>
          checkWebsite(fetcher, input.website, { userAgent, now: now() }),
        );
      } catch (error) {
        if (error instanceof RefusedAddressError) throw new HttpError(422, error.message);
        throw error;
      }
      const values = {
        name: input.name,
        website: input.website,
        ...outcome,
        checkedBy: employeeId,
        checkedAt: now(),
      };
      const [row] = await db
        .insert(websiteChecks)
        .values({ provider: input.provider, sourceId: input.sourceId, ...values })
        .onConflictDoUpdate({
          target: [websiteChecks.provider, websiteChecks.sourceId],
          set: values,
        })
        .returning();
      return toCheck(row!);
    },

    /** The latest check of each business named (`provider:sourceId`) that has one. */
    async latest(businessIds: string[]): Promise<WebsiteCheck[]> {
      const pairs = [...new Set(businessIds)].map((id) => {
        const colon = id.indexOf(':');
        return { provider: id.slice(0, colon) as Provider, sourceId: id.slice(colon + 1) };
      });
      if (pairs.length === 0) return [];
      const rows = await db
        .select()
        .from(websiteChecks)
        .where(
          or(
            ...pairs.map((p) =>
              and(eq(websiteChecks.provider, p.provider), eq(websiteChecks.sourceId, p.sourceId)),
            ),
          ),
        );
      return rows.map(toCheck);
    },

    async get(id: string): Promise<WebsiteCheck> {
      const [row] = isUuid(id)
        ? await db.select().from(websiteChecks).where(eq(websiteChecks.id, id))
        : [];
      if (!row)
        throw new HttpError(
          404,
          'This website check does not exist (any more). Run the check again from the search results.',
        );
      return toCheck(row);
    },
  };
}
export type WebsiteCheckService = ReturnType<typeof createWebsiteCheckService>;
