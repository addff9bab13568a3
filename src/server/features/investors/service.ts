import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  Investor,
  InvestorInput,
  InvestorsQuery,
  RelationshipInput,
} from '../../../contract/investors/investors.js';
import type { Db } from '../../db/client.js';
import { investorFacets, investors } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import {
  InvestorSourceError,
  type DiscoveredInvestor,
  type InvestorSource,
} from '../../adapters/investors/types.js';
import { normaliseProfileUrl } from './profile-url.js';
import { isUuid } from '../../db/ids.js';
import { csvSourceId } from './csv.js';

export const INVESTOR_EXPORT_LIMIT = 10_000;
type Source = Investor['source'];
type Row = typeof investors.$inferSelect;

const toInvestor = ({
  searchText: _s,
  sourceId: _id,
  createdAt: _c,
  updatedAt: _u,
  nextFollowUpOn,
  ...rest
}: Row): Investor => ({
  ...rest,
  nextFollowUp: nextFollowUpOn,
});

/** What the search box matches: name, firm and expertise, in lower case. */
const searchTextOf = (i: { name: string; firm?: string | null; expertise?: string[] }) =>
  [i.name, i.firm ?? '', ...(i.expertise ?? [])].join(' ').toLowerCase();

/** Word prefixes, all required: 'sea cap' finds 'Seaside Capital'. Only letters and digits reach the query. */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return undefined;
  return sql`to_tsvector('simple', ${investors.searchText}) @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
}

/** The facet keys an investor answers to: each stage, each industry, and each stage + industry pair. */
function facetsOf(stages: string[], industries: string[]): string[] {
  return [
    ...stages.map((s) => `stage:${s}`),
    ...industries.map((i) => `industry:${i}`),
    ...stages.flatMap((s) => industries.map((i) => `stage:${s}|industry:${i}`)),
  ];
}

function facetKey(query: Pick<InvestorsQuery, 'investmentStage' | 'industry'>): string | null {
  const parts = [
    query.investmentStage && `stage:${query.investmentStage}`,
    query.industry && `industry:${query.industry}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('|') : null;
}

async function writeFacets(
  db: Db,
  rows: { id: string; name: string; stages: string[]; industries: string[] }[],
): Promise<void> {
  const facetRows = rows.flatMap((r) =>
    facetsOf(r.stages, r.industries).map((facet) => ({ investorId: r.id, facet, name: r.name })),
  );
  for (let i = 0; i < facetRows.length; i += 2000)
    await db.insert(investorFacets).values(facetRows.slice(i, i + 2000));
}

async function replaceFacets(
  db: Db,
  row: { id: string; name: string; stages: string[]; industries: string[] },
): Promise<void> {
  await db.delete(investorFacets).where(eq(investorFacets.investorId, row.id));
  await writeFacets(db, [row]);
}

function filters(
  query: Pick<InvestorsQuery, 'search' | 'investmentStage' | 'industry'>,
): SQL | undefined {
  return and(
    searchCondition(query.search),
    query.investmentStage
      ? sql`${investors.stages} @> array[${query.investmentStage}]::text[]`
      : undefined,
    query.industry ? sql`${investors.industries} @> array[${query.industry}]::text[]` : undefined,
  );
}

function values(input: InvestorInput, source: Source, sourceId: string | null) {
  return {
    name: input.name,
    title: input.title ?? null,
    firm: input.firm ?? null,
    location: input.location ?? null,
    profilePhoto: input.profilePhoto ?? null,
    linkedinUrl: normaliseProfileUrl(input.linkedinUrl),
    email: input.email ?? null,
    linkedinConnections: input.linkedinConnections ?? null,
    networkValue: input.networkValue ?? null,
    expertise: input.expertise,
    portfolioCompanies: input.portfolioCompanies,
    investmentRange: input.investmentRange ?? null,
    portfolioSize: input.portfolioSize ?? null,
    stages: input.stages,
    industries: input.industries,
    searchText: searchTextOf(input),
    source,
    sourceId,
  };
}

/** Stores rows that are new (with their facets); a known profile URL or source id is left as it is. */
export async function storeInvestorRows(
  db: Db,
  rows: ReturnType<typeof values>[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(investors)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing()
        .returning({
          id: investors.id,
          name: investors.name,
          stages: investors.stages,
          industries: investors.industries,
        });
      await writeFacets(tx, inserted);
      added += inserted.length;
    });
  }
  return added;
}

const DUPLICATE = 'An investor with this profile URL is already in the directory.';

