import type { Endpoint } from '../lib/endpoint.js';

export interface PortfolioItem {
  id: number;
  websiteName: string;
  websiteUrl: string;
  logoUrl: string | null;
  description: string | null;
  /** The description in Spanish; null: the English one, marked lang="en" (docs/decisions/033). */
  descriptionEs: string | null;
}

/** The portfolio the landing page shows (the admin area's endpoints are in portfolio-admin.ts). */
export const listPortfolio: Endpoint<PortfolioItem[]> = { method: 'GET', path: '/api/portfolio' };
