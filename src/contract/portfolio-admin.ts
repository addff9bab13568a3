import type * as z from 'zod/mini';
import type { portfolioInput } from './applications.js';
import type { Endpoint } from './endpoint.js';
import type { PortfolioItem } from './portfolio.js';

// Kept apart from portfolio.ts: the landing page imports that one, and these would add to its first load.

/** What the browser sends for a portfolio item: blank optional values left out. */
export type PortfolioPayload = z.input<typeof portfolioInput>;

// Employees only.
export const createPortfolioItem: Endpoint<PortfolioItem, PortfolioPayload> = {
  method: 'POST',
  path: '/api/portfolio',
};
export const updatePortfolioItem: Endpoint<PortfolioItem, PortfolioPayload> = {
  method: 'PUT',
  path: '/api/portfolio/:id',
};
export const deletePortfolioItem: Endpoint<undefined> = {
  method: 'DELETE',
  path: '/api/portfolio/:id',
};