export function createInvestorService(db: Db, source: InvestorSource) {
  async function find(id: string): Promise<Row> {
    const [row] = isUuid(id) ? await db.select().from(investors).where(eq(investors.id, id)) : [];
    if (!row) throw new HttpError(404, 'This investor does not exist (any more).');
    return row;
  }
  async function assertUniqueProfile(url: string | null, exceptId?: string) {
    if (!url) return;
    const [other] = await db
      .select({ id: investors.id })
      .from(investors)
      .where(eq(investors.linkedinUrl, url));
    if (other && other.id !== exceptId)
      throw new HttpError(409, DUPLICATE, [{ field: 'linkedinUrl', message: DUPLICATE }]);
  }

  return {
    /**
     * A stable order (name, then id), so offset paging never skips or repeats. Filters alone read
     * one ordered range of investor_facets; a search finds its matches through the text index
     * first and sorts them (the planner would otherwise walk the name index hoping to meet a page
     * of matches early, and read the whole table for a rare one; figures in bench:investors).
     */
    async list(query: InvestorsQuery): Promise<Investor[]> {
      const key = facetKey(query);
      let ids: string[];
      if (!query.search?.trim() || !searchCondition(query.search)) {
        if (!key)
          return (
            await db
              .select()
              .from(investors)
              .orderBy(asc(investors.name), asc(investors.id))
              .offset(query.offset)
              .limit(query.limit)
          ).map(toInvestor);
        const page = await db
          .select({ id: investorFacets.investorId })
          .from(investorFacets)
          .where(eq(investorFacets.facet, key))
          .orderBy(asc(investorFacets.name), asc(investorFacets.investorId))
          .offset(query.offset)
          .limit(query.limit);
        ids = page.map((r) => r.id);
      } else {
        const page = await db.execute<{ id: string }>(sql`
          with matching as materialized (select ${investors.id} as id, ${investors.name} as name from ${investors} where ${filters(query)})
          select id from matching order by name, id offset ${query.offset} limit ${query.limit}`);
        ids = (page as { rows: { id: string }[] }).rows.map((r) => r.id);
      }
      if (ids.length === 0) return [];
      const rows = await db.select().from(investors).where(inArray(investors.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => toInvestor(byId.get(id)!));
    },

    async all(
      query: Pick<InvestorsQuery, 'search' | 'investmentStage' | 'industry'>,
    ): Promise<Investor[]> {
      const rows = await db
        .select()
        .from(investors)
        .where(filters(query))
        .orderBy(asc(investors.name), asc(investors.id))
        .limit(INVESTOR_EXPORT_LIMIT);
      return rows.map(toInvestor);
    },

    async add(input: InvestorInput): Promise<Investor> {
      const row = values(input, 'manual', null);
      await assertUniqueProfile(row.linkedinUrl);
      const created = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(investors).values(row).returning();
        await writeFacets(tx, [inserted!]);
        return inserted!;
      });
      return toInvestor(created);
    },

    async update(id: string, input: InvestorInput): Promise<Investor> {
      const existing = await find(id);
      const row = values(input, existing.source, existing.sourceId);
      await assertUniqueProfile(row.linkedinUrl, id);
      const updated = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(investors)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(investors.id, id))
          .returning();
        await replaceFacets(tx, changed!);
        return changed!;
      });
      return toInvestor(updated);
    },

    /** The pipeline fields only: an edit of the profile, a re-import or a discovery never touches them. */
    async updateRelationship(id: string, patch: RelationshipInput): Promise<Investor> {
      await find(id);
      const [changed] = await db
        .update(investors)
        .set({
          ...(patch.status ? { relationshipStatus: patch.status } : {}),
          ...(patch.notes !== undefined ? { relationshipNotes: patch.notes } : {}),
          ...(patch.introducer !== undefined ? { introducer: patch.introducer } : {}),
          ...(patch.nextFollowUp !== undefined ? { nextFollowUpOn: patch.nextFollowUp } : {}),
          updatedAt: new Date(),
        })
        .where(eq(investors.id, id))
        .returning();
      return toInvestor(changed!);
    },

    async remove(id: string): Promise<Investor> {
      const row = await find(id);
      await db.delete(investors).where(eq(investors.id, id));
      return toInvestor(row);
    },

    /** Adds what the source knows and we do not (by profile URL, else by source id); answers how many. */
    async discover(): Promise<number> {
      let found: DiscoveredInvestor[];
      try {
        found = await source.discover();
      } catch (error) {
        if (error instanceof InvestorSourceError) throw new HttpError(502, error.message);
        throw error;
      }
      return this.store(found.map((f) => values(f, source.name, f.sourceId)));
    },

    store: (rows: ReturnType<typeof values>[]) => storeInvestorRows(db, rows),

    /** A CSV import: rows with a known profile URL update that investor; the others are added. */
    async import(rows: InvestorInput[]): Promise<{ added: number; updated: number }> {
      let added = 0;
      let updated = 0;
      await db.transaction(async (tx) => {
        for (const input of rows) {
          const row = values(input, 'csv', csvSourceId(input));
          const [known] = row.linkedinUrl
            ? await tx
                .select({ id: investors.id })
                .from(investors)
                .where(eq(investors.linkedinUrl, row.linkedinUrl))
            : [];
          if (known) {
            const { source: _source, sourceId: _sourceId, ...changes } = row;
            await tx
              .update(investors)
              .set({ ...changes, updatedAt: new Date() })
              .where(eq(investors.id, known.id));
            await replaceFacets(tx, { ...row, id: known.id });
            updated++;
          } else {
            const inserted = await tx
              .insert(investors)
              .values(row)
              .onConflictDoNothing()
              .returning({
                id: investors.id,
                name: investors.name,
                stages: investors.stages,
                industries: investors.industries,
              });
            await writeFacets(tx, inserted);
            added += inserted.length;
          }
        }
      });
      return { added, updated };
    },
  };
}
export type InvestorService = ReturnType<typeof createInvestorService>;
export { values as investorValues };
