import { asc } from 'drizzle-orm';
import type { PortfolioItem } from '../../../contract/portfolio.js';
import type { Db } from '../../db/client.js';
import { portfolioItems } from '../../db/schema.js';

export async function listPortfolio(db: Db): Promise<PortfolioItem[]> {
  return db
    .select({
      id: portfolioItems.id,
      websiteName: portfolioItems.websiteName,
      websiteUrl: portfolioItems.websiteUrl,
      logoUrl: portfolioItems.logoUrl,
      description: portfolioItems.description,
    })
    .from(portfolioItems)
    .orderBy(asc(portfolioItems.createdAt), asc(portfolioItems.id));
}
