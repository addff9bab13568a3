import { asc, eq } from 'drizzle-orm';
import type { PortfolioInput } from '../../../contract/portfolio/admin.js';
import type { PortfolioItem } from '../../../contract/portfolio/portfolio.js';
import type { Db } from '../../db/client.js';
import { portfolioItems } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { isSerialId } from '../../db/ids.js';
import { createCachedJson } from '../../lib/cached-json.js';

const COLUMNS = {
  id: portfolioItems.id,
  websiteName: portfolioItems.websiteName,
  websiteUrl: portfolioItems.websiteUrl,
  logoUrl: portfolioItems.logoUrl,
  description: portfolioItems.description,
  descriptionEs: portfolioItems.descriptionEs,
};

export async function listPortfolio(db: Db): Promise<PortfolioItem[]> {
  return db
    .select(COLUMNS)
    .from(portfolioItems)
    .orderBy(asc(portfolioItems.createdAt), asc(portfolioItems.id));
}

/** The portfolio the landing page shows (and the server renders into it): cached and serialised. */
export function createPortfolioShowcase(db: Db, ttlMs = 5_000) {
  return createCachedJson(() => listPortfolio(db), ttlMs);
}
export type PortfolioShowcase = ReturnType<typeof createPortfolioShowcase>;

/** Employees add, edit and delete the client websites the landing page shows. */
export function createPortfolioService(db: Db, checkLogo: (url: string) => Promise<string>) {
  /** A logo that is already the item's own (a demo logo, an earlier upload) is kept unchecked. */
  async function values(input: PortfolioInput, currentLogo: string | null = null) {
    return {
      websiteName: input.websiteName,
      websiteUrl: input.websiteUrl,
      description: input.description ?? null,
      descriptionEs: input.descriptionEs ?? null,
      logoUrl: !input.logoUrl
        ? null
        : input.logoUrl === currentLogo
          ? currentLogo
          : await checkLogo(input.logoUrl),
    };
  }
  const missing = () => new HttpError(404, 'This portfolio item does not exist (any more).');

  return {
    async create(input: PortfolioInput): Promise<PortfolioItem> {
      const [row] = await db
        .insert(portfolioItems)
        .values(await values(input))
        .returning(COLUMNS);
      return row!;
    },
    async update(id: number, input: PortfolioInput): Promise<PortfolioItem> {
      if (!isSerialId(id)) throw missing();
      const [existing] = await db
        .select({ logoUrl: portfolioItems.logoUrl })
        .from(portfolioItems)
        .where(eq(portfolioItems.id, id));
      if (!existing) throw missing();
      const [row] = await db
        .update(portfolioItems)
        .set(await values(input, existing.logoUrl))
        .where(eq(portfolioItems.id, id))
        .returning(COLUMNS);
      if (!row) throw missing();
      return row;
    },
    async remove(id: number): Promise<PortfolioItem> {
      if (!isSerialId(id)) throw missing();
      const [row] = await db
        .delete(portfolioItems)
        .where(eq(portfolioItems.id, id))
        .returning(COLUMNS);
      if (!row) throw missing();
      return row;
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
